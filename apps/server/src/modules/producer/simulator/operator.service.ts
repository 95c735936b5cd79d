import type { Clock } from '../../../lib/clock';
import {
  type CatalogueService,
  type FootballFacts,
  PERIOD_SPORTS,
  planResult,
  resolveResults,
  type ResultInput,
  ResultInputError,
  type ResultPlan,
  type SimulatorRepository,
} from '../../sports/index';
import { footballTimeline } from './football.sim';
import type { SimState } from './sim-state';
import type { Simulator } from './simulator.service';

export const OPERATOR_COMMANDS = ['start', 'pause', 'resume', 'speed', 'finish', 'result'] as const;
/** Commands of virtual football's rounds (queued with event id 0: they name no event). */
export const VIRTUAL_COMMANDS = ['round_start', 'round_finish'] as const;
export type VirtualCommand = (typeof VIRTUAL_COMMANDS)[number];
export type OperatorCommand = (typeof OPERATOR_COMMANDS)[number] | VirtualCommand;

/**
 * Operator control. The CLI runs in its own process, so it only queues commands in
 * `simulator_commands`; the leader applies them at the start of each tick and records the outcome.
 */
export function createOperatorService(deps: {
  repo: SimulatorRepository;
  simulator: Simulator;
  catalogue: CatalogueService;
  clock: Clock;
  /** Virtual football's rounds: each returns the events it touched. */
  virtual?: { startNextRound(): Promise<number[]>; finishInPlay(): Promise<number[]> };
}) {
  const { repo, simulator, clock } = deps;

  /** The event and its pricing identity (teams, players) for a result command. */
  async function resultContext(eventId: number) {
    const event = await repo.event(eventId);
    if (!event) throw new Error(`event ${eventId} not found`);
    const ctx = simulator.contextOf(event, await deps.catalogue.reference());
    if (!ctx) throw new Error(`event ${eventId} cannot be simulated`);
    return { event, pricing: ctx.pricing };
  }

  /** Ends the event with the operator's result: markets settled from it where it decides them, else void. */
  async function forceResult(eventId: number, input: ResultInput): Promise<void> {
    const { event, pricing } = await resultContext(eventId);
    let plan: ResultPlan;
    try {
      plan = planResult(pricing, input);
    } catch (e) {
      if (e instanceof ResultInputError) throw new Error(`${e.field}: ${e.message}`);
      throw e;
    }
    const sim = simulator.simOf(event);
    const final =
      plan.final.kind === 'football'
        ? footballFinal(sim, plan.final.football, plan.periodsKnown)
        : periodFinal(sim, event.sportId, plan);
    await simulator.settleWith(event, final, (kept) => resolveResults(pricing, plan, kept));
  }

  return {
    /**
     * Checks a result command's input against the event's sport and teams before it is queued (the ops API
     * answers 400 naming the field); throws ResultInputError.
     */
    async checkResult(eventId: number, input: ResultInput): Promise<void> {
      const { pricing } = await resultContext(eventId);
      planResult(pricing, input);
    },
    /** Queues a command for the leader (the CLI's side). */
    enqueue(eventId: number, command: OperatorCommand, args: Record<string, unknown>): Promise<number> {
      return repo.addCommand(eventId, command, args, clock.now());
    },
    /** Applies queued commands (the leader's side); returns the events they touched. */
    async applyPending(): Promise<number[]> {
      const list = await repo.pendingCommands();
      const touched: number[] = [];
      for (const c of list) {
        let error: string | null = null;
        try {
          const ids = await apply(c.eventId, c.command as OperatorCommand, c.args);
          touched.push(...(ids ?? [c.eventId]));
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        }
        await repo.markCommand(c.id, clock.now(), error);
      }
      return [...new Set(touched)];
    },
  };

  async function apply(
    eventId: number,
    command: OperatorCommand,
    args: Record<string, unknown>,
  ): Promise<number[] | void> {
    if (command === 'round_start' || command === 'round_finish') {
      if (!deps.virtual) throw new Error('virtual football is not running here');
      return command === 'round_start' ? deps.virtual.startNextRound() : deps.virtual.finishInPlay();
    }
    const event = await repo.event(eventId);
    if (!event) throw new Error(`event ${eventId} not found`);
    const now = clock.now();
    switch (command) {
      case 'start':
        if (event.status !== 'not_started') throw new Error(`event ${eventId} has already started`);
        return repo.updateEvent(eventId, { startAt: new Date(now), paused: false, sim: null });
      case 'pause':
      case 'resume':
        return repo.updateEvent(eventId, { paused: command === 'pause' });
      case 'speed': {
        const factor = Number(args.factor);
        if (!(factor >= 0.1 && factor <= 1000)) throw new Error('speed factor must be 0.1–1000');
        return repo.updateEvent(eventId, { speed: factor });
      }
      case 'finish':
        return simulator.finish(eventId);
      case 'result':
        return forceResult(eventId, args as ResultInput);
    }
  }
}

/**
 * The final football state: the operator's facts (one reading of them; markets are settled from all). Without
 * the half-time score the reading's split of the goals is a guess: the halves are not shown.
 */
function footballFinal(sim: SimState, facts: FootballFacts, halvesKnown: boolean): SimState {
  const added: [number, number] = [sim.added[0], sim.added[1]];
  const football = {
    phase: 'ended' as const,
    minute: 90,
    facts,
    ...(halvesKnown ? {} : { halvesUnknown: true }),
  };
  return {
    ...sim,
    match: { kind: 'football', football },
    simSec: footballTimeline(added).secondEnd,
    added,
    suspendedUntil: 0,
  };
}

/** The final state of a period sport; per-period scores the operator did not give are not shown. */
function periodFinal(sim: SimState, sportId: number, plan: ResultPlan): SimState {
  const profile = PERIOD_SPORTS[sportId];
  if (!profile || plan.final.kind !== 'period') throw new Error('unknown sport');
  const facts = plan.final.period;
  return {
    ...sim,
    match: {
      kind: 'period',
      period: {
        period: facts.periods.length - 1,
        elapsed: profile.periodSeconds,
        facts,
        ended: true,
        ...(plan.periodsKnown ? {} : { periodsUnknown: true }),
      },
    },
    suspendedUntil: 0,
  };
}
