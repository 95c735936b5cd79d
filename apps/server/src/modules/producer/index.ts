import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { SIMULATOR_LOCK_KEY, startLeaderElection, type LeaderElection } from '../../lib/leader-election';
import type { EventBus } from '../../plugins/bus';
import type { CatalogueService, Pricer, ResultInput, ResultModel, SportsIngest } from '../sports/index';
import { sendOperatorCommand, type CommandOutcome } from './operator-commands';
import { createOperatorService, type OperatorCommand } from './simulator/operator.service';
import { createSimulatorRunner } from './simulator/runner';
import { createSimulator } from './simulator/simulator.service';
import { createVirtualService } from './virtual/virtual.service';
import { virtualRoutes } from './virtual/virtual.routes';

export type { OperatorCommand } from './simulator/operator.service';
export { OPERATOR_COMMANDS } from './simulator/operator.service';

/** A market of an event after a result command, in brief. */
export interface MarketBrief {
  id: number;
  t: number;
  s: string;
}

/**
 * The feed producer as the rest of the server sees it: what writes events, their state, markets, prices and
 * results into the sports module (through its ingest port), on one leader instance. The match simulator
 * implements it (`createSimulatorProducer`); a real data provider's adapter would implement it instead, writing
 * through the same port. Staleness is read on the sports side (the read model watches the producer's heartbeat
 * on the bus), so it is not part of this interface.
 */
export interface FeedProducer {
  /** Competes for leadership; the leader produces until `stop()`. */
  startLeadership(): { stop(): Promise<void>; isLeader(): boolean };
  /** Whether this instance currently produces. */
  isLeader(): boolean;
  /** Reference rows the producer adds to the catalogue (before the sports read model loads). */
  ensureReference(): Promise<void>;
  /** Player routes the producer serves besides the sports read side (virtual football's rounds). */
  routes: FastifyPluginAsync;
  /** Queues an operator command for the leader and waits (up to 5 s by default) for its outcome. */
  command(
    eventId: number,
    command: OperatorCommand,
    args: Record<string, unknown>,
    waitMs?: number,
  ): Promise<CommandOutcome>;
  /** A queued command's state. */
  commandStatus(id: number): ReturnType<SportsIngest['simulator']['command']>;
  /** Refuses result facts that cannot apply to the event (throws ResultInputError naming the field). */
  checkResult(eventId: number, input: ResultInput): Promise<void>;
  /** Events an operator steers, by status. */
  operatorEvents(status: string[], limit: number): ReturnType<SportsIngest['simulator']['listForOperator']>;
  /** After a result command: the event's markets that were settled and those voided. */
  resultSummary(eventId: number): Promise<{ settled: MarketBrief[]; voided: MarketBrief[] }>;
  /** The match model an operator's manual result of one market is decided by (the back office's resulting). */
  resultModel: ResultModel;
}

export interface SimulatorProducerDeps {
  database: Database;
  clock: Clock;
  bus: EventBus;
  /** The sports module's ingest port, catalogue and market pricer: how the producer reads reference data,
   *  prices and writes. */
  sports: { ingest: SportsIngest; catalogue: CatalogueService; pricer: Pricer };
  /** The catalogue's seed: teams, fixtures and virtual football's calendars (never a match's draws). */
  seed: number;
  /** Tests only (`OUTCOME_TEST_SEED`, refused in production): matches draw from this seed instead of a CSPRNG. */
  outcomeTestSeed?: number;
  simulator: { speed: number; tickMs: number };
  /** Virtual football: a round every `roundMs`, each match played in about `matchMs` (defaults 180 s, 75 s). */
  virtual?: { roundMs: number; matchMs: number };
  log?: (msg: string, err?: unknown) => void;
}

