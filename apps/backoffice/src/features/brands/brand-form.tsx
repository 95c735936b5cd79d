import type { FormEvent, ReactNode } from 'react';
import { LOCALES, type Locale } from '@sb/contract';
import { LINK_KEYS, type BrandForm } from './brand-form-state';
import type { BrandsTexts } from './brands-texts';
import { ThemePreview } from './theme-preview';

const CURRENCIES = ['TRY', 'EUR', 'USD', 'GBP'];
const TIME_ZONES = ['Europe/Istanbul', 'Europe/London', 'Europe/Berlin', 'UTC'];

/** The brand's settings, with the preview of its theme beside them. */
export function BrandFormView({
  bt,
  form,
  onForm,
  onSubmit,
  onCancel,
  busy,
  creating,
}: {
  bt: BrandsTexts;
  form: BrandForm;
  onForm: (next: BrandForm) => void;
  onSubmit: () => void;
  onCancel: () => void;
  busy: boolean;
  creating: boolean;
}) {
  const set = <K extends keyof BrandForm>(key: K, value: BrandForm[K]) => onForm({ ...form, [key]: value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const toggleLocale = (l: Locale, on: boolean) =>
    set(
      'locales',
      on ? LOCALES.filter((x) => x === l || form.locales.includes(x)) : form.locales.filter((x) => x !== l),
    );
  const check = (
    key: 'casinoLinks' | 'casino' | 'crash' | 'virtualSports' | 'resultsTile',
    label: string,
  ) => (
    <label className="check">
      <input type="checkbox" name={key} checked={form[key]} onChange={(e) => set(key, e.target.checked)} />
      {label}
    </label>
  );
  return (
    <div className="brand-editor">
      <form className="brand-form" onSubmit={submit} data-testid="brand-form">
        <Group title={creating ? bt.creating : bt.editing(form.name)}>
          <label>
            {bt.name}
            <input name="name" value={form.name} onChange={(e) => set('name', e.target.value)} required />
          </label>
          <label>
            {bt.hostnames}
            <textarea
              name="hostnames"
              rows={2}
              value={form.hostnames}
              onChange={(e) => set('hostnames', e.target.value)}
            />
            <small>{bt.hostnamesHint}</small>
          </label>
          <label>
            {bt.defaultLocale}
            <select
              name="defaultLocale"
              value={form.defaultLocale}
              onChange={(e) => set('defaultLocale', e.target.value as Locale)}
            >
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {bt.languages[l]}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>{bt.locales}</legend>
            {LOCALES.map((l) => (
              <label className="check" key={l}>
                <input
                  type="checkbox"
                  name={`locale-${l}`}
                  checked={form.locales.includes(l)}
                  onChange={(e) => toggleLocale(l, e.target.checked)}
                />
                {bt.languages[l]}
              </label>
            ))}
          </fieldset>
        </Group>
        <Group title={bt.theme}>
          {(['primary', 'accent'] as const).map((key) => (
            <label key={key}>
              {bt[key]}
              <span className="colour">
                <input type="color" value={form[key]} onChange={(e) => set(key, e.target.value)} />
                <input name={key} value={form[key]} onChange={(e) => set(key, e.target.value)} />
              </span>
            </label>
          ))}
          <fieldset>
            <legend>{bt.scheme}</legend>
            {(['dark', 'light'] as const).map((s) => (
              <label className="check" key={s}>
                <input
                  type="radio"
                  name="scheme"
                  checked={form.scheme === s}
                  onChange={() => set('scheme', s)}
                />
                {bt[s]}
              </label>
            ))}
          </fieldset>
          <label>
            {bt.logoUrl}
            <input name="logoUrl" value={form.logoUrl} onChange={(e) => set('logoUrl', e.target.value)} />
          </label>
          <label>
            {bt.homeVariant}
            <select
              name="homeVariant"
              value={form.homeVariant}
              onChange={(e) => set('homeVariant', e.target.value === '2' ? 2 : 1)}
            >
              <option value="1">{bt.variant(1)}</option>
              <option value="2">{bt.variant(2)}</option>
            </select>
          </label>
        </Group>
        <Group title={bt.features}>
          {check('casino', bt.casino)}
          {check('crash', bt.crash)}
          {check('virtualSports', bt.virtualSports)}
          {check('casinoLinks', bt.casinoLinks)}
          {check('resultsTile', bt.resultsTile)}
          <label>
            {bt.cashback}
            <input
              name="cashback"
              inputMode="decimal"
              value={form.cashbackPercent}
              onChange={(e) => set('cashbackPercent', e.target.value)}
            />
          </label>
          <label>
            {bt.maxWagering}
            <input
              name="maxWagering"
              inputMode="numeric"
              placeholder="10"
              value={form.maxWagering}
              onChange={(e) => set('maxWagering', e.target.value)}
            />
          </label>
          <label>
            {bt.maxExpiryDays}
            <input
              name="maxExpiryDays"
              inputMode="numeric"
              placeholder="90"
              value={form.maxExpiryDays}
              onChange={(e) => set('maxExpiryDays', e.target.value)}
            />
          </label>
        </Group>
        <Group title={bt.links}>
          {LINK_KEYS.map((k) => (
            <label key={k}>
              {bt[k]}
              <input
                name={`link-${k}`}
                value={form.links[k]}
                placeholder="https://…"
                onChange={(e) => set('links', { ...form.links, [k]: e.target.value })}
              />
            </label>
          ))}
          <small>{bt.linkHint}</small>
        </Group>
        <Group title={bt.defaults}>
          {(
            [
              ['currencyIso', bt.currency, CURRENCIES],
              ['timeZone', bt.timeZone, TIME_ZONES],
            ] as const
          ).map(([key, label, choices]) => (
            <label key={key}>
              {label}
              <input
                name={key}
                list={`brand-${key}`}
                value={form[key]}
                onChange={(e) => set(key, e.target.value)}
              />
              <datalist id={`brand-${key}`}>
                {choices.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </label>
          ))}
          <label>
            {bt.approvalAbove}
            <input
              name="approvalAbove"
              inputMode="decimal"
              value={form.approvalAbove}
              onChange={(e) => set('approvalAbove', e.target.value)}
            />
          </label>
        </Group>
        <div className="actions">
          <button className="primary" type="submit" disabled={busy}>
            {creating ? bt.create : bt.save}
          </button>
          <button type="button" onClick={onCancel} disabled={busy}>
            {bt.cancel}
          </button>
        </div>
      </form>
      <ThemePreview
        bt={bt}
        name={form.name}
        choice={{
          primary: /^#[0-9a-f]{6}$/i.test(form.primary) ? form.primary : '#000000',
          accent: /^#[0-9a-f]{6}$/i.test(form.accent) ? form.accent : '#000000',
          scheme: form.scheme,
          logoUrl: form.logoUrl || undefined,
          name: form.name,
        }}
      />
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="brand-group">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}
