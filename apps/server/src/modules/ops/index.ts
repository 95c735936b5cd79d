import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database, Db } from '../../db/database';
import { brandScope, ctxOf } from './access';
import type { OperatorContext } from './operators';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../plugins/bus';
import { createEventWatch } from './event-watch';
import { NO_METRICS, type DomainMetrics } from '../../observability/metrics';
import {
  LIABILITY_LOCK_KEY,
  sleepUnlessAborted,
  startLeaderElection,
  type LeaderElection,
} from '../../lib/leader-election';
import type { BetMoneyChange } from '../betting/index';
import { marketTypeFamilies, type SportsModule } from '../sports/index';
import type { FeedProducer } from '../producer/index';
import { marginsRoutes } from './margins.routes';
import type { DbOrTx } from '../../db/database';
import { createDashboardRepository } from './dashboard.repository';
import { createDashboardService } from './dashboard.service';
import { dashboardRoutes } from './dashboard.routes';
import { createReportsRepository } from './reports.repository';
import { reportsRoutes } from './reports.routes';
import { createReportsService } from './reports.service';
import { createResultsDesk } from './results-desk';
import { resultsDeskRoutes } from './results-desk.routes';
import { createResultsRepository } from './results.repository';
import { createAuditLog } from './audit';
import { createClientDesk } from './client-desk';
import { createDeskRepository } from './desk.repository';
import { createTargetNames } from './target-names';
import { createDeskService } from './desk.service';
import { createOperatorsService, seedDemoOperators } from './operators';
import { opsRoutes } from './ops.routes';
import { createTickerPump, tickerNotice } from './ticker';
import type { Risk } from './risk';
import { createTrading } from './trading';
import { createOpsEventsRepository } from './ops-events.repository';
import { createOpsEvents } from './ops-events.service';
import { opsEventsRoutes } from './ops-events.routes';
import { createOpsBetsRepository } from './ops-bets.repository';
import { createOpsBets } from './ops-bets.service';
import { opsBetsRoutes } from './ops-bets.routes';
import type { BetVoidChange } from '../betting/index';
import { createOpsResults } from './ops-results.service';
import { opsResultsRoutes } from './ops-results.routes';
import { createTradingControls } from './trading-controls';
import { createReferralsRepository } from './referrals.repository';
import { createOpsReferrals } from './referrals.service';
import { referralsRoutes } from './referrals.routes';
import type { Referrals } from '../betting/index';
import type { WalletService } from '../wallet/index';
import { createAdjustmentQueue } from './adjustment-queue';
import { createClientOffice, type ClientBlocks } from './client-office';
import { clientOfficeRoutes } from './client-office.routes';

export type { OperatorContext, OperatorsService } from './operators';
export { DEMO_OPERATORS, totpCode } from './operators';
export { createRisk, type Risk } from './risk';
export { tickerNotice } from './ticker';
export { guardOpsRoutes, OPS_ACCESS, type OpsAccess } from './access';
export { opsErrors } from './ops.schemas';

/** What another module's `/ops/v1` routes get from this module (see `plugins`). */
export interface OpsPluginContext {
  operatorOf: (request: FastifyRequest) => OperatorContext;
  brandScope: (request: FastifyRequest, requested: number | undefined) => number | null;
  record: (
    tx: DbOrTx,
    request: FastifyRequest,
    entry: {
      action: string;
      target: string;
      brandId: number;
      reason?: string;
      before?: unknown;
      after?: unknown;
    },
  ) => Promise<void>;
}

/** How often the jobs' leader runs a pass of the automatic jobs, and how often a follower asks for the lock. */
const JOBS_EVERY_MS = 1_000;
const JOBS_RETRY_MS = 1_000;

/**
 * The back office's server side: operators and their sessions, the audit log, the bet ticker, liability and
 * trading controls on `/ops/v1/*` (README.md).
 */
