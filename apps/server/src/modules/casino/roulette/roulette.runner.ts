import type { Db } from '../../../db/database';
import type { DomainMetrics } from '../../../observability/metrics';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../plugins/bus';
import { createPlatformRepository } from '../platform/platform.repository';
import type { SeamlessWallet } from '../platform/seamless-wallet';
import { cryptoRng, type Rng } from '../slots/rng';
import { createRouletteRepository, type RoundRow } from './roulette.repository';
import { POCKETS, payoutOf } from './roulette.rules';
import { betUuid, roundId, type Schedule } from './roulette.service';

/** A round whose spin time passed this long ago without a spin (no leader then) is void: its bets are returned. */
export const VOID_AFTER_MS = 10_000;

export interface RunnerDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  wallet: SeamlessWallet;
  schedule: Schedule;
  /** The roulette tables (game ids) this deployment runs. */
  tables: () => Promise<number[]>;
  rng?: Rng;
  log?: (msg: string, err?: unknown) => void;
  metrics?: DomainMetrics;
}

/**
 * The dealer of every roulette table, run by exactly one instance (the leader of an advisory lock). Each tick it
 * opens the current round of each table, spins every round whose time has come (CSPRNG), announces the result on
 * the bus, and settles each placement of a spun round exactly once: the placement row is locked and moved out of
 * `open` in the same transaction as its payout, whose wallet transaction id is fixed per placement. A round that
 * nobody spun in time is void and its bets are rolled back through the seamless wallet.
 */
export function createRouletteRunner(deps: RunnerDeps) {
  const { db, clock, schedule } = deps;
  const rng = deps.rng ?? cryptoRng;
  const repo = createRouletteRepository(db);
  const opened = new Map<number, number>();

  async function openCurrent(now: number): Promise<void> {
    const no = schedule.roundAt(now);
    for (const gameId of await deps.tables()) {
      if (opened.get(gameId) === no) continue;
      await repo.ensureRound({
        gameId,
        no,
        closesAt: new Date(schedule.closesAt(no)),
        spinAt: new Date(schedule.spinAt(no)),
      });
      opened.set(gameId, no);
    }
  }

  async function spin(round: RoundRow, now: number): Promise<void> {
    const result = rng.int(POCKETS);
    const done = await repo.transition(round.gameId, round.no, 'open', {
      status: 'spun',
      result,
      spunAt: new Date(now),
    });
    if (!done) return;
    deps.metrics?.casinoRound('roulette');
    round.status = 'spun';
    round.result = result;
    await deps.bus
      .publish('casino.roulette', { gameId: round.gameId, no: round.no, result })
      .catch((error: unknown) => deps.log?.('roulette result not published', error));
  }

  async function finish(round: RoundRow, voiding: boolean): Promise<void> {
    for (const id of await repo.openPlacementIds(round.gameId, round.no)) {
      await settlePlacement(deps, id, round, voiding).catch((error: unknown) =>
        deps.log?.(`roulette placement ${id} not settled (retried next tick)`, error),
      );
    }
    if ((await repo.openPlacementIds(round.gameId, round.no)).length === 0)
      await repo.transition(round.gameId, round.no, voiding ? 'open' : 'spun', {
        status: voiding ? 'void' : 'settled',
      });
  }

  return {
    /** One pass: open current rounds, spin (or void) due ones, settle spun ones. Safe to run again at any time. */
    async tick(): Promise<void> {
      const now = clock.now();
      await openCurrent(now);
      for (const round of await repo.dueRounds(new Date(now))) {
        if (round.status === 'open' && now - round.spinAt.getTime() > VOID_AFTER_MS)
          await finish(round, true);
        else {
          if (round.status === 'open') await spin(round, now);
          if (round.status === 'spun') await finish(round, false);
        }
      }
    },
  };
}

/** Settles one placement once: pays its winning bets (a win of 0 closes a lost one) on its locked row. */
async function settlePlacement(
  deps: RunnerDeps,
  id: number,
  round: RoundRow,
  voiding: boolean,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const r = createRouletteRepository(tx);
    const placement = await r.lockPlacement(id);
    if (!placement || placement.status !== 'open') return;
    const session = await createPlatformRepository(tx).session(placement.sessionId);
    const payout = voiding ? placement.stake : payoutOf(placement.bets, round.result ?? -1);
    if (session?.demo) {
      if (payout > 0) await createPlatformRepository(tx).moveDemoBalance(session.id, payout);
    } else if (voiding) {
      await deps.wallet.rollback(
        {
          transaction_uuid: `rl:${id}:rollback`,
          reference_transaction_uuid: betUuid(id),
          session: placement.sessionId,
          round: roundId(round.gameId, round.no),
        },
        tx,
      );
    } else {
      await deps.wallet.win(
        {
          transaction_uuid: `rl:${id}:win`,
          reference_transaction_uuid: betUuid(id),
          session: placement.sessionId,
          round: roundId(round.gameId, round.no),
          currency: session?.currency ?? '',
          amount: payout,
        },
        tx,
      );
    }
    const status = voiding ? 'void' : payout > 0 ? 'won' : 'lost';
    await r.finishPlacement(id, { status, payout, settledAt: new Date(deps.clock.now()) });
  });
}

export type RouletteRunner = ReturnType<typeof createRouletteRunner>;
