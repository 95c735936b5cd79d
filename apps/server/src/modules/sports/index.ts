import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../plugins/bus';
import { createCatalogueService, type CatalogueOptions } from './catalogue/catalogue.service';
import { createSportsRepository } from './sports.repository';
import { fixturesRoutes } from './fixtures.routes';
import { createEventsService } from './events.service';
import { createEventReadModel } from './read-model/event-read-model';
import { createPricer } from './pricing/pricer';
import { DEFAULT_PRICING, type PricingOptions } from './pricing/pricing-options';
import { createReadService } from './read-model/read.service';
import { createBettingView } from './betting-view';
import { createH2hService } from './h2h.service';
import { MAIN_MARKETS, MARKET_DEFINITIONS } from './market-definitions.data';
import type { FeedMarket, Locale } from '@sb/contract';
import { createMarketsRepository } from './markets.repository';
import { marketsRoutes } from './markets.routes';
import { createMarketsService } from './markets.service';
import { widgetsRoutes } from './widgets.routes';
import { createOperatorPrices } from './operator-prices';
import { createOperatorSuspension } from './operator-suspension';
import { createMarketResulting, type ResultModel } from './market-resulting';
import { createBrandMargins } from './brand-margins';
import type { BoostedPrices } from './event-view';
import { createSportsIngest } from './ingest/index';
import type { BrandOf } from './fixtures.routes';
import { createBetBuilder, withBuilders } from './bet-builder.service';
import { betBuilderRoutes } from './bet-builder.routes';
import { DEFAULT_BUILDER_TARGETS } from './pricing/football.builder';

export type { BettingView, EventSummary, SelectionContext } from './betting-view';
export type { BetBuilder, BuilderModel, BuilderQuote, BuilderRefusal } from './bet-builder.service';
export { BUILDER_ID_BASE, BUILDER_MARKET_TYPE, isBuilderId } from './bet-builder.service';
export { builderError } from './bet-builder.routes';
export { ResultInputError, type ResultInput } from './operator-result';
export { MIN_OFFERED_ODD } from './pricing/margin';
export type { OperatorSuspension } from './operator-suspension';
export type { OperatorPrices } from './operator-prices';
export type { BrandMargins } from './brand-margins';
export { marketTypeFamilies } from './brand-margins';
export { MARKET_FAMILIES, MAX_BRAND_MARGIN_BP, MIN_BRAND_MARGIN_BP } from './pricing/brand-odd';
export type { MarketForResult, MarketResults, MarketResulting, ResultModel } from './market-resulting';
export type { BoostedPrices, ReferenceCache } from './event-view';
// The feed producer's port (what it writes through) and the market model it plays matches with: reached through
// this front door like the rest of the module (the walls count only a module's top index.ts).
export * from './ingest/index';
export * from './pricing/index';

export interface SportsDeps {
  database: Database;
  clock: Clock;
  bus: EventBus;
  catalogue: CatalogueOptions;
  /** Worker threads that price markets (0: on the main thread); the producer prices with the same pricer. */
  pricingThreads?: number;
  /** Price band and model settings (defaults: band [1.02, 501), Dixon–Coles ρ −0.1). */
  pricing?: PricingOptions;
  /** The bet builder's target overround per leg count, 2 legs first (config `BUILDER_MARGINS`). */
  builderTargets?: readonly number[];
  /** Producer silence (ms) after which live markets read as suspended; 0 never. */
  producerStaleMs?: number;
  log?: (msg: string, err?: unknown) => void;
  /** The brand a player request is served for (its margins price the odds); without it, the shared prices. */
  brandOf?: BrandOf;
  /** A brand's odds boosts running now (promotions, issue 36): the fixture bodies show them beside the price. */
  boostsOf?: (brandId: number) => Promise<BoostedPrices>;
}

