import type { MarketUpdate, MatchUpdate } from '@sb/contract';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../plugins/bus';
import {
  type CatalogueService,
  type EventRecord,
  footballRates,
  initialState,
  isPreMatchOnlySport,
  type MarketResult,
  type MarketUpdateRow,
  PERIOD_SPORTS,
  periodRates,
  type Player,
  playsFootball,
  type Pricer,
  type PricingEvent,
  pricingEventOf,
  type ReferenceCache,
  type SelectionUpdate,
  type SimulatorRepository,
} from '../../sports/index';
import { freshDrawState, testDrawState } from '../../../lib/outcome-draws';
import { stepFootball } from './football.sim';
import { createMarketWriter } from './market-writer';
import { stepPeriod } from './period.sim';
import { nextData, projectFootball, projectPeriod, type LiveFields } from './projection';
import type { Happening, SimState, StepResult } from './sim-state';

type MarketRows = Awaited<ReturnType<SimulatorRepository['marketsWithSelections']>>;

/** Rows of markets with their selections (ordered by market) → one entry per market. */
function groupMarkets(rows: MarketRows) {
  const out: { market: MarketRows[number]['market']; selections: MarketRows[number]['selection'][] }[] = [];
  for (const { market, selection } of rows) {
    const last = out[out.length - 1];
    if (last && last.market.id === market.id) last.selections.push(selection);
    else out.push({ market, selections: [selection] });
  }
  return out;
}

/** A match further behind real time than this catches up without publishing each incident. */
const CATCH_UP_S = 600;
const MAX_SEGMENTS = 200;
/**
 * A match catching up is played without publishing, so it may take many more steps in one tick: set sports step
 * point by point (a tennis or volleyball match is 150–250 points), and a match left unfinished here would lose the
 * rest of its catch-up time (its clock is moved to now).
 */
const MAX_CATCH_UP_SEGMENTS = 20_000;

export interface SimulatorDeps {
  repo: SimulatorRepository;
  catalogue: CatalogueService;
  bus: EventBus;
  clock: Clock;
  defaultSpeed: number;
  /**
   * Tests only (`OUTCOME_TEST_SEED`, refused in production): each match's draws follow this seed and its id, so a
   * test replays the same matches. Unset: every match draws from its own CSPRNG key (`lib/outcome-draws.ts`).
   */
  testSeed?: number;
  pricer: Pricer;
  log?: (msg: string, err?: unknown) => void;
}

interface Ctx {
  event: EventRecord;
  pricing: PricingEvent;
  step: (sim: SimState, seconds: number) => StepResult;
  project: (sim: SimState) => LiveFields;
}

