import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads; README "Configuration" documents the same list. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** A query on the database's own handle inside a transaction's callback (db/transaction-guard.ts). */
  DB_TRANSACTION_GUARD: z.enum(['throw', 'log', 'off']).default('log'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Channel prefix of the Redis bus: instances of one deployment share it. */
  REDIS_CHANNEL_PREFIX: z.string().min(1).max(64).default('sb:'),
  /** Live feed (modules/feed/README.md): heartbeat period, market conflation window (0: off), limits. */
  FEED_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  FEED_CONFLATE_MS: z.coerce.number().int().min(0).max(1_000).default(50),
  FEED_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(16 * 1024)
    .default(1024 * 1024),
  FEED_RING_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  FEED_RING_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
  FEED_MAX_EVENTS: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  SEED_DEMO: bool.default(true),
  WEB_DIST_DIR: z.string().optional(),
  /** Serve the web build's source maps (`*.map`) publicly; off by default (they expose the source). */
  SERVE_SOURCE_MAPS: bool.default(false),
  PUBLIC_CORE_URL: z.string().default(''),
  PUBLIC_API_URL: z.string().default(''),
  PUBLIC_BSAPI_URL: z.string().default(''),
  /**
   * Which proxies may set X-Forwarded-For (the client address drives per-address login limits). Default
   * `false`: no proxy is trusted and the socket's address counts. Otherwise proxy-addr names/CIDRs, comma
   * separated (e.g. `10.0.0.5,10.0.1.0/24`), or `true` to trust every hop (only behind a proxy that overwrites it).
   */
  TRUST_PROXY: z.string().min(1).default('false'),
  /** How long a rotated refresh token still gets the same answer (two tabs refreshing at once). */
  REFRESH_GRACE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /** A request (headers and body) must arrive within this (slow bodies are cut: issue 32 item 11). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** Open HTTP connections one peer address may hold on this instance; 0 = no cap (behind a proxy: its own cap). */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(256),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** After SIGTERM, how long /readyz answers 503 while requests are still served, before the drain starts. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  /** A page's server render that takes longer than this is dropped for the plain shell (0: never render). */
  SSR_RENDER_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(3_000),
  /** A /readyz check slower than this fails (the database pool waiting counts as not ready). */
  READINESS_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2_000),
  /** Metrics listener (Prometheus text, `GET /metrics`), never the public port; 0 = a free port. */
  METRICS_ENABLED: bool.default(true),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Required to bind the metrics listener to a non-loopback METRICS_HOST (it has no authentication). */
  METRICS_PUBLIC: bool.default(false),
  /** Load shedding (README "Operations"): limits past which cheap reads get 503 + Retry-After; 0 = off. */
  SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  SHED_MAX_HEAP_USED_MB: z.coerce.number().int().min(0).max(65_536).default(0),
  SHED_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  SHED_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  SHED_RETRY_AFTER_S: z.coerce.number().int().min(1).max(3_600).default(5),
  /** Seed of the generated sports catalogue (same seed, same catalogue). */
  CATALOGUE_SEED: z.coerce.number().int().min(0).default(20_261_121),
  /**
   * Tests only: matches draw from this seed (the same seed, the same matches) instead of a CSPRNG key per match
   * (`lib/outcome-draws.ts`). Refused with NODE_ENV=production.
   */
  OUTCOME_TEST_SEED: z.coerce.number().int().min(0).optional(),
  /** Events per day relative to the full catalogue (1 = 400 a day, 20+ live at any moment). */
  CATALOGUE_SCALE: z.coerce.number().min(0.01).max(2).default(1),
  /** Days ahead the catalogue is generated for. */
  CATALOGUE_DAYS_AHEAD: z.coerce.number().int().min(1).max(14).default(7),
  /** Whether this instance competes for simulator leadership (the leader runs the match simulator). */
  SIMULATOR_ENABLED: bool.default(true),
  SIMULATOR_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** Default speed factor of simulated matches (1 = real time). */
  SIMULATOR_SPEED: z.coerce.number().min(0.1).max(1000).default(1),
  /** Virtual football: a round of matches kicks off every this many seconds (3 minutes). */
  VIRTUAL_ROUND_SECONDS: z.coerce.number().int().min(10).max(3_600).default(180),
  /** Virtual football: real seconds a match takes (60–90 s); must be shorter than the round period. */
  VIRTUAL_MATCH_SECONDS: z.coerce.number().int().min(5).max(3_600).default(75),
  /** Markets are generated for events starting within this many hours (others on first request). */
  MARKETS_WINDOW_HOURS: z.coerce.number().min(0).max(168).default(3),
  /** How long a live bet waits before it is checked again and accepted or rejected. */
  BET_LIVE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /**
   * Group commit of placements (betting README): placements arriving within this many ms share one transaction;
   * lanes by market, each with one batch in flight (0 lanes: every bet in its own transaction); bets per batch.
   */
  BET_BATCH_WINDOW_MS: z.coerce.number().int().min(0).max(50).default(2),
  BET_BATCH_LANES: z.coerce.number().int().min(0).max(64).default(4),
  BET_BATCH_MAX: z.coerce.number().int().min(1).max(1_000).default(64),
  /**
   * The most one bet may pay, minor units of the client's currency (1,000,000.00): checkBets offers the stake that
   * reaches it as the max stake, betPlace refuses above it. `BET_MAX_PAYOUTS` overrides it per brand and
   * currency: `brand:CUR=amount` entries, comma separated, brand an app id or `*` (`*:EUR=50000000,2:TRY=…`).
   */
  BET_MAX_PAYOUT: z.coerce.number().int().min(100).max(1_000_000_000_000).default(100_000_000),
  BET_MAX_PAYOUTS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const entries: { brandId: number | null; currency: string; amount: number }[] = [];
      for (const part of text
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const m = /^(\*|\d{1,9}):([A-Z]{3})=(\d{3,13})$/.exec(part);
        if (!m) {
          ctx.addIssue({ code: 'custom', message: `"${part}" is not brand:CUR=amount (brand an id or *)` });
          return z.NEVER;
        }
        entries.push({ brandId: m[1] === '*' ? null : Number(m[1]), currency: m[2]!, amount: Number(m[3]) });
      }
      return entries;
    }),
  /**
   * Referral (issue 34): a bet whose total stake or potential payout reaches these (minor units of the client's
   * currency; 0 = none) waits for the desk's approval. A client's risk profile can only tighten them.
   * `BET_REFERRALS` overrides them per brand and currency: `brand:CUR=stake/payout` entries, comma separated,
   * brand an app id or `*` (`2:TRY=500000/5000000`).
   */
  BET_REFERRAL_STAKE: z.coerce.number().int().min(0).max(1_000_000_000_000).default(1_000_000),
  BET_REFERRAL_PAYOUT: z.coerce.number().int().min(0).max(1_000_000_000_000).default(10_000_000),
  BET_REFERRALS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const entries: { brandId: number | null; currency: string; stake: number; payout: number }[] = [];
      for (const part of text
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const m = /^(\*|\d{1,9}):([A-Z]{3})=(\d{1,13})\/(\d{1,13})$/.exec(part);
        if (!m) {
          ctx.addIssue({
            code: 'custom',
            message: `"${part}" is not brand:CUR=stake/payout (brand an id or *)`,
          });
          return z.NEVER;
        }
        entries.push({
          brandId: m[1] === '*' ? null : Number(m[1]),
          currency: m[2]!,
          stake: Number(m[3]),
          payout: Number(m[4]),
        });
      }
      return entries;
    }),
  /** How long a referred bet (and the desk's counter-offer) waits before it is rejected and its stake returned. */
  BET_REFERRAL_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** The highest combined odds of any combination of a bet (decimal; 100,000.00). */
  BET_MAX_COMBINED_ODDS: z.coerce.number().int().min(2).max(1_000_000_000).default(100_000),
  /** Bet placements a client may make per minute (all their tokens, all instances with REDIS_URL). */
  BET_PLACE_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Slip checks per client (a visitor: per address) per minute; the slip re-checks as odds move. */
  CHECK_BETS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(240),
  /** Cash-out requests per client per minute. */
  CASHOUT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Live-feed WebSocket connections one address may hold open on one instance. */
  FEED_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  /**
   * The house's cut of a bet's fair value when it is cashed out, basis points (200 = 2%): a single at unchanged
   * odds is offered stake × (1 − margin) / overround, at least 90% of the stake for a market of overround ≤ 108.8%.
   */
  CASHOUT_MARGIN_BP: z.coerce.number().int().min(0).max(5_000).default(200),
  /** How far below the shown price a cash-out may still execute, basis points. */
  CASHOUT_TOLERANCE_BP: z.coerce.number().int().min(0).max(2_000).default(100),
  /** Whether this instance runs the betting jobs (live acceptance, settlement, corrections); tests drive them. */
  BETTING_JOBS: bool.default(true),
  /** Worker threads that price markets off the main thread (0: price on it, as tests do). */
  PRICING_THREADS: z.coerce.number().int().min(0).max(8).default(1),
  /** The highest odd on sale: a selection priced at or above it is suspended (never capped). */
  PRICE_MAX_ODD: z.coerce.number().min(10).max(10_000).default(501),
  /**
   * The bet builder's target overround per leg count, 2 legs first (`1.1,1.15,…`, at most 9 values; the last one
   * applies to longer builders): implied probability = fair × target. A brand's margin on the `builder` family
   * (the brand margins) is applied on top, as on every other market.
   */
  BUILDER_MARGINS: z
    .string()
    .default('1.1,1.15,1.2,1.25,1.3,1.35,1.4,1.45,1.5')
    .transform((text, ctx) => {
      const values = text.split(',').map((v) => Number(v.trim()));
      if (values.length < 1 || values.length > 9 || values.some((v) => !(v >= 1 && v <= 3))) {
        ctx.addIssue({ code: 'custom', message: 'at most 9 overrounds between 1 and 3, comma separated' });
        return z.NEVER;
      }
      return values;
    }),
  /**
   * Brands (app ids, comma separated, or `*` for all) whose bet builders with a void leg settle at the exact price
   * of the other legs from the model inputs stored at placement; every other brand voids the whole builder.
   */
  BUILDER_VOID_REPRICE_BRANDS: z
    .string()
    .regex(/^(\*|\d{1,9}(,\d{1,9})*)?$/, 'app ids, comma separated, or *')
    .default('')
    .transform((text) =>
      text === '*' ? ('*' as const) : new Set(text.split(',').filter(Boolean).map(Number)),
    ),
  /**
   * Dixon–Coles low-score correction ρ of the football goals grid (0 = independent Poisson, the law of the
   * simulated feed; a real feed's dependence would set it).
   */
  PRICING_DC_RHO: z.coerce.number().min(-0.3).max(0.3).default(0),
  /** Producer silence after which every instance suspends live markets (Betradar's 20 s); 0 = never. */
  PRODUCER_STALE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /** Period of the roulette tables: a spin every this many ms (bets close 5 s before, or a fifth of it if shorter). */
  ROULETTE_SPIN_MS: z.coerce.number().int().min(3_000).max(600_000).default(30_000),
  /** Whether this instance competes to deal the roulette tables (one leader by PostgreSQL advisory lock). */
  CASINO_TABLES_ENABLED: bool.default(true),
  /** Slot spins or roulette placements a client (demo: an address) may send per minute, across instances. */
  CASINO_PLAYS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Fun-money (demo) game sessions one address may open per hour, over every instance (issue 32 item 11). */
  DEMO_SESSIONS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Whether this instance competes to run the crash game's loop (one leader by PostgreSQL advisory lock). */
  CRASH_ENABLED: bool.default(true),
  /** The crash game's betting window before each flight (5 s; tests shorten it). */
  CRASH_BETTING_MS: z.coerce.number().int().min(200).max(60_000).default(5_000),
  /** The pause after a crash before the next betting window (3 s). */
  CRASH_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /** How often the leader sends the flight's multiplier on the feed. */
  CRASH_TICK_MS: z.coerce.number().int().min(20).max(5_000).default(100),
  /** Rounds in one provably fair hash chain (a new chain, salt and terminating hash when it is used up). */
  CRASH_CHAIN_LENGTH: z.coerce.number().int().min(2).max(10_000_000).default(100_000),
  /**
   * A chain collects players' client seeds at least this long after its commitment before it is sealed and
   * played (a chain committed behind a long one has had that one's whole life; the first waits this long).
   */
  CRASH_SEEDING_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** The most one round pays out in real money, minor units: everyone still in is cashed out there. */
  CRASH_MAX_ROUND_PAYOUT: z.coerce.number().int().min(1_000).max(1_000_000_000_000).default(10_000_000),
  /**
   * Strict-Transport-Security max-age (seconds) sent on responses to requests that came over TLS (directly or,
   * with TRUST_PROXY, by X-Forwarded-Proto); 0 = never sent.
   */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).max(63_072_000).default(31_536_000),
  /** Bearer token of the operator HTTP API (`/ops/v1/...`); unset = the API is off (404). */
  OPERATOR_TOKEN: z.string().min(24, 'must be at least 24 characters').max(256).optional(),
  /** Back office: every operator must log in with a TOTP second factor (enrol at first login). */
  OPS_REQUIRE_2FA: bool.default(true),
  /** Back office: an operator session ends after this many idle minutes (and 8 hours at most). */
  OPS_SESSION_MINUTES: z.coerce.number().int().min(1).max(480).default(30),
});

