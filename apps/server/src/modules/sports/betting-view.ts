import type { Locale } from '@sb/contract';
import type { DbOrTx } from '../../db/database';
import {
  createSportsRepository,
  type EventRecord,
  type EventState,
  type MarketState,
  type SelectionRecord,
} from './sports.repository';
import { MARKET_DEFINITIONS } from './market-definitions.data';
import type { EventReadModel } from './read-model/event-read-model';
import type { MarketEntry } from './read-model/event-store';
import type { CatalogueService } from './catalogue/catalogue.service';
import type { BrandPricing } from './brand-margins';
import { isPreMatchOnlySport } from './pricing/event-pricing';
import { fairColumns } from './pricing/margin';

/** Why a selection cannot be taken now ('ok' when it can). */
export type SelectionState =
  | 'ok'
  | 'not_found'
  | 'event_ended'
  | 'closed'
  | 'suspended'
  | 'odd_too_low'
  | 'producer_down'
  /** The client may not bet live (a back-office block flag). */
  | 'live_blocked';

/** A selection as bet placement sees it, read in the placement's transaction. */
export interface SelectionContext {
  selectionId: number;
  eventId: number;
  sportId: number;
  marketId: number;
  marketType: number;
  special: string;
  outcome: string;
  name: string;
  odd: number;
  maxStake: number;
  /** Which limit gave `maxStake` (the back office's hierarchy: client, market, event, sport, brand, platform). */
  limit?: string;
  isLive: boolean;
  minBetLimit: number;
  state: SelectionState;
  /** 'win' | 'loss' | 'void' once the market is decided. */
  result: string | null;
  /**
   * A bet builder (issue 37, `bet-builder.service.ts`): its legs as placed and the model its price stands on;
   * `cashOutState` is its state for cash-out, where a leg already won is no reason to refuse.
   */
  builder?: {
    legs: { selectionId: number; marketType: number; special: string; outcome: string; name: string }[];
    model: unknown;
    cashOutState: SelectionState;
  };
}

/** What a bet's legs show of their event (from memory). */
export interface EventSummary {
  eventId: number;
  home: string;
  away: string;
  competition: string;
  startDate: string;
  isLive: boolean;
  periodTime: number;
  phase: string;
  score: { home: number; away: number };
}

const names = new Map(MARKET_DEFINITIONS.map((d) => [d.id, d]));

/** Where each selection of a loaded markets list sits: its entry and its index in the entry's selections. */
type Places = Map<number, { entry: MarketEntry; i: number }>;

/**
 * Each loaded markets list's places by selection id, so a quote finds its legs without walking every market.
 * Only places are kept, never a state: an update replaces an entry's `market` and `selections` (the same
 * selections in the same order) and both are read from the entry as it is now; a reload is a new list, and a list
 * never gains a selection in place. A place that holds another selection (a list changed some other way) is
 * looked up afresh.
 */
const placesKept = new WeakMap<readonly MarketEntry[], Places>();

function placesOf(markets: readonly MarketEntry[], fresh: boolean): Places {
  let places = fresh ? undefined : placesKept.get(markets);
  if (!places) {
    const made: Places = new Map();
    for (const entry of markets) entry.selections.forEach((s, i) => made.set(s.id, { entry, i }));
    placesKept.set(markets, (places = made));
  }
  return places;
}

/** Selection `id` of a loaded markets list and its market, as they are now (null: not in the list). */
export function selectionIn(
  markets: readonly MarketEntry[],
  id: number,
): { market: MarketEntry['market']; selection: SelectionRecord } | null {
  for (const fresh of [false, true]) {
    const at = placesOf(markets, fresh).get(id);
    if (!at) return null;
    const selection = at.entry.selections[at.i];
    if (selection?.id === id) return { market: at.entry.market, selection };
  }
  return null;
}

/**
 * The sports module's face to betting: selection states in the bet's transaction (the database is the system
 * of record), settled results, fair probabilities for cash-out, event summaries and market names for display.
 */