export function createOpsModule(deps: {
  db: Db;
  /** Its dedicated connections hold the automatic jobs' leader lock. */
  database: Database;
  clock: Clock;
  /** The internal bus: the event view's live notices (event-watch.ts) and the desk's own changes (`ops.event`). */
  bus: EventBus;
  sports: SportsModule;
  /** The feed producer: operator commands on events, the events it steers, result summaries. */
  producer: FeedProducer;
  /**
   * Client limits, stake factors and block flags (`createRisk`): made before betting, which applies them, so that
   * this module, which settles through betting, is made after it (no construction cycle).
   */
  risk: Risk;
  /** Betting's settlement of the bets on an operator-resulted market, in the operator's transaction. */
  settleBetsIn: (tx: DbOrTx, selectionIds: number[]) => Promise<BetMoneyChange[]>;
  /** Betting's referred bets: the desk's decisions in the operator's transaction, and those due (issue 34). */
  referrals: Pick<Referrals, 'decideIn' | 'due'>;
  /** Betting's void of one bet, in the operator's transaction (the bet detail's void). */
  voidBetIn: (tx: DbOrTx, betId: number) => Promise<BetVoidChange | { refused: string } | null>;
  /** The ledger: the desk's manual adjustments of a client's cash (issue 35 §2). */
  wallet: Pick<WalletService, 'credit' | 'debit'>;
  /** The limits module's operator block of a client (issue 35 §2): it refuses a blocked client's stakes. */
  blocks: ClientBlocks;
  require2fa: boolean;
  sessionMinutes: number;
  /** OPERATOR_TOKEN: automation's bearer (an admin of every brand). */
  automationToken?: string | undefined;
  /** How often the live ticker looks for new bets. */
  tickerPollMs?: number;
  log?: (msg: string, err?: unknown) => void;
  metrics?: Pick<DomainMetrics, 'opsAnonymousRefused'>;
  /**
   * Other modules' `/ops/v1` routes (promotions), registered under this module's authentication, role checks and
   * refusal audit, given the request's operator, its brand scope and the audit log.
   */
  plugins?: ((ctx: OpsPluginContext) => FastifyPluginAsync)[];
}) {
  const operators = createOperatorsService({
    db: deps.db,
    clock: deps.clock,
    require2fa: deps.require2fa,
    sessionMinutes: deps.sessionMinutes,
    automationToken: deps.automationToken,
  });
  const audit = createAuditLog({ db: deps.db, clock: deps.clock });
  const deskRepo = createDeskRepository(deps.db);
  const marketName = (t: number, lang: 'en' | 'tr') => deps.sports.betting.marketName(t, lang);
  const desk = createDeskService(deskRepo, marketName);
  const referrals = createOpsReferrals({
    db: deps.db,
    clock: deps.clock,
    desk: deskRepo,
    repo: createReferralsRepository(deps.db),
    events: (ids) => createOpsBetsRepository(deps.db).events(ids),
    referrals: deps.referrals,
    audit,
    marketName,
    changed: tickerNotice(deps.bus, deps.log),
  });
  const pump = createTickerPump({
    repo: deskRepo,
    marketName,
    intervalMs: deps.tickerPollMs ?? 500,
    log: deps.log,
    changes: referrals.changes,
  });
  // A bet placed or a referral moved on any instance (`tickerNotice`), or notices maybe lost (a bus gap): poll now.
  const stopWaking = [deps.bus.subscribe('ops.ticker', () => pump.wake()), deps.bus.onGap(() => pump.wake())];
  const trading = createTrading({ suspension: deps.sports.operatorSuspension, audit });
  const { risk } = deps;
  const clients = createClientDesk({ db: deps.db, desk: deskRepo, risk, marketName });
  const controls = createTradingControls({
    clock: deps.clock,
    prices: deps.sports.operatorPrices,
    suspension: deps.sports.operatorSuspension,
    audit,
    desk: deskRepo,
    risk,
    marketName,
  });
  const resulting = deps.sports.marketResulting(deps.producer.resultModel);
  const results = createResultsDesk({
    db: deps.db,
    clock: deps.clock,
    resulting,
    settleBetsIn: deps.settleBetsIn,
    repo: createResultsRepository(deps.db),
    audit,
  });
  const now = () => deps.clock.now();
  let jobs: LeaderElection | null = null;
  /** The automatic jobs' loop while this instance leads: one pass every JOBS_EVERY_MS. */
  async function runJobs(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      await controls.tick().catch((e: unknown) => deps.log?.('trading controls pass failed', e));
      await referrals.expireDue().catch((e: unknown) => deps.log?.('referral timeout pass failed', e));
      await sleepUnlessAborted(JOBS_EVERY_MS, signal);
    }
  }
  /** Sports with their names in both languages (the desk's screens name sports, never show ids). */
  const sportNames = async () =>
    [...(await deps.sports.catalogue.reference()).sports.values()]
      .sort((a, b) => a.order - b.order)
      .map((s) => ({ id: s.id, name: { en: s.nameEn, tr: s.nameTr } }));
  const margins = marginsRoutes({
    margins: deps.sports.margins,
    desk,
    sportExists: (id) => risk.sportExists(id),
    sports: sportNames,
  });
  const pluginContext: OpsPluginContext = {
    operatorOf: ctxOf,
    brandScope: (request, requested) => brandScope(ctxOf(request), requested),
    record: (tx, request, entry) =>
      audit.record({ actor: ctxOf(request), ...entry, outcome: 'ok', status: 200, address: request.ip }, tx),
  };
  const extra = [
    ...(deps.plugins ?? []).map((plugin) => plugin(pluginContext)),
    referralsRoutes(referrals),
    clientOfficeRoutes({
      clients,
      office: createClientOffice({
        db: deps.db,
        clock: deps.clock,
        audit,
        wallet: deps.wallet,
        blocks: deps.blocks,
      }),
      queue: createAdjustmentQueue(deps.db),
    }),
    resultsDeskRoutes(results, now),
    dashboardRoutes(createDashboardService(createDashboardRepository(deps.db), now, sportNames)),
    reportsRoutes(
      createReportsService({
        repo: createReportsRepository(deps.db, marketTypeFamilies),
        sports: sportNames,
        competitions: async () =>
          new Map(
            [...(await deps.sports.catalogue.reference()).competitions.values()].map((c) => [
              c.id,
              { en: c.nameEn, tr: c.nameTr },
            ]),
          ),
        now: () => new Date(deps.clock.now()),
      }),
    ),
    margins,
    opsEventsRoutes(
      createOpsEvents({
        repo: createOpsEventsRepository(deps.db),
        desk,
        reference: () => deps.sports.catalogue.reference(),
        ensureMarkets: (id) => deps.sports.catalogue.ensureMarketsFor([id]),
        marketName,
        isProducerStale: () => deps.sports.isProducerStale(),
        limits: (kind, brandId) => risk.limits(kind, brandId),
      }),
    ),
    opsBetsRoutes(
      createOpsBets({
        db: deps.db,
        desk: deskRepo,
        repo: createOpsBetsRepository,
        audit,
        marketName,
        voidBetIn: deps.voidBetIn,
      }),
    ),
    opsResultsRoutes(
      createOpsResults({
        db: deps.db,
        clock: deps.clock,
        resulting,
        settleBetsIn: deps.settleBetsIn,
        audit,
        marketName,
      }),
    ),
  ];
  return {
    operators,
    audit,
    desk,
    pump,
    risk,
    controls,
    results,
    referrals,
    routes: opsRoutes({
      operators,
      audit,
      desk,
      trading,
      pump,
      sports: deps.sports,
      producer: deps.producer,
      controls,
      risk,
      clients,
      extra,
      metrics: deps.metrics ?? NO_METRICS,
      now,
      sportNames,
      watchEvent: createEventWatch({ bus: deps.bus, bets: (listener) => pump.subscribe(listener) }),
      changedEvent: (eventId) => deps.bus.publish('ops.event', { eventId }),
      targetNames: createTargetNames(deps.db, marketName),
    }),
    seedDemo: () => seedDemoOperators(operators),
    /**
     * Competes for the automatic jobs' leadership: overrides' expiry and suspension on a liability limit run every
     * second on exactly one instance (the holder of LIABILITY_LOCK_KEY); another takes over when it stops or dies.
     */
    start(): void {
      jobs ??= startLeaderElection({
        database: deps.database,
        name: 'liability',
        lockKey: LIABILITY_LOCK_KEY,
        retryMs: JOBS_RETRY_MS,
        lead: runJobs,
        log: deps.log,
      });
    },
    /** Whether this instance runs the automatic jobs now. */
    isLiabilityLeader: () => jobs?.isLeader() ?? false,
    /** Times this instance asked for the jobs' lock and was refused (tests: a follower tried). */
    liabilityLockRefusals: () => jobs?.refusals() ?? 0,
    close: async () => {
      for (const stop of stopWaking) stop();
      pump.close();
      await jobs?.stop();
      jobs = null;
    },
  };
}

export type OpsModule = ReturnType<typeof createOpsModule>;
