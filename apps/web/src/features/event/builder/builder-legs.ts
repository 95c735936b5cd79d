import type { FixtureEvent, Selection } from '@sb/contract';
import type { TFunction } from '@/lib/i18n';
import { outcomeLabel } from '@/lib/fixtures/outcome-label';
import { slipPick } from '@/lib/fixtures/slip-pick';
import type { SlipPick } from '@/lib/slip-store';

/** The event's selections by id, each with its market. */
export type LegIndex = Map<number, { selection: Selection; market: FixtureEvent['markets'][number] }>;

/** Indexes the event's selections by id. */
export function legIndexOf(markets: FixtureEvent['markets']): LegIndex {
  const out: LegIndex = new Map();
  for (const m of markets) for (const s of m.selections) out.set(s.id, { selection: s, market: m });
  return out;
}

/**
 * The one slip entry of the event that holds the priced legs: the first leg's event data under the builder's
 * name, the legs' outcomes joined, the quote's odd id, odd and maximum stake.
 */
export function builderPickOf(
  event: FixtureEvent,
  byId: LegIndex,
  legs: number[],
  quote: { odd: number; id: number; maxStake: number },
  marketName: (t: number) => string,
  t: TFunction,
): SlipPick {
  const label = (id: number) => {
    const found = byId.get(id);
    return found ? outcomeLabel(found.selection.outcome, found.selection.name, found.market.s, t) : '';
  };
  const caption = (id: number) => {
    const found = byId.get(id);
    if (!found) return '';
    const { selection, market } = found;
    return `${marketName(market.t)}: ${outcomeLabel(selection.outcome, selection.name, market.s, t)}`;
  };
  const first = byId.get(legs[0]!)!;
  const legCaptions = legs.map(caption);
  const pick = slipPick(event, first.market, first.selection, {
    market: t('builder.name'),
    outcome: legs.map(label).join(' + '),
  });
  return {
    ...pick,
    oddId: quote.id,
    odd: quote.odd,
    oddType: 0,
    exc: 0,
    specialValue: '',
    active: true,
    maxStake: quote.maxStake,
    builder: { oddIds: [...legs], legs: legCaptions },
  };
}
