import client from 'prom-client';

/**
 * What the modules report (README "Operations"): each call is cheap (a counter or histogram update), and every
 * label value is bounded (bet types, reason codes, loops, movement types — never a user, bet or event id).
 */
export interface DomainMetrics {
  /** A placed bet: its type (1 single, 2 multiple, 3 system), live or pre-match, and how long placement took. */
  betPlaced(type: number, live: boolean, seconds: number): void;
  /** A refused placement (4xx) by its reason code, and how long it took. */
  betRefused(reason: string, seconds: number): void;
  /** A cash-out request's outcome (`done`, `refused:<code>`). */
  cashOut(outcome: string): void;
  /** Seconds from a result reaching this instance to a bet of it being paid. */
  settlementLag(seconds: number): void;
  /** One fanned-out feed message: sockets written, and ms since the producer stamped it. */
  feedSent(sockets: number, lagMs: number): void;
  /** A feed client this instance dropped (slow_consumer, no_pong). */
  feedDropped(reason: string): void;
  /** Whether this instance leads a producer loop (simulator, roulette, any later game loop). */
  producerLeader(loop: string, isLeader: boolean): void;
  /** A ledger movement posted (by movement type). */
  ledgerTransfer(type: string): void;
  /** A casino round played (slot) or dealt (roulette). */
  casinoRound(game: string): void;
  /** An /ops request refused before anyone was known (no or a bad bearer): counted, not audited row by row. */
  opsAnonymousRefused(status: number): void;
}

/** Reports nothing: the default of every module, so tests and tools that build one module need no registry. */
export const NO_METRICS: DomainMetrics = {
  betPlaced: () => undefined,
  betRefused: () => undefined,
  cashOut: () => undefined,
  settlementLag: () => undefined,
  feedSent: () => undefined,
  feedDropped: () => undefined,
  producerLeader: () => undefined,
  ledgerTransfer: () => undefined,
  casinoRound: () => undefined,
  opsAnonymousRefused: () => undefined,
};

/** Label values are codes from this code base; anything else is folded into `other` (bounded cardinality). */
const bounded = (value: string) => (/^[a-z0-9_:.-]{1,48}$/i.test(value) ? value : 'other');
const BET_TYPES: Record<number, string> = { 1: 'single', 2: 'multiple', 3: 'system' };

