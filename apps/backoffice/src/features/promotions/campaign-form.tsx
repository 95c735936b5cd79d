import { useState, type FormEvent } from 'react';
import { OPS_RISK_LABELS, type Campaign, type CampaignCreate } from '@sb/contract';
import type { Me } from '../../app/me';
import type { Lang } from '../../i18n';
import type { PromotionsTexts } from './promotions-texts';
import { SelectionPicker, type PickedSelection } from './selection-picker';

const DAY_MS = 86_400_000;
/** A `datetime-local` value of an instant, in the operator's own zone. */
const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/** The kinds the server's terms validator accepts, in the order the desk offers them. */
export const FORM_KINDS = ['free_bet', 'bonus', 'profit_boost', 'odds_boost', 'acca_insurance'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** How a terms field is typed: money (major units typed, minor units sent), decimal odds, or a whole number. */
type FieldType = 'money' | 'odds' | 'int';
export const TERM_FIELDS = {
  amount: { type: 'money', initial: '10.00' },
  maxBoost: { type: 'money', initial: '50.00' },
  maxRefund: { type: 'money', initial: '25.00' },
  percent: { type: 'int', initial: '25' },
  wagering: { type: 'int', initial: '5' },
  minLegs: { type: 'int', initial: '3' },
  minOdds: { type: 'odds', initial: '1.50' },
  minLegOdds: { type: 'odds', initial: '1.20' },
  oddId: { type: 'int', initial: '' },
  boostedOdd: { type: 'odds', initial: '' },
  maxStake: { type: 'money', initial: '20.00' },
  expiresInDays: { type: 'int', initial: '7' },
} as const satisfies Record<string, { type: FieldType; initial: string }>;
export type TermField = keyof typeof TERM_FIELDS;

/** Each kind's terms fields (the server's `promotions.terms.ts` schemas, `product` always sport). */
export const FIELDS_OF: Record<FormKind, TermField[]> = {
  free_bet: ['amount', 'minOdds', 'expiresInDays'],
  bonus: ['amount', 'wagering', 'minOdds', 'expiresInDays'],
  profit_boost: ['percent', 'maxBoost', 'minLegs', 'minLegOdds', 'expiresInDays'],
  acca_insurance: ['maxRefund', 'minLegs', 'minLegOdds', 'expiresInDays'],
  odds_boost: ['oddId', 'boostedOdd', 'maxStake', 'expiresInDays'],
};

const initialTerms = () =>
  Object.fromEntries(Object.entries(TERM_FIELDS).map(([k, f]) => [k, f.initial])) as Record<
    TermField,
    string
  >;

/** A typed value as the server takes it (a comma is a decimal point too). */
function termValue(field: TermField, text: string): number {
  const n = Number(text.replace(',', '.').trim() || 'NaN');
  if (TERM_FIELDS[field].type === 'money') return Math.round(n * 100);
  return n;
}

/** The body of `POST /ops/v1/promotions` for what the form holds. */
export function campaignBody(
  kind: FormKind,
  brandId: number,
  name: string,
  values: Record<TermField, string>,
  window: { startsAt: string; endsAt: string },
  /** An odds boost's selection, picked by name: its id, and its name kept as the terms' description. */
  selection: PickedSelection | null = null,
  /** Who gets a granted kind without a grant by hand, and in which segment (a risk label; '' every client). */
  audience: Audience = { eligibility: 'grant', segment: '' },
): CampaignCreate {
  const terms: Record<string, unknown> = { product: 'sport' };
  for (const f of FIELDS_OF[kind]) terms[f] = f === 'oddId' ? selection?.oddId : termValue(f, values[f]);
  if (kind === 'odds_boost' && selection) terms.description = selection.name;
  if (kind !== 'odds_boost') {
    terms.eligibility = audience.eligibility;
    if (audience.eligibility !== 'grant' && audience.segment) terms.segments = [audience.segment];
  }
  return {
    kind,
    brandId,
    name,
    terms,
    startsAt: new Date(window.startsAt).toISOString(),
    endsAt: new Date(window.endsAt).toISOString(),
  };
}

/** Who gets the reward (the server's `terms.eligibility`) and, for the automatic ones, the segment. */
export const ELIGIBILITIES = ['grant', 'new_clients', 'opt_in'] as const;
export interface Audience {
  eligibility: (typeof ELIGIBILITIES)[number];
  segment: '' | (typeof OPS_RISK_LABELS)[number];
}

/** The create form: a kind, its terms fields, the campaign's window. `onCreate` answers the campaign made. */
export function CampaignForm({
  pt,
  lang,
  me,
  busy,
  onCreate,
}: {
  pt: PromotionsTexts;
  lang: Lang;
  me: Me;
  busy: boolean;
  onCreate: (body: CampaignCreate) => Promise<Campaign | null>;
}) {
  const blank = () => ({
    brandId: me.brandId === null ? '' : String(me.brandId),
    name: '',
    startsAt: localInput(Date.now()),
    endsAt: localInput(Date.now() + 30 * DAY_MS),
  });
  const [kind, setKind] = useState<FormKind>('free_bet');
  const [form, setForm] = useState(blank);
  const [values, setValues] = useState(initialTerms);
  const [selection, setSelection] = useState<PickedSelection | null>(null);
  const [audience, setAudience] = useState<Audience>({ eligibility: 'grant', segment: '' });
  // A new form picks its selection anew (the picker starts empty).
  const [pickerKey, setPickerKey] = useState(0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = campaignBody(kind, Number(form.brandId), form.name, values, form, selection, audience);
    void onCreate(body).then((made) => {
      if (made) {
        setForm(blank());
        setValues(initialTerms());
        setSelection(null);
        setAudience({ eligibility: 'grant', segment: '' });
        setPickerKey((k) => k + 1);
      }
    });
  };
  return (
    <form className="filters" onSubmit={submit} data-testid="promotion-form">
      <strong>{pt.create}</strong>
      <label>
        {pt.kind}
        <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as FormKind)}>
          {FORM_KINDS.map((k) => (
            <option key={k} value={k}>
              {pt.kinds[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {pt.brand}
        <input
          name="brandId"
          inputMode="numeric"
          value={form.brandId}
          disabled={me.brandId !== null}
          onChange={(e) => setForm({ ...form, brandId: e.target.value.replace(/\D/g, '') })}
        />
      </label>
      <label>
        {pt.name}
        <input name="name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      </label>
      {FIELDS_OF[kind].map((f) =>
        f === 'oddId' ? (
          <SelectionPicker
            key={`${f}-${pickerKey}`}
            pt={pt}
            lang={lang}
            picked={selection}
            onPick={setSelection}
          />
        ) : (
          <label key={f}>
            {f === 'amount' ? pt.amountOf[kind] : pt.fields[f]}
            <input
              name={f}
              inputMode={TERM_FIELDS[f].type === 'int' ? 'numeric' : 'decimal'}
              value={values[f]}
              onChange={(e) =>
                setValues({
                  ...values,
                  [f]: TERM_FIELDS[f].type === 'int' ? e.target.value.replace(/\D/g, '') : e.target.value,
                })
              }
            />
          </label>
        ),
      )}
      {kind !== 'odds_boost' && (
        <label>
          {pt.audience}
          <select
            name="eligibility"
            value={audience.eligibility}
            onChange={(e) =>
              setAudience({ ...audience, eligibility: e.target.value as Audience['eligibility'] })
            }
          >
            {ELIGIBILITIES.map((x) => (
              <option key={x} value={x}>
                {pt.eligibilities[x]}
              </option>
            ))}
          </select>
        </label>
      )}
      {kind !== 'odds_boost' && audience.eligibility !== 'grant' && (
        <label>
          {pt.segment}
          <select
            name="segment"
            value={audience.segment}
            onChange={(e) => setAudience({ ...audience, segment: e.target.value as Audience['segment'] })}
          >
            <option value="">{pt.everySegment}</option>
            {OPS_RISK_LABELS.map((x) => (
              <option key={x} value={x}>
                {pt.segments[x]}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {pt.startsAt}
        <input
          type="datetime-local"
          name="startsAt"
          value={form.startsAt}
          onChange={(e) => setForm({ ...form, startsAt: e.target.value })}
        />
      </label>
      <label>
        {pt.endsAt}
        <input
          type="datetime-local"
          name="endsAt"
          value={form.endsAt}
          onChange={(e) => setForm({ ...form, endsAt: e.target.value })}
        />
      </label>
      <button
        type="submit"
        disabled={busy || !form.name.trim() || !form.brandId || (kind === 'odds_boost' && !selection)}
      >
        {pt.createButton}
      </button>
    </form>
  );
}