export function createBettingView(deps: BettingViewDeps) {
  return {
    /**
     * Selections as a client of `brandId` sees them, read in the caller's transaction: the brand's price (its
     * margin applied exactly as the read model and the feed serve it; suspended outside the band).
     */
    selections: (ids: number[], tx?: DbOrTx, brandId?: number | null) => selections(deps, ids, tx, brandId),

    /**
     * An event and those of `ids` that are its selections, as a client of `brandId` sees them now, from this
     * instance's read model (no database read once the event's markets are in memory; the bus keeps them and
     * the match state current on every instance). Null when the read model does not hold the event. Quotes
     * only: placement reads in its own transaction (`selections`).
     */
    current: (eventId: number, ids: readonly number[], brandId: number | null) =>
      current(deps, eventId, ids, brandId),

    /**
     * Each selection's fair value for cash-out, in parts per 10^9: the model's fair (effective) probability and
     * refund share stored with the price it was made from — per outcome, so a multi-winner market (double
     * chance, anytime scorer) is valued outcome by outcome. A row the model never priced (written before these
     * columns) falls back to its implied probability over the market's overround, counting only the selections
     * on sale (a suspended selection stored at odd 1, a closed or decided one, is left out).
     */
    fairProbabilities: (ids: number[], tx?: DbOrTx) => fairProbabilities(deps, ids, tx),

    /** Events as bet legs show them, from the read model. */
    events: (ids: number[], locale: Locale) => events(deps, ids, locale),

    /**
     * A bet builder's selection id for these legs of an event (`withBuilders` answers it; a view without the
     * builder has none: null, and the slip entry is refused as not found).
     */
    builderSelectionId: (_eventId: number, _legIds: number[], _tx?: DbOrTx): Promise<number | null> =>
      Promise.resolve(null),

    /** A bet builder leg's odd when a leg voids and the rest settle (`withBuilders` answers it; else none). */
    builderVoidOdd: (_builder: { legs: { selectionId: number }[]; model: unknown }, _tx?: DbOrTx) =>
      Promise.resolve(null as number | null),

    /** A market type's name in a language. */
    marketName(t: number, locale: Locale): string {
      // A bet builder leg (BUILDER_MARKET_TYPE): no market has type 0.
      if (t === 0) return locale === 'tr' ? 'Bahis Oluşturucu' : 'Bet Builder';
      const d = names.get(t);
      return d ? (locale === 'tr' ? d.tr : d.en) : String(t);
    },
  };
}

/** What the betting view needs: the database, the read model, the catalogue, the producer's health, a clock. */
interface BettingViewDeps {
  db: DbOrTx;
  readModel: EventReadModel;
  catalogue: CatalogueService;
  isProducerStale: () => boolean;
  /** The clock's time (ms): a pre-match-only sport closes at its kick-off time, whether or not the leader ticked. */
  now: () => number;
  /** A brand's margins: its clients bet at the price served to them. */
  pricing?: (brandId: number | null) => BrandPricing | null;
}

/** What a selection is to a bet now: on sale (`ok`) or why not. */
function stateOf(
  deps: BettingViewDeps,
  e: EventState,
  m: { closed: boolean; disabled: boolean },
  s: { isClosed: boolean; isDisabled: boolean; odd: number; result: string | null },
): SelectionState {
  if (e.status === 'ended' || e.status === 'cancelled') return 'event_ended';
  // Virtual football takes bets before kick-off only: a started (or due) match is closed to bets.
  if (isPreMatchOnlySport(e.sportId) && (e.status !== 'not_started' || e.startAt.getTime() <= deps.now()))
    return 'closed';
  // A selection whose outcome is decided is closed to bets even while its market is open (whatever the price).
  if (s.isClosed || m.closed || s.result !== null) return 'closed';
  // Prices made before the last score (a point, goal, try, game or set the reprice has not caught up with):
  // "decided" and "stale" are judged against the score now, so nothing of the event is on sale meanwhile.
  if (s.isDisabled || m.disabled || e.isSuspended || (e.isLive && e.pricesBehindScore)) return 'suspended';
  if (e.isLive && deps.isProducerStale()) return 'producer_down';
  return s.odd > 1 ? 'ok' : 'odd_too_low';
}

/** A selection's context for a client of the brand's pricing (`selections`' rows or the read model's). */
function contextOf(
  deps: BettingViewDeps,
  shared: SelectionRecord,
  m: MarketState,
  e: EventState,
  pricing: BrandPricing | null,
): SelectionContext {
  const s = pricing ? pricing.selection(shared, e.sportId, m.t) : shared;
  return {
    selectionId: s.id,
    eventId: e.id,
    sportId: e.sportId,
    marketId: m.id,
    marketType: m.t,
    special: m.s,
    outcome: s.outcome,
    name: s.name,
    odd: s.odd,
    maxStake: s.maxStake,
    isLive: e.isLive,
    minBetLimit: e.minBetLimit,
    state: stateOf(deps, e, m, s),
    result: m.resolved || s.result ? s.result : null,
  };
}

