import { useRef, useState, type FormEvent } from 'react';
import type { OpsSetupLink } from '@sb/contract';
import { ApiError } from '../../api';
import type { Me } from '../../app/me';
import { errorText } from '../../app/error-text';
import { dateTime } from '../../app/format';
import { may } from '../../app/may';
import type { Lang } from '../../i18n';
import { resetClientPassword } from './api/clients-api';
import { ACCOUNT_TEXTS, type AccountTexts } from './accounts-texts';

/** Who may make clients and reset their passwords (the server decides; the desk only does not offer the rest). */
export const mayManageAccounts = (me: Me) => may(me, 'accounts');

/** A refusal as the field it names and a sentence (the form's own words for its fields, else the desk's). */
export function refusal(lang: Lang, at: AccountTexts, e: unknown): { field: string | null; text: string } {
  if (e instanceof ApiError && at.errors[e.code]) return { field: e.field ?? null, text: at.errors[e.code]! };
  if (e instanceof ApiError && e.status === 400 && e.field)
    return { field: e.field, text: at.errors[e.field] ?? e.message };
  return { field: null, text: errorText(lang, e) };
}

/** The one-time link, shown once: read-only, selected on focus, with a copy button. */
export function SetupLinkBox({ lang, link }: { lang: Lang; link: OpsSetupLink }) {
  const at = ACCOUNT_TEXTS[lang];
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.link);
      setCopied('yes');
    } catch {
      input.current?.select();
      setCopied('no');
    }
  };
  return (
    <div className="setup-link" data-testid="setup-link">
      <strong>{at.linkTitle}</strong>
      <p className="status">{at.linkOnce(dateTime(lang, link.expiresAt))}</p>
      <div className="setup-link__row">
        <input
          ref={input}
          readOnly
          aria-label={at.linkTitle}
          name="setupLink"
          value={link.link}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="primary" onClick={() => void copy()}>
          {copied === 'yes' ? at.copied : at.copy}
        </button>
      </div>
      {copied === 'no' && <p className="status">{at.copyFailed}</p>}
    </div>
  );
}

/** On the client 360: reset the password with a reason; the one-time link is shown once. */
export function ResetPasswordPanel({ lang, me, clientId }: { lang: Lang; me: Me; clientId: number }) {
  const at = ACCOUNT_TEXTS[lang];
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<unknown>(null);
  const [link, setLink] = useState<OpsSetupLink | null>(null);
  if (!mayManageAccounts(me)) return null;
  const failed = refused === null ? null : refusal(lang, at, refused).text;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (reason.trim().length < 3) return setRefused(new ApiError(400, 'validation', '', 'reason'));
    setBusy(true);
    setRefused(null);
    try {
      setLink(await resetClientPassword(clientId, reason.trim()));
      setReason('');
    } catch (err) {
      setRefused(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel" data-testid="client-password">
      <h3>{at.resetTitle}</h3>
      <p className="status">{at.resetHint}</p>
      <form className="filters" onSubmit={(e) => void submit(e)}>
        <label className="wide">
          {at.reason}
          <input name="resetReason" value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        <button className="danger" type="submit" disabled={busy}>
          {at.reset}
        </button>
      </form>
      {failed && (
        <div className="error" role="alert">
          {failed}
        </div>
      )}
      {link && (
        <div className="notice" role="status">
          <p>{at.resetDone}</p>
          <SetupLinkBox lang={lang} link={link} />
        </div>
      )}
    </section>
  );
}
