import type { DbOrTx } from '../../db/database';
import type { BettingView, SelectionContext } from './betting-view';
import type { BrandPricing } from './brand-margins';
import type { CatalogueService } from './catalogue/catalogue.service';
import { matchStateOf, pricingEventOf } from './market-builder';
import { createSportsRepository, type EventRecord } from './sports.repository';
import { brandOdd, inBand } from './pricing/brand-odd';
import { fairColumns } from './pricing/margin';
import { footballSpecsOf, marketKey, playsFootball, type PricingEvent } from './pricing/event-pricing';
import type { PricingOptions } from './pricing/pricing-options';
import { footballRates } from './pricing/football.facts';
import { footballMarkets, type FootballSpec } from './pricing/football.markets';
import type { FootballPricingInput } from './pricing/football.model';
import {
  builderGrids,
  builderOdd,
  builderOffers,
  conflictOf,
  priceBuilder,
  type BuilderLeg,
} from './pricing/football.builder';

/**
 * The bet builder's service (issue 37): prices a combination of selections of one football event from the
 * model's own score grid in the match's current state (`football.builder.ts`), with the per-leg-count overround
 * (`BUILDER_MARGINS`) and the brand's margin on the `builder` family, and lists the selections that can still
 * join. Placement re-prices through `quote` in its own transaction; settlement decides through `settle`.
 */

/** What a builder's price stands on, stored with the bet: settlement re-prices remaining legs from it. */
export interface BuilderModel {
  input: FootballPricingInput;
  rho: number;
  /** The legs as the model names them (market type, special, outcome code), in the order of the bet's ids. */
  legs: { t: number; s: string; code: string }[];
}

/** Why a combination is refused (each with the legs concerned). */
export type BuilderRefusal =
  /** A leg is not a selection of the event (`other_event`), not found, or of a market the builder leaves out. */
  | { code: 'other_event' | 'not_found' | 'not_builder'; oddId: number }
  /** A leg cannot be taken now: its state (closed, suspended, event_ended, producer_down, …). */
  | { code: 'leg'; oddId: number; state: SelectionContext['state'] }
  | { code: 'not_football' }
  /** The legs cannot all win (`oddIds`: the smallest conflicting subset). */
  | { code: 'incompatible'; oddIds: number[] }
  /** The price falls outside the band [1.02, PRICE_MAX_ODD): not offered, never clamped. */
  | { code: 'not_offered' };

export interface BuilderQuote {
  odd: number;
  /** Effective fair probability of the combination (cash-out values the builder with it). */
  fair: number;
  oddIds: number[];
  /** Minor units: the legs' smallest limit. */
  maxStake: number;
  /** Whether the event is in play (the live delay applies). */
  isLive: boolean;
  sportId: number;
  legs: SelectionContext[];
  model: BuilderModel;
}

export interface BetBuilderDeps {
  db: DbOrTx;
  betting: BettingView;
  catalogue: CatalogueService;
  pricing: (brandId: number | null) => BrandPricing | null;
  options: PricingOptions;
  /** Target overround per leg count, 2 legs first. */
  targets: readonly number[];
}

const NO_BAND = { minOdd: 0, maxOdd: Infinity };
/** Model inputs whose builder grids are kept (an event's state each, a few MB at most with their memos). */
const GRID_CACHE = 16;
/** Builders' row ids kept in memory (a row never changes: the same event and legs are the same row). */
const ID_CACHE = 4096;

/**
 * A builder's selection id is its row id (`bet_builders`) offset by 2^50: above every selection id (event id <
 * 2^31, × 256 markets × 64 selections < 2^45) and within JavaScript's exact integers.
 */
export const BUILDER_ID_BASE = 2 ** 50;
export const isBuilderId = (id: number) => id >= BUILDER_ID_BASE;
/** The market type a builder leg is recorded under (no market has it). */
export const BUILDER_MARKET_TYPE = 0;

/** A builder's result from its legs' results: lost as soon as one leg is lost; decided when all are. */
function conjunction(results: (string | null)[]): string | null {
  if (results.includes('loss')) return 'loss';
  if (results.some((r) => r === null)) return null;
  return results.includes('void') ? 'void' : 'win';
}

