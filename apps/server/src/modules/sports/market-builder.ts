import type { PlayerRow } from './sports.tables';
import type { EventRecord, MarketInsert, SelectionInsert } from './sports.repository';
import { MARKET_DEFINITIONS, PRE_MATCH_ONLY, PROVIDER5_LIVE_ONLY } from './market-definitions.data';
import { initialState, type MatchState, type PricingEvent } from './pricing/event-pricing';
import { fairColumns, maxStakeFor } from './pricing/margin';
import type { PricedMarket } from './pricing/market-spec';

/** Deterministic ids: the n-th market of an event and the k-th outcome of a market (stable across instances). */
export const marketIdOf = (eventId: number, index: number) => eventId * 256 + index;
export const selectionIdOf = (marketId: number, index: number) => marketId * 64 + index;

const categories = new Map(MARKET_DEFINITIONS.map((d) => [d.id, d.mg]));
export const categoriesOf = (t: number): number[] => categories.get(t) ?? [];

/** Goal-scorer markets (anytime, first, last, 2 or more): their selections are grouped by team. */
const SCORER_BUNDLES = [888, 38, 882, 889];

/** Whether a market type is open for an event now: provider-5 live-only markets and pre-match-only bundles. */
export function marketOpen(t: number, providerId: number, live: boolean): boolean {
  if (PRE_MATCH_ONLY.includes(t) && live) return false;
  if (providerId === 5 && PROVIDER5_LIVE_ONLY.includes(t) && !live) return false;
  return true;
}

interface TeamLike {
  strength: number;
  players: PlayerRow[];
}

export function pricingEventOf(event: EventRecord, home: TeamLike, away: TeamLike): PricingEvent {
  return {
    id: event.id,
    sportId: event.sportId,
    homeStrength: home.strength,
    awayStrength: away.strength,
    homePlayers: home.players,
    awayPlayers: away.players,
  };
}

/** The simulator's match state stored on the event, or the pre-match state. */
export function matchStateOf(event: EventRecord): MatchState {
  const sim = event.sim as { match?: MatchState } | null;
  return sim?.match ?? initialState(event.sportId);
}

const lineArgs = (s: string): Record<string, unknown> => (s === '' ? {} : { line: Number(s) });

/** Rows for every market of an event, from its prices in its current state (`matchStateOf`). */
export function buildMarkets(
  event: EventRecord,
  pricing: PricingEvent,
  priced: PricedMarket[],
): { markets: MarketInsert[]; selections: SelectionInsert[] } {
  const live = event.status === 'live';
  const mainIndex = mainLines(priced);
  const marketRows: MarketInsert[] = [];
  const selectionRows: SelectionInsert[] = [];
  priced.forEach((m, i) => {
    const id = marketIdOf(event.id, i);
    const closed = m.decided || !marketOpen(m.t, event.providerId, live) || event.status === 'ended';
    marketRows.push({
      id,
      eventId: event.id,
      t: m.t,
      s: m.s,
      a: lineArgs(m.s),
      seq: 1,
      order: i,
      closed,
      resolved: m.decided,
      main: mainIndex.has(i),
    });
    m.outcomes.forEach((o, k) =>
      selectionRows.push({
        id: selectionIdOf(id, k),
        marketId: id,
        eventId: event.id,
        outcome: o.code,
        name: o.name,
        order: k,
        odd: o.odd,
        // Decided outcomes close at once (their result recorded); outcomes priced outside the band are suspended.
        isClosed: closed || o.status === 'decided',
        isDisabled: o.status === 'suspended',
        result: o.result,
        maxStake: o.status === 'open' ? maxStakeFor(o.odd, live) : 0,
        ...fairColumns(o),
        bundle: SCORER_BUNDLES.includes(m.t) ? bundleOf(o.code, pricing) : null,
      }),
    );
  });
  return { markets: marketRows, selections: selectionRows };
}

/** Per market type, the index of its most balanced line (smallest spread between its odds). */
function mainLines(priced: PricedMarket[]): Set<number> {
  const best = new Map<number, { i: number; spread: number }>();
  priced.forEach((m, i) => {
    const odds = m.outcomes.map((o) => (o.status === 'open' ? o.odd : Infinity));
    const spread = Math.max(...odds) - Math.min(...odds);
    const current = best.get(m.t);
    if (!current || spread < current.spread) best.set(m.t, { i, spread });
  });
  return new Set([...best.values()].map((b) => b.i));
}

/** Goal-scorer selections are grouped by team (the bundle the web shows as one block). */
function bundleOf(code: string, pricing: PricingEvent): string | null {
  if (!code.startsWith('p')) return null;
  const id = Number(code.slice(1));
  return pricing.homePlayers.some((p) => p.id === id) ? 'home' : 'away';
}

export type { PricedMarket };
