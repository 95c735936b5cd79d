import type { ReactNode } from 'react';
import { LOCALES, type Locale } from '@sb/contract';
import { LINK_KEYS, type BrandForm } from './brand-form-state';
import type { BrandsTexts } from './brands-texts';

const CURRENCIES = ['TRY', 'EUR', 'USD', 'GBP'];
const TIME_ZONES = ['Europe/Istanbul', 'Europe/London', 'Europe/Berlin', 'UTC'];

/** Sets one field of the form. */
export type SetBrandField = <K extends keyof BrandForm>(key: K, value: BrandForm[K]) => void;
type GroupProps = { bt: BrandsTexts; form: BrandForm; set: SetBrandField };

/** The brand's name, host names and languages (the default one offered). */
export function IdentityGroup({ bt, form, set, creating }: GroupProps & { creating: boolean }) {
  const toggleLocale = (l: Locale, on: boolean) =>
    set(
      'locales',
      on ? LOCALES.filter((x) => x === l || form.locales.includes(x)) : form.locales.filter((x) => x !== l),
    );
  return (
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
  );
}

/** The theme: colours, scheme, logo and home page variant. */
export function ThemeGroup({ bt, form, set, logo }: GroupProps & { logo: ReactNode }) {
  return (
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
            <input type="radio" name="scheme" checked={form.scheme === s} onChange={() => set('scheme', s)} />
            {bt[s]}
          </label>
        ))}
      </fieldset>
      {logo}
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
  );
}

/** What the brand offers, and its bonus rules. */
export function FeaturesGroup({ bt, form, set }: GroupProps) {
  const check = (
    key: 'casinoLinks' | 'casino' | 'crash' | 'virtualSports' | 'resultsTile',
    label: string,
  ) => (
    <label className="check">
      <input type="checkbox" name={key} checked={form[key]} onChange={(e) => set(key, e.target.checked)} />
      {label}
    </label>
  );
  /** A number kept as typed (brand-form-state parses it); the placeholder is the rule's default when left empty. */
  const numberField = (
    key: 'cashbackPercent' | 'maxWagering' | 'maxExpiryDays',
    name: string,
    label: string,
    inputMode: 'decimal' | 'numeric',
    placeholder?: string,
  ) => (
    <label>
      {label}
      <input
        name={name}
        inputMode={inputMode}
        placeholder={placeholder}
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </label>
  );
  return (
    <Group title={bt.features}>
      {check('casino', bt.casino)}
      {check('crash', bt.crash)}
      {check('virtualSports', bt.virtualSports)}
      {check('casinoLinks', bt.casinoLinks)}
      {check('resultsTile', bt.resultsTile)}
      {numberField('cashbackPercent', 'cashback', bt.cashback, 'decimal')}
      {numberField('maxWagering', 'maxWagering', bt.maxWagering, 'numeric', '10')}
      {numberField('maxExpiryDays', 'maxExpiryDays', bt.maxExpiryDays, 'numeric', '90')}
    </Group>
  );
}

/** The footer's links. */
export function LinksGroup({ bt, form, set }: GroupProps) {
  return (
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
  );
}

/** Currency, time zone and the adjustments' approval threshold. */
export function DefaultsGroup({ bt, form, set }: GroupProps) {
  return (
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