/**
 * The sports read side: the catalogue (reference data, events, markets), the in-memory read model the spec's
 * fixture, market and widget calls answer from, the views betting and the feed read, brand margins, and the
 * operator's own overrides (suspension, prices, manual results). It owns the sports tables; a feed producer
 * writes them only through `ingest` (the simulator in modules/producer, or a real data provider's adapter).
 */
export function createSportsModule(deps: SportsDeps) {
  const db = deps.database.db;
  const marketsRepo = createMarketsRepository(db);
  const markets = createMarketsService(marketsRepo);
  const repo = createSportsRepository(db);
  const pricer = createPricer(deps.pricingThreads ?? 0, deps.pricing ?? DEFAULT_PRICING);
  const catalogue = createCatalogueService({ repo, clock: deps.clock, options: deps.catalogue, pricer });
  const service = createEventsService({ repo, clock: deps.clock });
  const readModel = createEventReadModel({
    repo,
    catalogue,
    bus: deps.bus,
    clock: deps.clock,
    producerStaleMs: deps.producerStaleMs ?? 0,
    log: deps.log,
  });
  const margins = createBrandMargins({
    db,
    bus: deps.bus,
    clock: deps.clock,
    band: (deps.pricing ?? DEFAULT_PRICING).band,
    log: deps.log,
  });
  const reads = createReadService({
    readModel,
    catalogue,
    pricing: margins.pricing,
    ...(deps.boostsOf && { boostsOf: deps.boostsOf }),
  });
  const plainBetting = createBettingView({
    db,
    readModel,
    catalogue,
    pricing: margins.pricing,
    isProducerStale: () => readModel.isProducerStale(),
    now: () => deps.clock.now(),
  });
  const h2h = createH2hService({ repo, events: service, catalogue });
  const builder = createBetBuilder({
    db,
    betting: plainBetting,
    catalogue,
    pricing: margins.pricing,
    options: deps.pricing ?? DEFAULT_PRICING,
    targets: deps.builderTargets ?? DEFAULT_BUILDER_TARGETS,
  });
  // Bet builders are selections to betting (ids from BUILDER_ID_BASE): priced, decided and valued from their legs.
  const betting = withBuilders(plainBetting, builder);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(betBuilderRoutes(builder, deps.brandOf ?? (async () => null)));
    await app.register(marketsRoutes(markets));
    await app.register(fixturesRoutes(reads, markets, h2h, () => deps.clock.now(), deps.brandOf));
    await app.register(widgetsRoutes(service, reads, catalogue, deps.brandOf));
  };
  return {
    routes,
    service,
    reads,
    /** What bet placement, settlement and cash-out read (selection states in a transaction, results). */
    betting,
    /** The bet builder: prices same-event combinations (placement re-prices through it). */
    builder,
    /** The in-memory read model (built by `seedReferenceData`, kept current from the bus). */
    readModel,
    /**
     * Whether the feed producer has been silent past PRODUCER_STALE_MS: live markets then read as suspended
     * everywhere, and bet placement must refuse live selections.
     */
    isProducerStale: () => readModel.isProducerStale(),
    /** Current event state for the feed (its start, resyncs, events it has not seen yet). */
    feedSource: {
      liveIds: () => readModel.liveIds(),
      states: (ids: Iterable<number>) => readModel.feedState(ids),
      prepare: async (ids: number[]) => {
        const events = ids.map((id) => readModel.store.get(id)).filter((e) => e !== undefined);
        await readModel.ensureMarkets(events);
      },
    },
    /** Back office: brand margins per sport and market family (stored, held in memory, applied where served). */
    margins,
    /** How the feed renders event texts: competition names per language, which markets a list row shows,
     *  each brand's prices. */
    feedRendering: {
      brandMarkets(brandId: number | null, eventId: number) {
        const pricing = margins.pricing(brandId);
        const sportId = readModel.store.get(eventId)?.record.sportId;
        if (!pricing || sportId === undefined) return null;
        return { key: pricing.key, apply: (m: FeedMarket) => pricing.feedMarket(m, sportId) };
      },
      competitionName(id: number, locale: Locale): string | undefined {
        const c = catalogue.cachedReference()?.competitions.get(id);
        return c ? (locale === 'tr' ? c.nameTr : c.nameEn) : undefined;
      },
      isRowMarket(eventId: number, marketId: number, t: number): boolean {
        const event = readModel.store.get(eventId);
        if (!event) return true;
        // Live football rows show market 39 in place of 10 (see the main-market call).
        const types = [
          ...(MAIN_MARKETS[event.record.sportId] ?? []),
          ...(event.record.sportId === 1 ? [39] : []),
        ];
        if (!types.includes(t)) return false;
        const entry = event.markets?.find((m) => m.market.id === marketId);
        return entry ? entry.market.main : true;
      },
    },
    catalogue,
    /** Whether an event exists under its own id (a sub-event's id is not one): favourites name events. */
    async eventExists(id: number): Promise<boolean> {
      return (await readModel.fetchEvent(id))?.record.id === id;
    },
    async competitionExists(id: number): Promise<boolean> {
      return (await catalogue.reference()).competitions.has(id);
    },
    /** Every market definition in a locale: the body of `GET /api/v2/markets` (the page's start-up data). */
    async marketDefinitions(locale: Locale) {
      return markets.definitions(locale);
    },
    /** An event's view, its incidents (newest last) and its sides' colours: the stream frame draws them. */
    async streamMatch(eventId: number, locale: Locale) {
      const record = await service.eventRecord(eventId);
      const event = await reads.eventView(record.id, locale);
      const teams = (await catalogue.reference()).teams;
      const colour = (id: number) => teams.get(id)?.crest.primary ?? '';
      return {
        event,
        incidents: record.data.incidents,
        colours: { home: colour(record.homeTeamId), away: colour(record.awayTeamId) },
      };
    },
    /** Back office: an operator's suspension of a market or an event, held through reprices. */
    operatorSuspension: createOperatorSuspension({ db, bus: deps.bus, clock: deps.clock }),
    operatorPrices: createOperatorPrices({ db, bus: deps.bus, clock: deps.clock }),
    /** Back office: an operator's result or void of one market, by the producer's match model (results workspace). */
    marketResulting: (model: ResultModel) =>
      createMarketResulting({ bus: deps.bus, clock: deps.clock, simulator: model, catalogue }),
    /** The port a feed producer writes the sports tables through (events, markets, prices, results, commands). */
    ingest: createSportsIngest(db, repo),
    /** The market pricer (worker threads): the catalogue prices new markets with it, the producer reprices. */
    pricer,
    /** Stops what the module runs: the read model's timer, the pricing threads. */
    async close(): Promise<void> {
      readModel.close();
      await pricer.close();
    },
    /**
     * Market definitions are reference data: upserted at every start so code and database agree. `producerReference`
     * adds the producer's own reference rows (virtual football's leagues) before the read model loads.
     */
    async seedReferenceData(producerReference?: () => Promise<void>): Promise<void> {
      await marketsRepo.upsertMany(
        MARKET_DEFINITIONS.map((m) => ({
          id: m.id,
          eid: m.id,
          sportId: m.sportId,
          nameEn: m.en,
          nameTr: m.tr,
          order: m.order,
          spk: m.spk,
          mg: m.mg,
        })),
      );
      await catalogue.ensureCatalogue();
      // After the catalogue's reference (its presence is what `ensureCatalogue` checks first).
      await producerReference?.();
      catalogue.forgetReference();
      // Loaded again now, not by its first reader: that may be a transaction (a bet builder leg's model, a
      // result from the desk), whose read of it on the database's own handle would wait for it on PGlite.
      await catalogue.reference();
      await readModel.load();
      await margins.load();
    },
  };
}

export type SportsModule = ReturnType<typeof createSportsModule>;
