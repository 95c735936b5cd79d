// Module composition, the first half of the composition root (app.ts): every module is made here with only its own
// dependencies, in the order they need each other, so no closure reaches a module made later. What the wallet and
// the session read of a client's bets is a read-only query object; client risk is made before betting (which
// applies it) and the back office (which settles through betting) after it. HTTP registration is app.http.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config/config';
import type { Database } from './db/database';
import type { Clock } from './lib/clock';
import type { IdSource } from './lib/ids';
import type { EventBus } from './plugins/bus';
import { bettingRules, casinoRules } from './app.rules';
import type { DomainMetrics } from './observability/metrics';
import { createSportsModule, MIN_OFFERED_ODD } from './modules/sports/index';
import { createSimulatorProducer } from './modules/producer/index';
import { createTenancyModule, seedTenancy } from './modules/tenancy/index';
import { createBannersModule } from './modules/banners/index';
import { createIdentityModule } from './modules/identity/index';
import { createWalletModule } from './modules/wallet/index';
import { createLimitsModule } from './modules/limits/index';
import { seedDemoAccounts } from './demo-accounts.seed';
import { createOpsModule, createRisk, tickerNotice } from './modules/ops/index';
import { createBetQueries, createBettingModule } from './modules/betting/index';
import { createBoostPrices, createPromotionsModule, tighten, UK_RULES } from './modules/promotions/index';
import { createCasinoModule } from './modules/casino/index';
import { createFavouritesModule } from './modules/favourites/index';
import { createPlayStreamModule } from './modules/play-stream/index';

/** What every module may be made from: the infrastructure, made before any module. */
export interface Wiring {
  config: Config;
  database: Database;
  db: Database['db'];
  clock: Clock;
  ids: IdSource;
  bus: EventBus;
  /** Domain metrics (NO_METRICS when METRICS_ENABLED=false). */
  domain: DomainMetrics;
  /** Waits of the login throttle and the referrals (tests record them instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
  /** The bus and the modules log through the app's logger, which exists only once Fastify is built. */
  logTarget: { app?: FastifyInstance };
}

/** Tenancy, the sports read side and the feed producer: the brands and the events everything else refers to. */
function composeCatalogue(w: Wiring) {
  const { config, database, db, clock, ids, bus } = w;
  const tenancy = createTenancyModule({ db, clock, ids, bus });
  /** The brand a player request is served for (X-App or host); none (null) → the shared prices. */
  const brandOf = async (request: FastifyRequest) =>
    (await tenancy.resolveTenant(request).catch(() => null))?.id ?? null;
  const log = (msg: string, err?: unknown) => w.logTarget.app?.log.error({ err }, msg);
  // A brand's odds boosts (promotions, issue 36), shown beside the prices of the fixture bodies.
  const boostPrices = createBoostPrices({ db, clock });
  const sports = createSportsModule({
    brandOf,
    boostsOf: (brandId) => boostPrices.of(brandId),
    log,
    database,
    clock,
    bus,
    catalogue: {
      seed: config.CATALOGUE_SEED,
      scale: config.CATALOGUE_SCALE,
      daysAhead: config.CATALOGUE_DAYS_AHEAD,
      marketsWindowHours: config.MARKETS_WINDOW_HOURS,
    },
    producerStaleMs: config.PRODUCER_STALE_MS,
    pricingThreads: config.PRICING_THREADS,
    pricing: {
      band: { minOdd: MIN_OFFERED_ODD, maxOdd: config.PRICE_MAX_ODD },
      rho: config.PRICING_DC_RHO,
    },
    builderTargets: config.BUILDER_MARGINS,
  });
  // The feed producer (the match simulator): writes the sports tables only through the sports module's ingest port.
  const producer = createSimulatorProducer({
    log,
    database,
    clock,
    bus,
    sports,
    seed: config.CATALOGUE_SEED,
    outcomeTestSeed: config.OUTCOME_TEST_SEED,
    simulator: { speed: config.SIMULATOR_SPEED, tickMs: config.SIMULATOR_TICK_MS },
    virtual: { roundMs: config.VIRTUAL_ROUND_SECONDS * 1000, matchMs: config.VIRTUAL_MATCH_SECONDS * 1000 },
  });
  return { tenancy, brandOf, boostPrices, sports, producer };
}
type Catalogue = ReturnType<typeof composeCatalogue>;

