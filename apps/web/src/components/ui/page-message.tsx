import type { ReactNode } from 'react';
import './ui.css';

/** A whole-page message: loading, error, not found, coming soon. */
export function PageMessage({
  title,
  text,
  action,
  role,
}: {
  title: string;
  text?: string;
  action?: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <section className="ui-page-message" role={role}>
      <h1>{title}</h1>
      {text && <p>{text}</p>}
      {action}
    </section>
  );
}
