import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { OpsClientCreated, OpsPickLists } from '@sb/contract';
import type { Me } from '../../app/me';
import { BrandSelect, usePickLists } from '../../components/brand-select';
import type { Lang } from '../../i18n';
import { createClient } from './api/clients-api';
import { ACCOUNT_TEXTS, type AccountTexts } from './accounts-texts';
import { refusal, SetupLinkBox } from './client-accounts';

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
  const { form, set, busy, refused, setRefused, created, setCreated, submit } = useNewClient(me);
  const failed = refused === null ? null : refusal(lang, at, refused);

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
        <NewClientFields at={at} me={me} form={form} set={set} failed={failed} brands={lists.brands} />
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
      {created && <ClientCreated lang={lang} created={created} onClient={onClient} />}
    </section>
  );
}

/** The new client's fields as typed, and their submission: the client made, or the refusal (kept as it came). */
function useNewClient(me: Me) {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<unknown>(null);
  const [created, setCreated] = useState<OpsClientCreated | null>(null);
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
  return { form, set, busy, refused, setRefused, created, setCreated, submit };
}

type Failure = { field: string | null; text: string } | null;

/** The new client's fields: username, e-mail, names, brand (all-brands operators) and currency. */
function NewClientFields(props: {
  at: AccountTexts;
  me: Me;
  form: typeof EMPTY;
  set: (key: keyof typeof EMPTY) => (value: string) => void;
  failed: Failure;
  brands: OpsPickLists['brands'];
}) {
  const { at, me, form, set, failed, brands } = props;
  const first = useRef<HTMLInputElement>(null);

  const fieldError = (field: string) => <FieldError failed={failed} field={field} />;
  type TextKey = 'username' | 'email' | 'firstName' | 'lastName';
  const text = (key: TextKey, label: string, auto?: string) => (
    <ClientTextField
      name={key}
      label={label}
      auto={auto}
      value={form[key]}
      failed={failed}
      onChange={set(key)}
      first={first}
    />
  );

  return (
    <>
      {text('username', at.username)}
      {text('email', at.email, 'off')}
      {text('firstName', at.firstName)}
      {text('lastName', at.lastName)}
      {me.brandId === null && (
        <BrandField label={at.brand} value={form.brand} onChange={set('brand')} brands={brands}>
          {fieldError('brandId')}
        </BrandField>
      )}
      <CurrencyField at={at} value={form.currency} onChange={set('currency')}>
        {fieldError('currency')}
      </CurrencyField>
    </>
  );
}

/** A text field of the form, marked invalid with the refusal's words when the refusal names it. */
function ClientTextField(props: {
  name: string;
  label: string;
  auto?: string;
  value: string;
  failed: { field: string | null; text: string } | null;
  onChange: (value: string) => void;
  first: RefObject<HTMLInputElement | null>;
}) {
  const { name: key, label, auto, failed } = props;
  return (
    <label>
      {label}
      <input
        name={key}
        value={props.value}
        autoComplete={auto ?? 'off'}
        aria-invalid={failed?.field === key ? true : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        ref={key === 'username' ? props.first : undefined}
        autoFocus={key === 'username'}
      />
      <FieldError failed={failed} field={key} />
    </label>
  );
}

/** The brand of the new client (all-brands operators pick one). */
function BrandField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  brands: OpsPickLists['brands'];
  children: ReactNode;
}) {
  return (
    <span>
      <BrandSelect
        label={props.label}
        name="brandId"
        value={props.value}
        onChange={props.onChange}
        brands={props.brands}
      />
      {props.children}
    </span>
  );
}

function FieldError({
  failed,
  field,
}: {
  failed: { field: string | null; text: string } | null;
  field: string;
}) {
  return failed?.field === field ? (
    <span className="field-error" role="alert" data-field-error={field}>
      {failed.text}
    </span>
  ) : null;
}

function CurrencyField(props: {
  at: AccountTexts;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const { at } = props;
  return (
    <label>
      {at.currency}
      <select name="currency" value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{at.brandCurrency}</option>
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      {props.children}
    </label>
  );
}

/** The client just made, the one-time link and the way to the client. */
function ClientCreated(props: { lang: Lang; created: OpsClientCreated; onClient: (id: number) => void }) {
  const { lang, created, onClient } = props;
  const at = ACCOUNT_TEXTS[lang];
  return (
    <div className="notice" role="status" data-testid="client-created">
      <p>{at.created(created.username)}</p>
      <SetupLinkBox lang={lang} link={{ link: created.setupLink, expiresAt: created.setupExpiresAt }} />
      <button type="button" onClick={() => onClient(created.id)}>
        {at.openClient}
      </button>
    </div>
  );
}
