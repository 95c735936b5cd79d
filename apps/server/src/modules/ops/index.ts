import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BetMoneyChange } from '../betting/index';
import type { FixturesModule } from '../fixtures/index';
import { marginsRoutes } from './margins.routes';
import type { DbOrTx } from '../../db/database';
import { createDashboardRepository } from './dashboard.repository';
import { dashboardRoutes } from './dashboard.routes';
import { createResultsDesk } from './results-desk';
import { resultsDeskRoutes } from './results-desk.routes';
import { createResultsRepository } from './results.repository';
import { createAuditLog } from './audit';
import { createClientDesk } from './client-desk';
import { createDeskRepository } from './desk.repository';
import { createOperatorsService, seedDemoOperators } from './operators';
import { opsRoutes } from './ops.routes';
import { createTickerPump } from './ticker';
import { createRisk } from './risk';
import { createTrading } from './trading';
import { createTradingControls } from './trading-controls';

export type { OperatorContext, OperatorsService } from './operators';
export { DEMO_OPERATORS, totpCode } from './operators';

/**
 * The back office's server side: operators and their sessions, the audit log, the bet ticker, liability and
 * trading controls on `/ops/v1/*` (README.md).
 */
export function createOpsModule(deps: {
  db: Db;
  clock: Clock;
  fixtures: FixturesModule;
  /** Betting's settlement of the bets on an operator-resulted market, in the operator's transaction. */
  settleBetsIn: (tx: DbOrTx, selectionIds: number[]) => Promise<BetMoneyChange[]>;
  require2fa: boolean;
  sessionMinutes: number;
  /** OPERATOR_TOKEN: automation's bearer (an admin of every brand). */
  automationToken?: string | undefined;
  /** How often the live ticker looks for new bets. */
  tickerPollMs?: number;
  log?: (msg: string, err?: unknown) => void;
}) {
  const operators = createOperatorsService({
    db: deps.db,
    clock: deps.clock,
    require2fa: deps.require2fa,
    sessionMinutes: deps.sessionMinutes,
    automationToken: deps.automationToken,
  });
  const audit = createAuditLog({ db: deps.db, clock: deps.clock });
  const desk = createDeskRepository(deps.db);
  const pump = createTickerPump({ repo: desk, intervalMs: deps.tickerPollMs ?? 500, log: deps.log });
  const trading = createTrading({ suspension: deps.fixtures.operatorSuspension, audit });
  const risk = createRisk({ db: deps.db, clock: deps.clock });
  const clients = createClientDesk({ db: deps.db, desk, risk });
  const controls = createTradingControls({
    db: deps.db,
    clock: deps.clock,
    prices: deps.fixtures.operatorPrices,
    suspension: deps.fixtures.operatorSuspension,
    audit,
    desk,
    risk,
    log: deps.log,
  });
  const results = createResultsDesk({
    db: deps.db,
    clock: deps.clock,
    resulting: deps.fixtures.resulting,
    settleBetsIn: deps.settleBetsIn,
    repo: createResultsRepository(deps.db),
    audit,
  });
  const now = () => deps.clock.now();
  /** Sports with their names in both languages (the desk's screens name sports, never show ids). */
  const sportNames = async () =>
    [...(await deps.fixtures.catalogue.reference()).sports.values()]
      .sort((a, b) => a.order - b.order)
      .map((s) => ({ id: s.id, name: { en: s.nameEn, tr: s.nameTr } }));
  const margins = marginsRoutes({
    margins: deps.fixtures.margins,
    audit,
    desk,
    sportExists: (id) => risk.sportExists(id),
    sports: sportNames,
  });
  const extra = [
    resultsDeskRoutes(results, now),
    dashboardRoutes(createDashboardRepository(deps.db), now, sportNames),
    margins,
  ];
  return {
    operators,
    audit,
    desk,
    pump,
    risk,
    controls,
    results,
    /** Limits, stake factors and block flags as bet placement and cash-out apply them. */
    betRisk: risk.betRisk,
    routes: opsRoutes({
      operators,
      audit,
      desk,
      trading,
      pump,
      fixtures: deps.fixtures,
      controls,
      risk,
      clients,
      extra,
    }),
    seedDemo: () => seedDemoOperators(operators),
    /** Starts the automatic jobs: overrides' expiry and suspension on a liability limit (every second). */
    start: () => controls.start(),
    close: async () => {
      pump.close();
      await controls.stop();
    },
  };
}

export type OpsModule = ReturnType<typeof createOpsModule>;
