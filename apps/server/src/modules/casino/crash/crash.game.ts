import type { CrashBetRequest } from '@sb/contract';
import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../plugins/bus';
import type { SessionRow } from '../platform/platform.repository';
import type { SeamlessWallet } from '../platform/seamless-wallet';
import { CRASH_EXTENDED_ID, createCrashRepository } from './crash.repository';
import { cashout, placeBet } from './crash.bets';
import { chains, createCrashLoop, giveClientSeed } from './crash.loop';
import { createCrashState, type CrashContext } from './crash.state';
import { rulesOf, type CrashSettings } from './crash.views';

export type { ChainRow, ClientSeedRow } from './crash.repository';
/** The crash game's id in the catalogue (its sessions are opened for it). */
export { CRASH_GAME_ID } from './crash.repository';
export {
  BETS_SHOWN,
  HISTORY_SIZE,
  MAX_AUTO_CASHOUT,
  SETTLE_GRACE_MS,
  VOID_AFTER_MS,
  betUuid,
  betView,
  roundView,
  rulesOf,
  type CrashSettings,
} from './crash.views';

/**
 * The crash game: rounds shared by every player of every instance, a bustabit v2 hash chain played
 * backwards, money through the seamless wallet. Any instance takes bets and cash-outs (their times are the
 * server's clock when they arrive; crash.bets.ts); exactly one instance — the tables' leader — runs the loop
 * (`tick`, crash.loop.ts): opens rounds, starts flights, pays auto and forced cash-outs, crashes and settles
 * (crash.settlement.ts), voids rounds nobody flew. Each instance keeps its view of the game from the bus
 * (crash.state.ts).
 */
export function createCrashGame(deps: {
  db: Db;
  clock: Clock;
  bus: EventBus;
  wallet: SeamlessWallet;
  settings: CrashSettings;
  log?: (msg: string, err?: unknown) => void;
}) {
  const { db, clock, bus, settings, wallet, log } = deps;
  const repo = createCrashRepository(db);
  const state = createCrashState({ clock, bus, repo, settings, log });
  const ctx: CrashContext = { db, clock, wallet, settings, repo, out: state, log };
  const loop = createCrashLoop(ctx);

  return {
    settings,
    rules: rulesOf(settings),
    now: () => clock.now(),
    tick: loop.tick,
    chains: () => chains(ctx),
    giveClientSeed: (session: SessionRow, seed: string) => giveClientSeed(ctx, session, seed),
    placeBet: (session: SessionRow, gameCode: string, req: CrashBetRequest) =>
      placeBet(ctx, session, gameCode, req),
    cashout: (session: SessionRow, betId: number, now?: number) => cashout(ctx, session, betId, now),
    state: state.state,
    stateFromDatabase: state.stateFromDatabase,
    reload: state.reload,
    repo,
    gameCode: CRASH_EXTENDED_ID,
    /** The feed's source of the `crash` topic: this instance's view and every message of the game. */
    feedSource: state.feedSource,
    close: state.close,
  };
}

export type CrashGame = ReturnType<typeof createCrashGame>;
