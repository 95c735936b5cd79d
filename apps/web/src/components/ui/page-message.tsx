import type { ReactNode } from 'react';
import './ui.css';

/** A whole-page message: loading, error, not found, coming soon. */
export function PageMessage({
  title,
  text,
  action,
  role,
  level = 1,
}: {
  title: string;
  /** 2 when the page already has its h1 (a screen whose title the header shows). */
  level?: 1 | 2;
  text?: string;
  action?: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <section className="ui-page-message" role={role}>
      {level === 1 ? <h1>{title}</h1> : <h2>{title}</h2>}
      {text && <p>{text}</p>}
      {action}
    </section>
  );
}