export type Config = z.infer<typeof envSchema>;

/** The names of every variable the schema reads (README "Configuration" lists the same, a unit test checks). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as (keyof Config)[];

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws a ConfigError naming every offending variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const data = parsed.data;
  if (data.VIRTUAL_MATCH_SECONDS >= data.VIRTUAL_ROUND_SECONDS)
    throw new ConfigError(
      'Invalid configuration:\n  VIRTUAL_MATCH_SECONDS: must be shorter than VIRTUAL_ROUND_SECONDS',
    );
  assertOutcomeSeedAllowed(data);
  if (data.METRICS_ENABLED && !data.METRICS_PUBLIC && !isLoopbackHost(data.METRICS_HOST))
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_HOST: not a loopback address; set METRICS_PUBLIC=true to expose metrics there',
    );
  return data;
}

/**
 * The test-only outcome seed makes every simulated result computable by whoever knows it: a production server
 * refuses to start with it (loadConfig, and the composition root for configs built in code).
 */
export function assertOutcomeSeedAllowed(config: Pick<Config, 'NODE_ENV' | 'OUTCOME_TEST_SEED'>): void {
  if (config.NODE_ENV === 'production' && config.OUTCOME_TEST_SEED !== undefined)
    throw new ConfigError(
      'Invalid configuration:\n  OUTCOME_TEST_SEED: tests only, refused with NODE_ENV=production (matches draw from a CSPRNG)',
    );
}

