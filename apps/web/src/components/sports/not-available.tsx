import { Link } from '@/components/ui/link';
import { PageMessage } from '@/components/ui/page-message';
import './sports.css';

/** A clear message for a bad or unknown id in the address, with a way back (never a blank page). */
export function NotAvailable({
  title,
  text,
  backTo,
  backLabel,
}: {
  title: string;
  text?: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div data-testid="not-available">
      <PageMessage
        title={title}
        text={text}
        role="alert"
        action={
          <Link className="ui-button ui-button--secondary not-available__back" to={backTo}>
            {backLabel}
          </Link>
        }
      />
    </div>
  );
}