/** The client's side: wallet, identity, limits and the desk's client risk. */
function composeClients(w: Wiring, { tenancy }: Catalogue) {
  const { config, db, clock, ids } = w;
  const betQueries = createBetQueries(db);
  const wallet = createWalletModule({
    db,
    clock,
    metrics: w.domain,
    // Cashback counts settled bets.
    settledBets: betQueries.settledBetween,
  });
  const identity = createIdentityModule({
    db,
    clock,
    ids,
    refreshGraceMs: config.REFRESH_GRACE_MS,
    sleep: w.sleep,
    brandOf: async (appId) => tenancy.service.findById(appId),
    sources: {
      balances: (user) => wallet.service.balances(user),
      // Open bets (waiting or in their live delay).
      waitingBets: betQueries.openCount,
      appOf: tenancy.resolveTenant,
    },
  });
  const limits = createLimitsModule({
    db,
    clock,
    clientById: (id, tx) => identity.service.getUser(id, tx),
    usage: (client, from, to, tx) => wallet.activity.usage(client, from, to, tx),
  });
  // Client limits, stake factors and block flags: the back office sets them, bet placement applies them.
  const risk = createRisk({ db, clock });
  return { betQueries, wallet, identity, limits, risk };
}
type Clients = ReturnType<typeof composeClients>;

/** Promotions (issue 36): betting takes free bets through it, the back office runs its campaigns. */
function composePromotions(w: Wiring, { tenancy, boostPrices, sports }: Catalogue, clients: Clients) {
  const { identity, risk } = clients;
  return createPromotionsModule({
    db: w.db,
    clock: w.clock,
    wallet: clients.wallet.service,
    // Cashback campaigns count settled bets.
    cashbackBets: clients.betQueries.cashbackBets,
    brandName: async (appId) => (await tenancy.service.findById(appId))?.name ?? null,
    clientById: async (id, tx) => {
      const user = await identity.service.getUser(id, tx).catch(() => null);
      return user && { id: user.id, appId: user.appId, role: user.role, currencyIso: user.currencyIso };
    },
    // An odds boost must beat the selection's price in the brand's prices.
    boostPrices,
    selectionPrice: async (oddId, brandId) =>
      (await sports.betting.selections([oddId], undefined, brandId)).get(oddId)?.odd ?? null,
    // A campaign's segments are the desk's risk labels.
    segmentOf: async (userId) => (await risk.client(userId)).label,
    // The UK's rules, tightened by the brand's own (its features).
    rulesOf: async (appId) => {
      const features = (await tenancy.service.findById(appId))?.features;
      return tighten(UK_RULES, {
        maxWagering: features?.promotionMaxWagering,
        maxExpiryDays: features?.promotionMaxExpiryDays,
      });
    },
  });
}
type Promotions = ReturnType<typeof composePromotions>;

/** Rate limits count per client (any of their tokens), visitors per address. */
const clientOfRequest = (clients: Clients) => (request: FastifyRequest) =>
  clients.identity.auth.clientIdOf(request);

function composeBetting(w: Wiring, catalogue: Catalogue, clients: Clients, promotions: Promotions) {
  const { tenancy, sports } = catalogue;
  const { wallet, identity, limits, risk } = clients;
  return createBettingModule({
    db: w.db,
    clock: w.clock,
    bus: w.bus,
    wallet: wallet.service,
    sports: sports.betting,
    auth: identity.auth,
    assertCanStake: (userId, amount, tx) => limits.service.assertCanStake(userId, amount, tx),
    ...bettingRules(w.config, clientOfRequest(clients)),
    risk: risk.betRisk,
    rewards: promotions.rewards,
    bonusStakes: promotions.bonusStakes,
    clientsWithRules: (userIds) => limits.service.clientsWithRules(userIds),
    metrics: w.domain,
    brandOf: catalogue.brandOf,
    brandName: async (appId) => (await tenancy.service.findById(appId))?.name ?? null,
    sleep: w.sleep,
    log: (msg, err) => w.logTarget.app?.log.error({ err }, msg),
    // A bet placed or its referral moved: the desk's ticker on every instance polls now, not at its next tick.
    betChanged: tickerNotice(w.bus, (msg, err) => w.logTarget.app?.log.warn({ err }, msg)),
  });
}