/** An event's pricing input and its builder markets by key. */
interface EventModel {
  input: FootballPricingInput;
  specs: Map<string, FootballSpec>;
}

export function createBetBuilder(deps: BetBuilderDeps) {
  const { options } = deps;

  /**
   * The model of each event record the read model holds, for its next quotes: a record is never changed in place
   * (a goal, a minute, a card or a price makes a new one), and the teams are the reference's objects (new after a
   * reload), so a kept model is always the record's and its squads'. A record read from the database (placement)
   * is a new object each time and is modelled afresh.
   */
  const modelsKept = new WeakMap<EventRecord, { home: object; away: object; model: EventModel }>();

  /** The event's model input and its builder legs by market key, or null when it is not football. */
  async function modelOf(event: EventRecord): Promise<EventModel | null> {
    if (!playsFootball(event.sportId)) return null;
    const ref = await deps.catalogue.reference();
    const home = ref.teams.get(event.homeTeamId);
    const away = ref.teams.get(event.awayTeamId);
    if (!home || !away) return null;
    const kept = modelsKept.get(event);
    if (kept && kept.home === home && kept.away === away) return kept.model;
    const state = matchStateOf(event);
    if (state.kind !== 'football') return null;
    const pe = pricingEventOf(event, home, away);
    const specs = specsOf(pe, home, away);
    const input: FootballPricingInput = {
      rates: footballRates(pe.homeStrength, pe.awayStrength),
      state: state.football,
      home: pe.homePlayers,
      away: pe.awayPlayers,
    };
    const model = { input, specs };
    modelsKept.set(event, { home, away, model });
    return model;
  }

  /**
   * The event's market specs by key, kept per pair of teams and sport: they depend on the squads only, and the
   * reference's team objects are new after a reload, so a changed squad makes new specs.
   */
  const specsKept = new WeakMap<object, WeakMap<object, Map<number, Map<string, FootballSpec>>>>();
  function specsOf(pe: PricingEvent, home: object, away: object): Map<string, FootballSpec> {
    let byAway = specsKept.get(home);
    if (!byAway) specsKept.set(home, (byAway = new WeakMap()));
    let bySport = byAway.get(away);
    if (!bySport) byAway.set(away, (bySport = new Map()));
    let specs = bySport.get(pe.sportId);
    if (!specs) {
      specs = new Map(footballSpecsOf(pe).map((spec) => [marketKey(spec.t, spec.s), spec]));
      bySport.set(pe.sportId, specs);
    }
    return specs;
  }

  const legOf = (specs: Map<string, FootballSpec>, c: SelectionContext): BuilderLeg | null => {
    const spec = specs.get(marketKey(c.marketType, c.special));
    return spec && builderOffers(spec) && spec.outcomes.some((o) => o.code === c.outcome)
      ? { spec, code: c.outcome }
      : null;
  };

  /** The builder's price as a client of `brandId` is offered it now (read in `tx` when given). */
  async function quote(
    brandId: number | null,
    eventId: number,
    oddIds: readonly number[],
    tx?: DbOrTx,
  ): Promise<BuilderQuote | BuilderRefusal> {
    const { ctx, event } = tx
      ? await stored(brandId, eventId, oddIds, tx)
      : ((await current(brandId, eventId, oddIds)) ?? (await stored(brandId, eventId, oddIds, deps.db)));
    for (const id of oddIds) {
      const c = ctx.get(id);
      if (!c) return { code: 'not_found', oddId: id };
      if (c.eventId !== eventId) return { code: 'other_event', oddId: id };
    }
    const model = event ? await modelOf(event) : null;
    if (!event || !model) return { code: 'not_football' };
    const legs: BuilderLeg[] = [];
    for (const id of oddIds) {
      const leg = legOf(model.specs, ctx.get(id)!);
      if (!leg) return { code: 'not_builder', oddId: id };
      legs.push(leg);
    }
    for (const id of oddIds) {
      const state = ctx.get(id)!.state;
      if (state !== 'ok') return { code: 'leg', oddId: id, state };
    }
    const priced = priceLegs(event.sportId, model.input, legs, brandId);
    if ('code' in priced)
      return priced.code === 'incompatible'
        ? { code: 'incompatible', oddIds: priced.conflict.map((i) => oddIds[i]!) }
        : priced;
    const contexts = oddIds.map((id) => ctx.get(id)!);
    return {
      odd: priced.odd,
      fair: priced.fair,
      oddIds: [...oddIds],
      maxStake: Math.min(...contexts.map((c) => c.maxStake)),
      isLive: event.isLive,
      sportId: event.sportId,
      legs: contexts,
      model: modelRecord(model.input, legs),
    };
  }

  /** The legs and the event as the database holds them (placement: in its transaction). */
  async function stored(brandId: number | null, eventId: number, oddIds: readonly number[], db: DbOrTx) {
    const ctx = await deps.betting.selections([...oddIds], db, brandId);
    return { ctx, event: await createSportsRepository(db).eventById(eventId) };
  }

  /**
   * The legs and the event from the read model (a quote: no database read), with its match state (the bus's
   * `fixture.state` keeps it as the row holds it). Legs that are not the event's are read from the database
   * (a refusal then names their event); null when the read model does not hold the event.
   */
  async function current(brandId: number | null, eventId: number, oddIds: readonly number[]) {
    const mem = await deps.betting.current(eventId, oddIds, brandId);
    if (!mem) return null;
    const missing = oddIds.filter((id) => !mem.selections.has(id));
    const ctx = missing.length
      ? new Map([...mem.selections, ...(await deps.betting.selections(missing, deps.db, brandId))])
      : mem.selections;
    return { ctx, event: mem.event };
  }

  const modelRecord = (input: FootballPricingInput, legs: BuilderLeg[]): BuilderModel => ({
    input,
    rho: options.rho,
    legs: legs.map((l) => ({ t: l.spec.t, s: l.spec.s, code: l.code })),
  });

  /** The legs' price for a brand now: the odd, the fair (effective) probability and the void share. */
  function priceLegs(
    sportId: number,
    input: FootballPricingInput,
    legs: BuilderLeg[],
    brandId: number | null,
  ):
    | { odd: number; fair: number; refund: number }
    | { code: 'incompatible'; conflict: number[] }
    | { code: 'not_offered' } {
    // One grid of the input for the conflict check and the price, kept for the input's next calls.
    const grid = grids.pricing(input);
    const conflict = conflictOf(legs, input, options.rho, grid);
    if (conflict) return { code: 'incompatible', conflict };
    const priced = priceBuilder(legs, input, options.rho, grid);
    const shared = builderOdd(priced.p, legs.length - priced.redundant.length, NO_BAND, deps.targets);
    const odd =
      shared === null ? null : brandOdd(shared, deps.pricing(brandId)?.builderMarginOf(sportId) ?? 0);
    if (odd === null || !inBand(odd, options.band)) return { code: 'not_offered' };
    return { odd, fair: priced.p, refund: priced.p > 0 ? Math.max(0, 1 - priced.win / priced.p) : 0 };
  }

  /**
   * The event's open builder selections that can join `oddIds` (every one of them, when none is picked yet):
   * each candidate with the legs can still win somewhere on the grid.
   */
  async function compatible(
    brandId: number | null,
    eventId: number,
    oddIds: readonly number[],
  ): Promise<BuilderRefusal | { code: 'ok'; oddIds: number[] }> {
    const repo = createSportsRepository(deps.db);
    const event = await repo.eventById(eventId);
    const model = event ? await modelOf(event) : null;
    if (!event || !model) return { code: 'not_football' };
    const rows = await repo.marketsOf([eventId]);
    const ids = [...new Set([...oddIds, ...rows.map((r) => r.selection.id)])];
    const ctx = await deps.betting.selections(ids, deps.db, brandId);
    const legs: BuilderLeg[] = [];
    for (const id of oddIds) {
      const c = ctx.get(id);
      if (!c) return { code: 'not_found', oddId: id };
      if (c.eventId !== eventId) return { code: 'other_event', oddId: id };
      const leg = legOf(model.specs, c);
      if (!leg) return { code: 'not_builder', oddId: id };
      legs.push(leg);
    }
    const picked = new Set(oddIds);
    const candidates: { id: number; leg: BuilderLeg }[] = [];
    for (const { selection } of rows) {
      const c = ctx.get(selection.id);
      if (!c || c.state !== 'ok' || picked.has(c.selectionId)) continue;
      const leg = legOf(model.specs, c);
      if (leg) candidates.push({ id: c.selectionId, leg });
    }
    const ok = grids.compatible(model.input).compatible(
      legs,
      candidates.map((c) => c.leg),
    );
    return { code: 'ok', oddIds: ok.map((k) => candidates[k]!.id) };
  }

  /**
   * The grids of the most recent model inputs (`builderGrids`): the key is the input itself (strengths, squads,
   * the match's state), so a goal, a card or a minute that changes the grid makes a new one.
   */
  const grids = builderGrids(options.rho, GRID_CACHE);

  /** The event's model and builder legs, read once per event for a set of builders. */
  async function modelsOf(eventIds: number[], db: DbOrTx) {
    const repo = createSportsRepository(db);
    const out = new Map<number, { event: EventRecord; model: EventModel }>();
    for (const id of new Set(eventIds)) {
      const event = await repo.eventById(id);
      const model = event ? await modelOf(event) : null;
      if (event && model) out.set(id, { event, model });
    }
    return out;
  }

  /**
   * Builders as selections (ids ≥ `BUILDER_ID_BASE`), as a client of `brandId` may bet them now: the price of the
   * legs in the match's current state; closed once a leg is decided or closed (its result the legs' conjunction),
   * suspended when a leg is, or when the price is outside the band; closed when the legs cannot all win.
   */
  async function contexts(
    view: BettingView,
    ids: number[],
    tx: DbOrTx | undefined,
    brandId: number | null | undefined,
  ): Promise<Map<number, SelectionContext & { fair?: { p: number; refund: number } }>> {
    const db = tx ?? deps.db;
    const rows = await createSportsRepository(db).builders(ids.map((id) => id - BUILDER_ID_BASE));
    const legCtx = await view.selections([...new Set(rows.flatMap((r) => r.legIds))], db, brandId);
    const models = await modelsOf(
      rows.map((r) => r.eventId),
      db,
    );
    const out = new Map<number, SelectionContext & { fair?: { p: number; refund: number } }>();
    for (const row of rows) {
      const legs = row.legIds.map((id) => legCtx.get(id));
      const m = models.get(row.eventId);
      if (!m || legs.some((l) => !l || l.eventId !== row.eventId)) continue;
      const contexts = legs as SelectionContext[];
      const specs = contexts.map((c) => legOf(m.model.specs, c));
      if (specs.some((l) => l === null)) continue;
      const builderLegs = specs as BuilderLeg[];
      const result = conjunction(contexts.map((c) => c.result));
      const notOk = contexts.find((c) => c.state !== 'ok');
      const priced =
        result === null ? priceLegs(m.event.sportId, m.model.input, builderLegs, brandId ?? null) : null;
      const state: SelectionContext['state'] =
        result !== null || contexts.some((c) => c.state === 'closed')
          ? 'closed'
          : notOk
            ? notOk.state
            : priced && 'code' in priced
              ? priced.code === 'incompatible'
                ? 'closed'
                : 'suspended'
              : 'ok';
      // Cash-out: a leg already won (closed with its result) is no reason to refuse; any other leg must be open.
      const open = contexts.filter((c) => c.result !== 'win');
      const cashOutState: SelectionContext['state'] =
        result !== null
          ? 'closed'
          : (open.find((c) => c.state !== 'ok')?.state ?? (priced && 'odd' in priced ? 'ok' : 'suspended'));
      const first = contexts[0]!;
      out.set(BUILDER_ID_BASE + row.id, {
        selectionId: BUILDER_ID_BASE + row.id,
        eventId: row.eventId,
        sportId: first.sportId,
        marketId: 0,
        marketType: BUILDER_MARKET_TYPE,
        special: '',
        outcome: 'builder',
        name: contexts.map((c) => c.name).join(' + '),
        odd: priced && 'odd' in priced ? priced.odd : 1,
        maxStake: Math.min(...contexts.map((c) => c.maxStake)),
        isLive: contexts.some((c) => c.isLive),
        minBetLimit: Math.max(...contexts.map((c) => c.minBetLimit)),
        state,
        result,
        builder: {
          legs: contexts.map((c) => ({
            selectionId: c.selectionId,
            marketType: c.marketType,
            special: c.special,
            outcome: c.outcome,
            name: c.name,
          })),
          model: modelRecord(m.model.input, builderLegs),
          cashOutState,
        },
        ...(priced && 'odd' in priced ? { fair: { p: priced.fair, refund: priced.refund } } : {}),
      });
    }
    return out;
  }

  /** The builder's selection id for legs of one event (null when a leg is not a selection of that event). */
  async function selectionIdOf(view: BettingView, eventId: number, legIds: number[], tx?: DbOrTx) {
    const db = tx ?? deps.db;
    const legs = await view.selections(legIds, db);
    if (legIds.some((id) => legs.get(id)?.eventId !== eventId)) return null;
    return idOf(eventId, legIds, db);
  }

  const ids = new Map<string, number>();
  /**
   * The builder's selection id for legs already checked to be of the event (a quote's): its row, inserted on
   * first need, then kept in memory (the row never changes).
   */
  async function idOf(eventId: number, legIds: readonly number[], tx?: DbOrTx): Promise<number> {
    const sorted = [...legIds].sort((a, b) => a - b);
    const key = `${eventId}|${sorted.join(',')}`;
    const known = ids.get(key);
    if (known !== undefined) return known;
    const id = BUILDER_ID_BASE + (await createSportsRepository(tx ?? deps.db).builderId(eventId, sorted));
    // Only a committed row is kept: inside a transaction the insert could still roll back.
    if (!tx) {
      if (ids.size >= ID_CACHE) ids.delete(ids.keys().next().value!);
      ids.set(key, id);
    }
    return id;
  }

  /**
   * A placed builder with a void leg, settled at the rest's price (a brand's rule): the offered odd of the legs
   * that did not void, from the model inputs stored at placement (null: no leg left, or none void).
   */
  async function voidOdd(
    view: BettingView,
    record: { legs: { selectionId: number }[]; model: unknown },
    tx?: DbOrTx,
  ): Promise<number | null> {
    const model = record.model as BuilderModel;
    const ctx = await view.selections(
      record.legs.map((l) => l.selectionId),
      tx ?? deps.db,
    );
    const specs = new Map(
      footballMarkets(model.input.home, model.input.away).map((s) => [marketKey(s.t, s.s), s]),
    );
    const rest: BuilderLeg[] = [];
    model.legs.forEach((l, i) => {
      const spec = specs.get(marketKey(l.t, l.s));
      if (spec && ctx.get(record.legs[i]!.selectionId)?.result !== 'void') rest.push({ spec, code: l.code });
    });
    if (rest.length === 0 || rest.length === model.legs.length) return null;
    const priced = priceBuilder(rest, model.input, model.rho);
    return builderOdd(priced.p, rest.length - priced.redundant.length, NO_BAND, deps.targets);
  }

  return {
    quote,
    compatible,
    contexts,
    selectionIdOf,
    idOf,
    voidOdd,
  };
}

