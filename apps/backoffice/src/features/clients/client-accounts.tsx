import { useRef, useState, type FormEvent } from 'react';
import type { OpsClientCreated, OpsSetupLink } from '@sb/contract';
import { ApiError } from '../../api';
import type { Me } from '../../app/me';
import { errorText } from '../../app/error-text';
import { dateTime } from '../../app/format';
import { may } from '../../app/may';
import { BrandSelect, usePickLists } from '../../components/brand-select';
import type { Lang } from '../../i18n';
import { createClient, resetClientPassword } from './api/clients-api';
import { ACCOUNT_TEXTS, type AccountTexts } from './accounts-texts';

/** Who may make clients and reset their passwords (the server decides; the desk only does not offer the rest). */
export const mayManageAccounts = (me: Me) => may(me, 'accounts');

/** A refusal as the field it names and a sentence (the form's own words for its fields, else the desk's). */
function refusal(lang: Lang, at: AccountTexts, e: unknown): { field: string | null; text: string } {
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

const CURRENCIES = ['TRY', 'EUR', 'USD', 'GBP'] as const;
const EMPTY = { username: '', email: '', firstName: '', lastName: '', brand: '', currency: '' };

/**
 * "New client" (issue 35 §2): username, e-mail, names, the brand (an all-brands operator picks one) and the
 * currency (default the brand's). No password: the answer's one-time link is shown once, with a copy button.
 */
export function NewClientForm({
  lang,
  me,
  onClient,
}: {
  lang: Lang;
  me: Me;
  onClient: (id: number) => void;
}) {
  const at = ACCOUNT_TEXTS[lang];
  const lists = usePickLists();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  // The refusal itself: its sentence is made at each draw, so it follows the desk's language.
  const [refused, setRefused] = useState<unknown>(null);
  const failed = refused === null ? null : refusal(lang, at, refused);
  const [created, setCreated] = useState<OpsClientCreated | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setRefused(null);
    const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());
    try {
      const done = await createClient({
        username: form.username.trim(),
        email: optional(form.email),
        firstName: optional(form.firstName),
        lastName: optional(form.lastName),
        brandId: me.brandId === null && form.brand ? Number(form.brand) : undefined,
        currency: optional(form.currency),
      });
      setCreated(done);
      setForm(EMPTY);
    } catch (err) {
      setRefused(err);
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (field: string) =>
    failed?.field === field ? (
      <span className="field-error" role="alert" data-field-error={field}>
        {failed.text}
      </span>
    ) : null;
  const text = (key: 'username' | 'email' | 'firstName' | 'lastName', label: string, auto?: string) => (
    <label>
      {label}
      <input
        name={key}
        value={form[key]}
        autoComplete={auto ?? 'off'}
        aria-invalid={failed?.field === key ? true : undefined}
        onChange={(e) => set(key)(e.target.value)}
        ref={key === 'username' ? first : undefined}
        autoFocus={key === 'username'}
      />
      {fieldError(key)}
    </label>
  );

  if (!open)
    return (
      <button type="button" className="primary new-client__open" onClick={() => setOpen(true)}>
        {at.newClient}
      </button>
    );
  return (
    <section className="panel new-client" data-testid="new-client">
      <h3>{at.newClientTitle}</h3>
      <p className="status">{at.newClientHint}</p>
      <form className="filters" onSubmit={(e) => void submit(e)} noValidate>
        {text('username', at.username)}
        {text('email', at.email, 'off')}
        {text('firstName', at.firstName)}
        {text('lastName', at.lastName)}
        {me.brandId === null && (
          <span>
            <BrandSelect
              label={at.brand}
              name="brandId"
              value={form.brand}
              onChange={set('brand')}
              brands={lists.brands}
            />
            {fieldError('brandId')}
          </span>
        )}
        <label>
          {at.currency}
          <select name="currency" value={form.currency} onChange={(e) => set('currency')(e.target.value)}>
            <option value="">{at.brandCurrency}</option>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {fieldError('currency')}
        </label>
        <button className="primary" type="submit" disabled={busy}>
          {at.create}
        </button>
        <button
          type="button"
          onClick={() => {
            setOpen(false);
            setCreated(null);
            setRefused(null);
          }}
        >
          {at.cancel}
        </button>
      </form>
      {failed && failed.field === null && (
        <div className="error" role="alert">
          {failed.text}
        </div>
      )}
      {created && (
        <div className="notice" role="status" data-testid="client-created">
          <p>{at.created(created.username)}</p>
          <SetupLinkBox lang={lang} link={{ link: created.setupLink, expiresAt: created.setupExpiresAt }} />
          <button type="button" onClick={() => onClient(created.id)}>
            {at.openClient}
          </button>
        </div>
      )}
    </section>
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