/** Plays every due and live event forward to the clock's time; publishes each change on the bus. */
export function createSimulator(deps: SimulatorDeps) {
  const { repo, bus, clock } = deps;
  const markets = createMarketWriter({ repo, bus, clock, pricer: deps.pricer });
  /** What each event last showed clients: a match update goes out only when it changes. */
  const shown = new Map<number, string>();

  function contextOf(event: EventRecord, ref: ReferenceCache): Ctx | null {
    const home = ref.teams.get(event.homeTeamId);
    const away = ref.teams.get(event.awayTeamId);
    if (!home || !away) return null;
    const pricing = pricingEventOf(event, home, away);
    if (playsFootball(event.sportId)) {
      const side = {
        rates: footballRates(home.strength, away.strength),
        home: home.players as Player[],
        away: away.players as Player[],
      };
      return { event, pricing, step: (sim, s) => stepFootball(sim, side, s), project: projectFootball };
    }
    const profile = PERIOD_SPORTS[event.sportId];
    if (!profile) return null;
    const rates = periodRates(profile, home.strength, away.strength);
    return {
      event,
      pricing,
      step: (sim, s) => stepPeriod(sim, profile, rates, s),
      project: (sim) => projectPeriod(sim, profile),
    };
  }

  /** A match's draw stream: a fresh CSPRNG key, or under the test seed the seeded stream of its id. */
  const drawStateFor = (event: EventRecord) =>
    deps.testSeed === undefined ? freshDrawState() : testDrawState(deps.testSeed, 'match', event.id);

  /**
   * The stored state of a match, or a fresh one. Without the test seed, a state left by a seeded stream (a row
   * written before the CSPRNG) gets a CSPRNG key: the draws already made stay in the state, the rest are secure.
   */
  function simOf(event: EventRecord): SimState {
    const sim = event.sim as SimState | null;
    if (!sim) return freshSim(event);
    return deps.testSeed === undefined && typeof sim.rng === 'number'
      ? { ...sim, rng: freshDrawState() }
      : sim;
  }

  function freshSim(event: EventRecord): SimState {
    const start = event.startAt.getTime();
    return {
      match: initialState(event.sportId),
      simSec: 0,
      lastReal: start,
      rng: drawStateFor(event),
      suspendedUntil: 0,
      added: [0, 0],
      pricedAt: -1,
    };
  }

  async function publishMatch(
    ctx: Ctx,
    fields: LiveFields,
    data: ReturnType<typeof nextData>,
  ): Promise<void> {
    const signature = shownSignature(ctx.event.sportId, fields, data.stats);
    if (shown.get(ctx.event.id) === signature) return;
    shown.set(ctx.event.id, signature);
    if (fields.status === 'ended') shown.delete(ctx.event.id);
    const ref = await deps.catalogue.reference();
    const competition = ref.competitions.get(ctx.event.competitionId);
    const message: MatchUpdate = {
      type: 'match_update',
      eventId: ctx.event.id,
      sportId: ctx.event.sportId,
      competition: { id: ctx.event.competitionId, name: competition?.nameEn ?? '' },
      isLive: fields.isLive,
      isSuspended: fields.isSuspended,
      periodTime: fields.periodTime,
      periodTimeLeft: fields.periodTimeLeft,
      periodCounter: fields.periodCounter,
      status: fields.phase,
      data: { score: fields.score, stats: data.stats },
      resultName: fields.resultName,
      ts: clock.now(),
    };
    await bus.publish('fixture.match', message);
  }

  /**
   * The match state just written with the event row, for every instance's read model (the bet builder prices
   * from it in memory): published after the write, before the markets' reprice, as the row holds it then.
   */
  async function publishState(eventId: number, sim: SimState, pricesBehindScore: boolean): Promise<void> {
    await bus.publish('fixture.state', { eventId, ts: clock.now(), match: sim.match, pricesBehindScore });
  }

  /** Persists a segment: event fields, then markets (suspend, reprice or settle), then the match update. */
  async function flush(ctx: Ctx, sim: SimState, happenings: Happening[], publish: boolean): Promise<void> {
    const projected = ctx.project(sim);
    // An operator's pause holds a live match and suspends its markets until `resume` reprices them.
    // A pre-match-only sport (virtual football) closes betting at kick-off: its markets are suspended from the
    // first live segment to the end and never repriced in play; full time settles them as usual.
    const held = ctx.event.paused || isPreMatchOnlySport(ctx.event.sportId);
    const fields = held && projected.status === 'live' ? { ...projected, isSuspended: true } : projected;
    const data = nextData(ctx.event.data, happenings, sim, fields.score);
    const wasSuspended = ctx.event.isSuspended;
    const now = clock.now();
    // Every score (goal, point, try, game, set) leaves the prices behind until this flush's reprice is written.
    const scored =
      happenings.some((h) => h.type === 'goal' || h.type === 'point') ||
      JSON.stringify(fields.score) !== JSON.stringify(ctx.event.data.score);
    const behind = scored || ctx.event.pricesBehindScore;
    const update = {
      ...fieldsToColumns(fields),
      data,
      sim,
      ts: now,
      updatedAt: new Date(now),
      pricesBehindScore: behind,
    };
    await repo.updateEvent(ctx.event.id, update);
    ctx.event = { ...ctx.event, ...update };
    await publishState(ctx.event.id, sim, behind);
    if (!ctx.event.marketsReady) await deps.catalogue.ensureMarketsFor([ctx.event.id]);
    if (fields.status === 'ended') await markets.settle(ctx.event, ctx.pricing, sim);
    else if (fields.isSuspended && !wasSuspended) await markets.suspend(ctx.event, publish);
    else if (!fields.isSuspended && (wasSuspended || behind || happenings.length > 0 || minuteChanged(sim))) {
      await markets.reprice(ctx.event, ctx.pricing, sim, publish);
      sim.pricedAt = sim.simSec;
      await repo.updateEvent(ctx.event.id, { sim, pricesBehindScore: false });
      ctx.event = { ...ctx.event, pricesBehindScore: false };
      await publishState(ctx.event.id, sim, false);
    }
    if (publish || fields.status === 'ended') await publishMatch(ctx, fields, data);
  }

  const minuteChanged = (sim: SimState) => Math.floor(sim.simSec / 60) !== Math.floor(sim.pricedAt / 60);

  /** Simulates one event up to now: segment by segment, each stopping happening flushed and published. */
  async function advance(ctx: Ctx): Promise<void> {
    const now = clock.now();
    let sim = simOf(ctx.event);
    // An operator's factor, else the setting (SIMULATOR_SPEED).
    const speed = ctx.event.speed ?? deps.defaultSpeed;
    if (ctx.event.paused) {
      const held = { ...sim, lastReal: now };
      // A paused live match: its markets suspended once (flush), then the clock just stands still.
      if (ctx.event.status === 'live' && !ctx.event.isSuspended) await flush(ctx, held, [], true);
      else await repo.updateEvent(ctx.event.id, { sim: held });
      return;
    }
    let budget = Math.floor(((now - sim.lastReal) * speed) / 1000);
    const catchUp = budget > CATCH_UP_S;
    const pending: Happening[] = [];
    sim = { ...sim, lastReal: sim.lastReal + (budget * 1000) / speed };
    const maxSegments = catchUp ? MAX_CATCH_UP_SEGMENTS : MAX_SEGMENTS;
    for (let i = 0; i < maxSegments && (budget > 0 || sim.simSec === 0); i++) {
      const before = sim.simSec;
      const result = ctx.step(sim, Math.max(budget, 1));
      budget -= result.sim.simSec - before;
      sim = result.sim;
      pending.push(...result.happenings);
      if (ctx.project(sim).status === 'ended') break;
      // Set sports make a segment of every point: points are written with the tick's last flush (one point
      // per tick up to ~speed 10); other happenings are flushed (published, repriced) one by one.
      if (!catchUp && result.happenings.some((h) => h.type !== 'point')) {
        await flush(ctx, sim, pending.splice(0), true);
      }
      if (result.happenings.length === 0 && result.sim.simSec === before) break;
    }
    await flush(ctx, sim, pending, true);
  }

  return {
    /** One pass: kick off due events and move every live one to the current time; `signal` stops it between them. */
    async tick(signal?: AbortSignal): Promise<number> {
      const ref = await deps.catalogue.reference();
      const list = [...(await repo.liveEvents()), ...(await repo.dueEvents(clock.now(), 50))];
      for (const event of list) {
        if (signal?.aborted) break;
        const ctx = contextOf(event, ref);
        if (!ctx) continue;
        try {
          await advance(ctx);
        } catch (error) {
          deps.log?.(`simulating event ${event.id} failed`, error);
        }
      }
      return list.length;
    },
    /** Moves one event to its end at once (operator "finish"). */
    async finish(eventId: number): Promise<void> {
      const event = await repo.event(eventId);
      const ctx = event && contextOf(event, await deps.catalogue.reference());
      if (!ctx) throw new Error(`event ${eventId} cannot be simulated`);
      // A match the operator plays through before its kick-off is played now: its start time says so (results
      // list it at the time it was played, not at the planned one).
      if (event.status === 'not_started') {
        const startAt = new Date(clock.now());
        await repo.updateEvent(eventId, { startAt });
        ctx.event = { ...ctx.event, startAt };
      }
      let sim = simOf(event);
      const happenings: Happening[] = [];
      for (let i = 0; i < 10_000 && ctx.project(sim).status !== 'ended'; i++) {
        const r = ctx.step(sim, 100_000);
        sim = r.sim;
        happenings.push(...r.happenings);
      }
      await flush(ctx, { ...sim, lastReal: clock.now() }, happenings, true);
    },
    /**
     * Ends an event with a final state given from outside (operator result) and writes every market's result
     * as `resolve` decides it (settled from the operator's input, or void). A first result keeps results decided
     * in play where the input agrees with them; a correction (the event already ended) rewrites them all, and
     * settlement resettles the bets whose results changed.
     */
    async settleWith(
      event: EventRecord,
      finalSim: SimState,
      resolve: (kept: Map<number, Record<string, string>>) => { results: MarketResult[] },
    ): Promise<void> {
      const ctx = contextOf(event, await deps.catalogue.reference());
      if (!ctx) throw new Error(`event ${event.id} cannot be simulated`);
      const sim = { ...finalSim, lastReal: clock.now() };
      const fields = ctx.project(sim);
      const happenings: Happening[] = [
        { type: 'end', team: null, minute: 90, text: 'Result set by operator' },
      ];
      const data = nextData(event.data, happenings, sim, fields.score);
      const now = clock.now();
      // A result given before kick-off: the match counts as played now (see `finish`).
      const started = event.status === 'not_started' ? { startAt: new Date(now) } : {};
      const update = { ...fieldsToColumns(fields), ...started, data, sim, ts: now, updatedAt: new Date(now) };
      await repo.updateEvent(event.id, update);
      ctx.event = { ...ctx.event, ...update };
      await publishState(event.id, sim, event.pricesBehindScore);
      if (!event.marketsReady) await deps.catalogue.ensureMarketsFor([event.id]);
      const grouped = groupMarkets(await repo.marketsWithSelections(event.id));
      const kept = new Map<number, Record<string, string>>();
      if (event.status !== 'ended')
        for (const { market, selections } of grouped)
          if (market.resolved && selections.every((x) => x.result !== null))
            kept.set(
              market.order,
              Object.fromEntries(selections.map((x) => [x.outcome, x.result as string])),
            );
      const { results } = resolve(kept);
      const selUpdates: SelectionUpdate[] = [];
      const mktUpdates: MarketUpdateRow[] = [];
      const changed: MarketUpdate['markets'] = [];
      for (const { market, selections } of grouped) {
        const r = results[market.order];
        if (!r || r.t !== market.t || r.s !== market.s) continue;
        const next = selections.map((x) => ({
          id: x.id,
          outcome: x.outcome,
          odd: x.odd,
          maxStake: x.maxStake,
          isClosed: true,
          isDisabled: false,
          result: r.results[x.outcome] ?? 'void',
        }));
        selUpdates.push(...next);
        mktUpdates.push({ id: market.id, disabled: false, closed: true, resolved: true });
        changed.push({
          id: market.id,
          t: market.t,
          s: market.s,
          disabled: false,
          selections: next.map((x) => ({
            id: x.id,
            outcome: x.outcome,
            odd: x.odd,
            isDisabled: false,
            isClosed: true,
            result: x.result,
          })),
        });
      }
      await repo.applyUpdates(selUpdates, mktUpdates);
      if (changed.length > 0)
        await bus.publish('fixture.markets', {
          type: 'market_update',
          eventId: event.id,
          markets: changed,
          ts: clock.now(),
        });
      await publishMatch(ctx, fields, data);
    },
    simOf,
    markets,
    contextOf,
  };
}

/**
 * What a client shows of a match: score, clock minute, period, stats, suspension, status and result. The
 * seconds of a running clock are not in it (clients count them), so an unchanged minute sends nothing.
 */
function shownSignature(sportId: number, f: LiveFields, stats: unknown): string {
  const minute = playsFootball(sportId) ? f.periodTime : Math.floor(f.periodTime / 60);
  return JSON.stringify([
    f.isLive,
    f.isSuspended,
    minute,
    f.periodCounter,
    f.phase,
    f.score,
    stats,
    f.resultName,
  ]);
}

function fieldsToColumns(f: LiveFields) {
  return {
    status: f.status,
    phase: f.phase,
    isLive: f.isLive,
    isSuspended: f.isSuspended,
    periodTime: f.periodTime,
    periodTimeLeft: f.periodTimeLeft,
    periodCounter: f.periodCounter,
    roundCounter: f.roundCounter,
    addedTime: f.addedTime,
    resultName: f.resultName,
  };
}

export type Simulator = ReturnType<typeof createSimulator>;
