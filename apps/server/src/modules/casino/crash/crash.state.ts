// The instance's view of the crash game (the feed's snapshots): kept from the bus, rebuilt from the database after
// a gap, and what this instance publishes to every instance (states, ticks, and bets batched a tick at a time).
import type { CrashBusMessage, CrashState } from '@sb/contract';
import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../plugins/bus';
import type { SeamlessWallet } from '../platform/seamless-wallet';
import type { CrashBetRow, CrashRepository } from './crash.repository';
import { BETS_SHOWN, HISTORY_SIZE, betView, roundView, type CrashSettings } from './crash.views';

export interface CrashStateDeps {
  clock: Clock;
  bus: EventBus;
  repo: CrashRepository;
  settings: CrashSettings;
  log?: (msg: string, err?: unknown) => void;
}

/** The view of the game this instance keeps, and its way out to the bus. */
export function createCrashState(deps: CrashStateDeps) {
  const { clock, bus, repo } = deps;
  let view: CrashState = { round: null, bets: [], history: [], ts: 0 };
  const listeners = new Set<(message: CrashBusMessage) => void>();
  const emit = (message: CrashBusMessage) => listeners.forEach((listener) => listener(message));

  function apply(message: CrashBusMessage): void {
    if (message.type === 'crash_state') {
      if (view.round && message.round && message.round.id < view.round.id) return; // overtaken
      view = { round: message.round, bets: message.bets, history: message.history, ts: message.ts };
    } else if (message.type === 'crash_bets') {
      const changed = new Map(message.bets.filter((b) => b.roundId === view.round?.id).map((b) => [b.id, b]));
      if (changed.size === 0) return;
      const bets = view.bets.map((b) => changed.get(b.id) ?? b);
      const known = new Set(view.bets.map((b) => b.id));
      for (const bet of changed.values()) if (!known.has(bet.id) && bets.length < BETS_SHOWN) bets.push(bet);
      view = { ...view, bets };
    }
    emit(message);
  }

  async function stateFromDatabase(): Promise<CrashState> {
    const round = await repo.latestRound();
    const bets = round ? await repo.betsOf(round.id, BETS_SHOWN) : [];
    return {
      round: round ? roundView(round) : null,
      bets: bets.map(betView),
      history: await repo.crashPoints(HISTORY_SIZE),
      ts: clock.now(),
    };
  }

  /** After a bus gap the instance's view comes from the database, and its clients get it as a new state. */
  async function reload(): Promise<void> {
    const state = await stateFromDatabase();
    view = state;
    emit({ type: 'crash_state', ...state });
  }

  const stops = [
    bus.subscribe('casino.crash', (message) => apply(message)),
    bus.onGap(() => {
      reload().catch((error: unknown) => deps.log?.('crash state not reloaded', error));
    }),
  ];
  const out = createCrashPublisher(deps, stateFromDatabase);
  stops.push(out.close);

  return {
    ...out,
    state: () => view,
    stateFromDatabase,
    reload,
    /** The feed's source of the `crash` topic: this instance's view and every message of the game. */
    feedSource: {
      state: () => view,
      onMessage(listener: (message: CrashBusMessage) => void): () => void {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    close: () => stops.forEach((stop) => stop()),
  };
}

/** What this instance sends to every instance: whole states, and its bets batched a tick at a time. */
function createCrashPublisher(deps: CrashStateDeps, stateFromDatabase: () => Promise<CrashState>) {
  const { clock, bus, settings } = deps;
  const publish = (message: CrashBusMessage) =>
    bus.publish('casino.crash', message).catch((error: unknown) => deps.log?.('crash message lost', error));

  async function publishState(): Promise<void> {
    await publish({ type: 'crash_state', ...(await stateFromDatabase()) });
  }

  // Bets placed or closed on this instance leave together, at most one message a tick (see `crash_bets`).
  const pendingBets = new Map<number, CrashBetRow>();
  let betsTimer: NodeJS.Timeout | null = null;
  function flushBets(): void {
    betsTimer = null;
    const bets = [...pendingBets.values()].map(betView);
    pendingBets.clear();
    if (bets.length > 0) void publish({ type: 'crash_bets', bets, ts: clock.now() });
  }
  const publishBet = (row: CrashBetRow) => {
    pendingBets.set(row.id, row);
    betsTimer ??= setTimeout(flushBets, settings.tickMs);
  };
  const close = () => {
    if (betsTimer) clearTimeout(betsTimer);
    betsTimer = null;
  };
  return { publish, publishState, publishBet, close };
}

/** What the game's parts (the loop, the bets, the settlement) share: its database, money, settings and voice. */
export interface CrashContext {
  db: Db;
  clock: Clock;
  wallet: SeamlessWallet;
  settings: CrashSettings;
  repo: CrashRepository;
  out: ReturnType<typeof createCrashPublisher>;
  log?: (msg: string, err?: unknown) => void;
}
