import { useMemo, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { type FormEncoding, type FormOutcome, useSubmitServerForm } from '../api/submit-form';
import { sanitizeFormHtml } from './sanitize-form-html';
import './account.css';

/** The server's own success notice in the returned form (then the web adds none: one message, not two). */
const SERVER_SUCCESS = /class="[^"]*\balert-success\b/;

/**
 * Renders a server-supplied form (sanitised) and submits it as the form says, to its action.
 * The answer replaces the form: 200 with the success message, 400 with the errors the server marked.
 */
export function ServerForm({
  html,
  encoding,
  onResult,
  result,
}: {
  html: string;
  encoding: FormEncoding;
  result: FormOutcome | null;
  onResult: (outcome: FormOutcome) => void;
}) {
  const { t } = useTranslation();
  const submit = useSubmitServerForm(encoding);
  const shown = result?.html ?? html;
  const safe = useMemo(() => ({ __html: sanitizeFormHtml(shown) }), [shown]);

  const onSubmit = (event: FormEvent<HTMLDivElement>) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    submit.mutate(form, { onSuccess: (outcome) => onResult(outcome) });
  };

  return (
    <div className="server-form">
      {result?.ok && !SERVER_SUCCESS.test(result.html) && (
        <p role="status" className="notice notice--success">
          {t('processing.success')}
        </p>
      )}
      {submit.isError && (
        <p role="alert" className="notice notice--error">
          {t('error.generic')}
        </p>
      )}
      <div
        className="server-form__body"
        onSubmit={onSubmit}
        aria-busy={submit.isPending}
        dangerouslySetInnerHTML={safe}
      />
    </div>
  );
}