/** Seconds buckets for request and placement latency (5 ms … 10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One instance's registry: the client's default process metrics, HTTP RED, readiness, shedding and the domain's. */
export function createMetrics(options: { processMetrics?: boolean } = {}) {
  const registry = new client.Registry();
  if (options.processMetrics !== false)
    client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const on = { registers: [registry] };

  const m: MetricSet = { ...httpMetrics(on), ...bettingMetrics(on), ...feedMetrics(on), ...loopMetrics(on) };
  const { httpDuration, shed, ready, leaderGauge, staleGauge, feedClients } = m;

  /** Gauges read at scrape time (leaders, staleness, feed clients): the value of record is asked then. */
  const probes: (() => void)[] = [];
  const leaderProbes = new Map<string, () => boolean>();
  const scrape = () => {
    for (const [loop, isLeader] of leaderProbes) leaderGauge.set({ loop }, isLeader() ? 1 : 0);
    for (const probe of probes) probe();
  };

  const domain = domainOf(m);

  return {
    registry,
    domain,
    http: {
      observe(route: string, method: string, status: number, seconds: number) {
        httpDuration.observe({ route, method, status: String(status) }, seconds);
      },
      shed: (route: string, pressure: string) => shed.inc({ route, pressure: bounded(pressure) }),
    },
    setReady: (isReady: boolean) => ready.set(isReady ? 1 : 0),
    /**
     * A loop whose leadership is known by asking (an advisory lock's holder): read at every scrape. Game loops
     * that know when they win or lose the lock call `domain.producerLeader(loop, isLeader)` instead.
     */
    watchLeader(loop: string, isLeader: () => boolean): void {
      leaderProbes.set(bounded(loop), isLeader);
    },
    watchProducerStale(producer: string, isStale: () => boolean): void {
      probes.push(() => staleGauge.set({ producer: bounded(producer) }, isStale() ? 1 : 0));
    },
    watchFeedClients(count: () => number): void {
      probes.push(() => feedClients.set(count()));
    },
    /** The exposition text (Prometheus text format 0.0.4), gauges read first. */
    async text(): Promise<string> {
      scrape();
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}

/** Every metric of the registry, by name. */
type MetricSet = ReturnType<typeof httpMetrics> &
  ReturnType<typeof bettingMetrics> &
  ReturnType<typeof feedMetrics> &
  ReturnType<typeof loopMetrics>;

/** HTTP RED, load shedding and readiness. (Registered in this order: the exposition lists them so.) */
function httpMetrics(on: { registers: client.Registry[] }) {
  const httpDuration = new client.Histogram({
    name: 'sb_http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status (RED: rate, errors, duration)',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    ...on,
  });
  const shed = new client.Counter({
    name: 'sb_http_shed_total',
    help: 'Requests answered 503 by load shedding, by route template and the pressure that shed them',
    labelNames: ['route', 'pressure'] as const,
    ...on,
  });
  const ready = new client.Gauge({
    name: 'sb_ready',
    help: '1 while /readyz answers 200 (last check), 0 otherwise',
    ...on,
  });
  return { httpDuration, shed, ready };
}

/** Bets placed and refused, placement time, settlement lag and cash-outs. (Registered in this order: the exposition lists them so.) */
function bettingMetrics(on: { registers: client.Registry[] }) {
  const betsPlaced = new client.Counter({
    name: 'sb_bets_placed_total',
    help: 'Bets placed, by slip type and live or pre-match',
    labelNames: ['type', 'live'] as const,
    ...on,
  });
  const betsRefused = new client.Counter({
    name: 'sb_bets_refused_total',
    help: 'Bet placements refused, by reason code',
    labelNames: ['reason'] as const,
    ...on,
  });
  const placeDuration = new client.Histogram({
    name: 'sb_bet_place_duration_seconds',
    help: 'Time to place a bet (accepted or refused), seconds',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    ...on,
  });
  const settlementLag = new client.Histogram({
    name: 'sb_settlement_lag_seconds',
    help: 'Seconds from a result reaching the instance to its bets being paid',
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
    ...on,
  });
  const cashouts = new client.Counter({
    name: 'sb_cashouts_total',
    help: 'Cash-out requests by outcome',
    labelNames: ['outcome'] as const,
    ...on,
  });
  return { betsPlaced, betsRefused, placeDuration, settlementLag, cashouts };
}

/** The live feed (clients, messages, lag) and the back office's anonymous refusals. (Registered in this order: the exposition lists them so.) */
function feedMetrics(on: { registers: client.Registry[] }) {
  const feedClients = new client.Gauge({
    name: 'sb_feed_clients',
    help: 'Open live-feed WebSocket clients on this instance',
    ...on,
  });
  const feedSent = new client.Counter({
    name: 'sb_feed_messages_sent_total',
    help: 'Live-feed messages written to client sockets',
    ...on,
  });
  const feedLag = new client.Histogram({
    name: 'sb_feed_delivery_lag_seconds',
    help: "Seconds from the producer's timestamp to the write to the clients' sockets",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
    ...on,
  });
  const opsAnonymous = new client.Counter({
    name: 'sb_ops_anonymous_refused_total',
    help: 'Back-office requests refused before an operator was known (no or a bad bearer), by status',
    labelNames: ['status'] as const,
    ...on,
  });
  const feedDropped = new client.Counter({
    name: 'sb_feed_clients_dropped_total',
    help: 'Live-feed clients dropped by this instance, by reason',
    labelNames: ['reason'] as const,
    ...on,
  });
  return { feedClients, feedSent, feedLag, opsAnonymous, feedDropped };
}

/** Loops run by one instance, the producer's staleness, ledger movements and casino rounds. (Registered in this order: the exposition lists them so.) */
function loopMetrics(on: { registers: client.Registry[] }) {
  const leaderGauge = new client.Gauge({
    name: 'sb_producer_leader',
    help: '1 on the instance that leads a loop run by one instance (simulator, roulette, crash, liability)',
    labelNames: ['loop'] as const,
    ...on,
  });
  const staleGauge = new client.Gauge({
    name: 'sb_producer_stale',
    help: '1 while this instance sees the producer as silent (live markets suspended)',
    labelNames: ['producer'] as const,
    ...on,
  });
  const transfers = new client.Counter({
    name: 'sb_ledger_transfers_total',
    help: 'Ledger movements posted, by movement type',
    labelNames: ['type'] as const,
    ...on,
  });
  const casinoRounds = new client.Counter({
    name: 'sb_casino_rounds_total',
    help: 'Casino rounds played (slot spins) or dealt (roulette spins)',
    labelNames: ['game'] as const,
    ...on,
  });
  return { leaderGauge, staleGauge, transfers, casinoRounds };
}

/** The domain's reports onto the registry's metrics (label values bounded). */
function domainOf(m: MetricSet): DomainMetrics {
  const { betsPlaced, placeDuration, betsRefused, cashouts, settlementLag, feedSent, feedLag, feedDropped } =
    m;
  const { leaderGauge, transfers, casinoRounds, opsAnonymous } = m;
  return {
    betPlaced(type, live, seconds) {
      betsPlaced.inc({ type: BET_TYPES[type] ?? 'other', live: live ? 'live' : 'prematch' });
      placeDuration.observe({ outcome: 'placed' }, seconds);
    },
    betRefused(reason, seconds) {
      betsRefused.inc({ reason: bounded(reason) });
      placeDuration.observe({ outcome: 'refused' }, seconds);
    },
    cashOut: (outcome) => cashouts.inc({ outcome: bounded(outcome) }),
    settlementLag: (seconds) => settlementLag.observe(Math.max(0, seconds)),
    feedSent(sockets, lagMs) {
      if (sockets <= 0) return;
      feedSent.inc(sockets);
      feedLag.observe(Math.max(0, lagMs) / 1000);
    },
    feedDropped: (reason) => feedDropped.inc({ reason: bounded(reason) }),
    producerLeader: (loop, isLeader) => leaderGauge.set({ loop: bounded(loop) }, isLeader ? 1 : 0),
    ledgerTransfer: (type) => transfers.inc({ type: bounded(type) }),
    casinoRound: (game) => casinoRounds.inc({ game: bounded(game) }),
    opsAnonymousRefused: (status) => opsAnonymous.inc({ status: String(status) }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