export type BetBuilder = ReturnType<typeof createBetBuilder>;

/**
 * The betting view with builders as selections: ids from `BUILDER_ID_BASE` up are builders (their price, state,
 * result and fair value from their legs, `contexts`), every other id the view's own selection.
 */
export function withBuilders(view: BettingView, builder: BetBuilder): BettingView {
  return {
    ...view,
    async selections(ids, tx, brandId) {
      const builders = ids.filter(isBuilderId);
      const out = await view.selections(
        builders.length ? ids.filter((id) => !isBuilderId(id)) : ids,
        tx,
        brandId,
      );
      if (builders.length)
        for (const [id, c] of await builder.contexts(view, builders, tx, brandId)) {
          const { fair: _fair, ...context } = c;
          out.set(id, context);
        }
      return out;
    },
    async fairProbabilities(ids, tx) {
      const builders = ids.filter(isBuilderId);
      const out = await view.fairProbabilities(
        builders.length ? ids.filter((id) => !isBuilderId(id)) : ids,
        tx,
      );
      if (builders.length)
        for (const [id, c] of await builder.contexts(view, builders, tx, null))
          if (c.fair) out.set(id, fairColumns({ p: c.fair.p, refund: c.fair.refund }));
      return out;
    },
    builderSelectionId: (eventId, legIds, tx) => builder.selectionIdOf(view, eventId, legIds, tx),
    builderVoidOdd: (record, tx) => builder.voidOdd(view, record, tx),
  };
}
