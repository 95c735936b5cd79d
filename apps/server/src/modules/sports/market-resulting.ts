import type { MarketUpdate } from '@sb/contract';
import type { DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../plugins/bus';
import type { CatalogueService } from './catalogue/catalogue.service';
import { createOverridesRepository } from './overrides.repository';
import { planResult, resolveResults, type ResultInput } from './operator-result';
import type { ReferenceCache } from './event-view';
import type { PricingEvent } from './pricing/event-pricing';
import type { EventRecord } from './sports.repository';

/** A market with its event and selections, as the back office's results workspace sees it. */
export interface MarketForResult {
  id: number;
  eventId: number;
  t: number;
  s: string;
  closed: boolean;
  resolved: boolean;
  event: { status: string; startAt: Date; sportId: number };
  selections: { id: number; outcome: string; name: string; odd: number; result: string | null }[];
}

/** Results an operator writes, by outcome: win | loss | void | half_win | half_loss. */
export type MarketResults = Record<string, string>;

/** The match model of an event (its pricing inputs), from the feed producer; null when it has none. */
export interface ResultModel {
  contextOf(event: EventRecord, ref: ReferenceCache): { pricing: PricingEvent } | null;
}

type OverridesRepository = ReturnType<typeof createOverridesRepository>;

/** A market row with its event and selections as the results workspace sees it (a result shown once decided). */
function forResult(
  m: NonNullable<Awaited<ReturnType<OverridesRepository['market']>>>,
  e: Pick<EventRecord, 'status' | 'startAt' | 'sportId'>,
  sels: Awaited<ReturnType<OverridesRepository['selectionsOf']>>,
): MarketForResult {
  return {
    id: m.id,
    eventId: m.eventId,
    t: m.t,
    s: m.s,
    closed: m.closed,
    resolved: m.resolved,
    event: { status: e.status, startAt: e.startAt, sportId: e.sportId },
    selections: sels.map((x) => ({
      id: x.id,
      outcome: x.outcome,
      name: x.name,
      odd: x.odd,
      result: m.resolved || x.isClosed ? x.result : null,
    })),
  };
}

/**
 * The back office's resulting of one market: what a market's result is from the operator's
 * facts, by the same rules as settlement at full time (`planResult` / `resolveResults`: a market the facts cannot
 * decide is void, never invented), and writing it (selections' results, the market closed and resolved) in the
 * caller's transaction, the market row locked so actions on one market take turns. The caller announces the
 * change after its commit (`announce`): every instance's read model and the player feed then show it.
 */
export function createMarketResulting(deps: ResultingDeps) {
  return {
    /** The market, its event and selections; `lock` holds the market row until the transaction ends. */
    market: (tx: DbOrTx, id: number, lock = false) => load(tx, id, lock),

    /**
     * The market's results from the operator's facts of the match (throws ResultInputError naming the field):
     * `voided` when the facts do not decide it (a half-time market without the half-time score, a scorer market
     * without scorers, corners and cards).
     */
    resultsFromFacts: (market: MarketForResult, input: ResultInput, tx: DbOrTx) =>
      resultsFromFacts(deps, market, input, tx),

    /**
     * Every market of an event from the operator's facts at once (the one-form resulting), locked in id order
     * until the transaction ends: by the producer's own decision of a match it results (`planResult` →
     * `resolveResults`, results a market already holds kept as the producer keeps them). Each market comes with
     * its results and whether the facts decide it (`decided`; an undecided one holds all-void results). Throws
     * ResultInputError naming the field; null for an event without markets or a result model.
     */
    eventFromFacts: (tx: DbOrTx, eventId: number, input: ResultInput) =>
      eventFromFacts(deps, tx, eventId, input),

    /** Writes every selection's result and closes the market as resolved (the market row locked by the caller). */
    write: (tx: DbOrTx, market: MarketForResult, results: MarketResults) => write(tx, market, results),

    /** After the commit: the market's new state on the bus (read models, the player feed, settlement). */
    announce: (market: MarketForResult, results: MarketResults) => announce(deps, market, results),
  };
}

/** What resulting needs: the bus, a clock, the producer's match model and the catalogue's reference. */
interface ResultingDeps {
  bus: EventBus;
  clock: Clock;
  simulator: ResultModel;
  catalogue: CatalogueService;
}

/** The market, its event and selections; `lock` holds the market row until the transaction ends. */
async function load(tx: DbOrTx, id: number, lock: boolean): Promise<MarketForResult | null> {
  const repo = createOverridesRepository(tx);
  const m = await repo.market(id, lock);
  if (!m) return null;
  const e = await repo.event(m.eventId);
  if (!e) return null;
  return forResult(m, e, await repo.selectionsOf([id]));
}

/** The market's results from the operator's facts of the match, and whether the facts leave it void. */
async function resultsFromFacts(
  deps: ResultingDeps,
  market: MarketForResult,
  input: ResultInput,
  tx: DbOrTx,
): Promise<{ results: MarketResults; voided: boolean }> {
  const repo = createOverridesRepository(tx);
  const event = await repo.event(market.eventId);
  const ctx = event && deps.simulator.contextOf(event, await deps.catalogue.reference());
  if (!ctx) throw new Error(`event ${market.eventId} has no result model`);
  const row = await repo.market(market.id);
  const resolved = resolveResults(ctx.pricing, planResult(ctx.pricing, input));
  const r = row && resolved.results[row.order];
  if (!r || r.t !== market.t || r.s !== market.s) throw new Error(`market ${market.id} has no rule`);
  const results = Object.fromEntries(
    market.selections.map((x) => [x.outcome, (r.results as MarketResults)[x.outcome] ?? 'void']),
  );
  return { results, voided: resolved.voided.includes(row.order) };
}

/** Every market of an event from the operator's facts at once, locked in id order until the transaction ends. */
async function eventFromFacts(
  deps: ResultingDeps,
  tx: DbOrTx,
  eventId: number,
  input: ResultInput,
): Promise<{ market: MarketForResult; results: MarketResults; decided: boolean }[] | null> {
  const repo = createOverridesRepository(tx);
  const event = await repo.event(eventId);
  const ctx = event && deps.simulator.contextOf(event, await deps.catalogue.reference());
  if (!event || !ctx) return null;
  const rows = await repo.lockMarkets({ eventId });
  const sels = await repo.selectionsOf(rows.map((m) => m.id));
  const kept = new Map<number, Record<string, string>>();
  for (const m of rows) {
    const own = sels.filter((x) => x.marketId === m.id);
    if (event.status !== 'ended' && m.resolved && own.every((x) => x.result !== null))
      kept.set(m.order, Object.fromEntries(own.map((x) => [x.outcome, x.result as string])));
  }
  const resolved = resolveResults(ctx.pricing, planResult(ctx.pricing, input), kept);
  return rows.map((m) => {
    const own = sels.filter((x) => x.marketId === m.id);
    const market = forResult(m, event, own);
    const r = resolved.results[m.order];
    const ruled = r !== undefined && r.t === m.t && r.s === m.s;
    const decided = ruled && resolved.settled.includes(m.order);
    const results = Object.fromEntries(
      own.map((x) => [x.outcome, decided ? ((r.results as MarketResults)[x.outcome] ?? 'void') : 'void']),
    );
    return { market, results, decided };
  });
}

/** Writes every selection's result and closes the market as resolved (the market row locked by the caller). */
async function write(tx: DbOrTx, market: MarketForResult, results: MarketResults): Promise<void> {
  const repo = createOverridesRepository(tx);
  for (const x of market.selections)
    await repo.updateSelection(x.id, {
      result: results[x.outcome] ?? 'void',
      isClosed: true,
      isDisabled: false,
    });
  await repo.resolveMarket(market.id);
}

/** After the commit: the market's new state on the bus (read models, the player feed, settlement). */
async function announce(deps: ResultingDeps, market: MarketForResult, results: MarketResults): Promise<void> {
  const update: MarketUpdate['markets'][number] = {
    id: market.id,
    t: market.t,
    s: market.s,
    disabled: false,
    selections: market.selections.map((x) => ({
      id: x.id,
      outcome: x.outcome,
      odd: x.odd,
      isDisabled: false,
      isClosed: true,
      result: results[x.outcome] ?? 'void',
    })),
  };
  await deps.bus.publish('fixture.markets', {
    type: 'market_update',
    eventId: market.eventId,
    markets: [update],
    ts: deps.clock.now(),
  });
}

export type MarketResulting = ReturnType<typeof createMarketResulting>;