/** The match simulator as the feed producer: it plays the catalogue's matches and virtual football's rounds. */
export function createSimulatorProducer(deps: SimulatorProducerDeps) {
  const { catalogue, ingest } = deps.sports;
  const simRepo = ingest.simulator;
  const simulator = createSimulator({
    repo: simRepo,
    catalogue,
    bus: deps.bus,
    clock: deps.clock,
    defaultSpeed: deps.simulator.speed,
    testSeed: deps.outcomeTestSeed,
    pricer: deps.sports.pricer,
    log: deps.log,
  });
  const virtual = createVirtualService({
    repo: ingest.virtual,
    ingest,
    catalogue,
    simulator,
    bus: deps.bus,
    clock: deps.clock,
    options: { seed: deps.seed, ...(deps.virtual ?? { roundMs: 180_000, matchMs: 75_000 }) },
    log: deps.log,
  });
  const operator = createOperatorService({ repo: simRepo, simulator, catalogue, clock: deps.clock, virtual });
  const runner = createSimulatorRunner({
    simulator,
    operator,
    catalogue,
    clock: deps.clock,
    bus: deps.bus,
    producerId: `simulator:${randomUUID().slice(0, 8)}`,
    tickMs: deps.simulator.tickMs,
    virtual,
    log: deps.log,
  });
  let leadership: LeaderElection | null = null;
  /** Set by tests that play the simulator leader inside each command request (`driveCommands`). */
  let driveCommands = false;
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(virtualRoutes(virtual));
  };
  const producer = {
    routes,
    resultModel: { contextOf: simulator.contextOf },
    startLeadership() {
      leadership = startLeaderElection({
        database: deps.database,
        name: 'simulator',
        lockKey: SIMULATOR_LOCK_KEY,
        retryMs: Math.max(1000, deps.simulator.tickMs * 2),
        lead: runner.lead,
        log: deps.log,
      });
      return leadership;
    },
    isLeader: () => leadership?.isLeader() ?? false,
    ensureReference: () => virtual.ensureReference(),
    command: (eventId: number, command: OperatorCommand, args: Record<string, unknown>, waitMs?: number) =>
      sendOperatorCommand(
        {
          enqueue: operator.enqueue,
          status: (id) => simRepo.command(id),
          drive: driveCommands ? runner.runOnce : undefined,
        },
        eventId,
        command,
        args,
        waitMs,
      ),
    commandStatus: (id: number) => simRepo.command(id),
    checkResult: (eventId: number, input: ResultInput) => operator.checkResult(eventId, input),
    // The speed each event plays at: its operator's factor, else the setting.
    operatorEvents: async (status: string[], limit: number) =>
      (await simRepo.listForOperator(status, limit)).map((e) => ({
        ...e,
        speed: e.speed ?? deps.simulator.speed,
      })),
    async resultSummary(eventId: number) {
      const byMarket = new Map<number, { id: number; t: number; s: string; results: (string | null)[] }>();
      for (const { market, selection } of await simRepo.marketsWithSelections(eventId)) {
        const entry = byMarket.get(market.id) ?? { id: market.id, t: market.t, s: market.s, results: [] };
        entry.results.push(selection.result);
        byMarket.set(market.id, entry);
      }
      const list = [...byMarket.values()].filter((m) => m.results.every((r) => r !== null));
      const brief = ({ id, t, s }: MarketBrief): MarketBrief => ({ id, t, s });
      return {
        settled: list.filter((m) => m.results.some((r) => r !== 'void')).map(brief),
        voided: list.filter((m) => m.results.every((r) => r === 'void')).map(brief),
      };
    },
  } satisfies FeedProducer;
  return {
    ...producer,
    simulator,
    operator,
    /** Virtual football: rounds, operator round commands, results and standings (virtual/README.md). */
    virtual,
    /** One simulator pass (tests drive it with a manual clock instead of the leader's timer). */
    runOnce: runner.runOnce,
    /** Times this instance asked for the simulator's lock and was refused (tests: a follower tried). */
    lockRefusals: () => leadership?.refusals() ?? 0,
    /**
     * Tests only, where no simulator leader runs: while on, an operator command request runs the leader's pass
     * itself and answers once the command is applied (or failed), never "queued" because the machine is busy.
     */
    driveCommands(on: boolean): void {
      driveCommands = on;
    },
  };
}

export type SimulatorProducer = ReturnType<typeof createSimulatorProducer>;