function composeCasino(w: Wiring, { tenancy }: Catalogue, clients: Clients) {
  const { config } = w;
  const { wallet, identity, limits } = clients;
  return createCasinoModule({
    database: w.database,
    clock: w.clock,
    bus: w.bus,
    wallet: wallet.service,
    auth: identity.auth,
    // playnow is a navigation: its token comes in the query, and must belong to the request's app.
    clientOfToken: async (request, token) => {
      const found = await identity.tokens.authenticate(token);
      if (!found || found.user.role !== 'ROLE_CLIENT') return null;
      return found.user.appId === (await tenancy.resolveTenant(request)).id ? found.user : null;
    },
    appOf: tenancy.resolveTenant,
    brandExists: async (appId) => (await tenancy.service.findById(appId)) !== null,
    assertCanStake: (userId, amount, tx) => limits.service.assertCanStake(userId, amount, tx),
    ...casinoRules(config, clientOfRequest(clients)),
    metrics: w.domain,
    log: (msg, err) => w.logTarget.app?.log.error({ err }, msg),
  });
}

interface OpsParts {
  catalogue: Catalogue;
  clients: Clients;
  promotions: Promotions;
  betting: ReturnType<typeof composeBetting>;
  casino: ReturnType<typeof composeCasino>;
  banners: ReturnType<typeof createBannersModule>;
}

/** The back office: its resettlement settles through betting; the other modules' desk routes are its plugins. */
function composeOps(w: Wiring, { catalogue, clients, promotions, betting, casino, banners }: OpsParts) {
  const { config } = w;
  return createOpsModule({
    db: w.db,
    database: w.database,
    clock: w.clock,
    bus: w.bus,
    sports: catalogue.sports,
    producer: catalogue.producer,
    risk: clients.risk,
    settleBetsIn: betting.settlement.settleBetsIn,
    voidBetIn: betting.settlement.voidBetIn,
    referrals: betting.service.referrals,
    wallet: clients.wallet.service,
    blocks: clients.limits.service,
    require2fa: config.OPS_REQUIRE_2FA,
    sessionMinutes: config.OPS_SESSION_MINUTES,
    automationToken: config.OPERATOR_TOKEN,
    metrics: w.domain,
    log: (msg, err) => w.logTarget.app?.log.error({ err }, msg),
    plugins: [
      (ctx) => promotions.opsRoutes(ctx),
      (ctx) => catalogue.tenancy.opsRoutes(ctx),
      (ctx) => casino.opsRoutes(ctx),
      (ctx) => banners.opsRoutes(ctx),
      (ctx) => clients.identity.opsRoutes(ctx),
    ],
  });
}

/** Every module, made in the order they need each other. */
export function composeModules(w: Wiring) {
  const { db, clock } = w;
  const catalogue = composeCatalogue(w);
  const { tenancy, sports, producer } = catalogue;
  const clients = composeClients(w, catalogue);
  const { wallet, identity, limits } = clients;
  const promotions = composePromotions(w, catalogue, clients);
  const betting = composeBetting(w, catalogue, clients, promotions);
  const casino = composeCasino(w, catalogue, clients);
  const banners = createBannersModule({
    db,
    clock,
    bus: w.bus,
    brand: (appId) => tenancy.service.findById(appId),
    appOf: tenancy.resolveTenant,
  });
  const ops = composeOps(w, { catalogue, clients, promotions, betting, casino, banners });
  const favourites = createFavouritesModule({
    db,
    clock,
    auth: identity.auth,
    targets: { eventExists: sports.eventExists, competitionExists: sports.competitionExists },
  });
  const playStream = createPlayStreamModule({
    clock,
    auth: identity.auth,
    source: { match: sports.streamMatch },
  });
  const brandOf = catalogue.brandOf;
  const modules = { tenancy, sports, producer, identity, wallet, limits, betting, casino, favourites, ops };
  return { ...modules, promotions, banners, playStream, brandOf };
}
export type Modules = ReturnType<typeof composeModules>;

/** Reference data, the casino's catalogue and (SEED_DEMO) the demo brands, accounts and desk. */
export async function seedModules(w: Wiring, m: Modules) {
  const { db, clock } = w;
  await m.sports.seedReferenceData(() => m.producer.ensureReference());
  await m.casino.seed();
  if (w.config.SEED_DEMO) {
    await seedTenancy(m.tenancy.service);
    const walletAt = (ms: number) => createWalletModule({ db, clock: { now: () => ms } }).service;
    await seedDemoAccounts({
      tenancy: m.tenancy.service,
      identity: m.identity.service,
      walletAt,
      now: clock.now(),
    });
    await m.ops.seedDemo();
  }
}
