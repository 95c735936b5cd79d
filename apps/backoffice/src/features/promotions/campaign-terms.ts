import type { OPS_RISK_LABELS, CampaignCreate } from '@sb/contract';
import type { PickedSelection } from './selection-picker';

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

/** Every terms field's initial text (the form's start, and after a campaign is made). */
export const initialTerms = () =>
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