/** Selections as a client of `brandId` sees them, read in the caller's transaction (or the module's handle). */
async function selections(
  deps: BettingViewDeps,
  ids: number[],
  tx?: DbOrTx,
  brandId?: number | null,
): Promise<Map<number, SelectionContext>> {
  const rows = await createSportsRepository(tx ?? deps.db).selectionsWithContext(ids);
  const pricing = deps.pricing?.(brandId ?? null) ?? null;
  return new Map(
    rows.map(({ selection, market, event }) => [
      selection.id,
      contextOf(deps, selection, market, event, pricing),
    ]),
  );
}

/** An event and those of `ids` that are its selections as a client of `brandId` sees them, from the read model. */
async function current(
  deps: BettingViewDeps,
  eventId: number,
  ids: readonly number[],
  brandId: number | null,
): Promise<{ event: EventRecord; selections: Map<number, SelectionContext> } | null> {
  const stored = deps.readModel.store.get(eventId);
  if (!stored) return null;
  if (stored.markets === null) await deps.readModel.ensureMarkets([stored]);
  const markets = stored.markets;
  if (markets === null) return null;
  const e = stored.record;
  const pricing = deps.pricing?.(brandId) ?? null;
  const out = new Map<number, SelectionContext>();
  for (const id of ids) {
    const found = selectionIn(markets, id);
    if (found) out.set(id, contextOf(deps, found.selection, found.market, e, pricing));
  }
  return { event: e, selections: out };
}

/** Each selection's fair value for cash-out (parts per 10^9), the model's or, for an older row, implied. */
async function fairProbabilities(
  deps: BettingViewDeps,
  ids: number[],
  tx?: DbOrTx,
): Promise<Map<number, { fairPpb: number; refundPpb: number }>> {
  const repo = createSportsRepository(tx ?? deps.db);
  const rows = await repo.selectionsWithContext(ids);
  const out = new Map<number, { fairPpb: number; refundPpb: number }>();
  const legacy = rows.filter(({ selection: s }) => s.fairPpb === null);
  for (const { selection: s } of rows)
    if (s.fairPpb !== null) out.set(s.id, { fairPpb: s.fairPpb, refundPpb: s.refundPpb ?? 0 });
  if (legacy.length === 0) return out;
  const siblings = await repo.selectionsOfMarkets([...new Set(legacy.map((r) => r.market.id))]);
  const onSale = (s: SelectionRecord) => s.odd > 1 && !s.isClosed && !s.isDisabled && s.result === null;
  const overround = new Map<number, number>();
  for (const s of siblings)
    if (onSale(s)) overround.set(s.marketId, (overround.get(s.marketId) ?? 0) + 1 / s.odd);
  for (const { selection: s } of legacy) {
    const o = overround.get(s.marketId);
    const p = onSale(s) && o ? 1 / s.odd / o : 0;
    out.set(s.id, fairColumns({ p }));
  }
  return out;
}

/** Events as bet legs show them, from the read model. */
async function events(
  deps: BettingViewDeps,
  ids: number[],
  locale: Locale,
): Promise<Map<number, EventSummary>> {
  const ref = await deps.catalogue.reference();
  const out = new Map<number, EventSummary>();
  for (const id of ids) {
    const e = (await deps.readModel.fetchEvent(id))?.record;
    if (!e) continue;
    const c = ref.competitions.get(e.competitionId);
    out.set(id, {
      eventId: id,
      home: ref.teams.get(e.homeTeamId)?.name ?? '',
      away: ref.teams.get(e.awayTeamId)?.name ?? '',
      competition: c ? (locale === 'tr' ? c.nameTr : c.nameEn) : '',
      startDate: e.startAt.toISOString(),
      isLive: e.isLive,
      periodTime: e.periodTime,
      phase: e.phase,
      score: e.data.score,
    });
  }
  return out;
}

export type BettingView = ReturnType<typeof createBettingView>;