/** Loopback hosts (the metrics listener's default); any other needs METRICS_PUBLIC=true. */
export const isLoopbackHost = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Config for tests: in-memory database, no demo seed unless asked, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory', SEED_DEMO: 'true' };
  // A small catalogue and no simulator timers: tests start fast and drive the simulator themselves.
  const sports = {
    CATALOGUE_SCALE: '0.03',
    CATALOGUE_DAYS_AHEAD: '2',
    SIMULATOR_ENABLED: 'false',
    MARKETS_WINDOW_HOURS: '0',
    // Tests drive the simulator by hand: a silent producer would suspend their live events after 20 s.
    PRODUCER_STALE_MS: '0',
    PRICING_THREADS: '0',
    BETTING_JOBS: 'false',
    BET_LIVE_DELAY_MS: '0',
    // No brand-wide referral thresholds in tests: a test refers bets through a client's risk profile or asks.
    BET_REFERRAL_STAKE: '0',
    BET_REFERRAL_PAYOUT: '0',
    // Tests deal the roulette tables by hand (runner.tick()).
    CASINO_TABLES_ENABLED: 'false',
    // PGlite runs queries on the event loop: tests shed nothing unless they ask (and drain at once).
    SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    SHUTDOWN_DRAIN_MS: '0',
    METRICS_PORT: '0',
    // Tests run the crash game's loop by hand (crash.tick()) on a short chain.
    CRASH_ENABLED: 'false',
    CRASH_CHAIN_LENGTH: '1000',
    // Sealed at the first round: tests that give client seeds set a window.
    CRASH_SEEDING_MS: '0',
  };
  const config = { ...loadConfig({ ...env, ...sports }), ...overrides };
  // Deterministic matches (the test-only outcome seed, the catalogue's by default) unless the test runs as
  // production or chooses (`OUTCOME_TEST_SEED: undefined`: the CSPRNG, as in production).
  if (!('OUTCOME_TEST_SEED' in overrides) && config.NODE_ENV !== 'production')
    config.OUTCOME_TEST_SEED = config.CATALOGUE_SEED;
  return config;
}
