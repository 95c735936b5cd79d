// The crash game's round loop, run by the tables' leader: the hash chain (committed, salted by the players' seeds,
// sealed), rounds opened and flown, the multiplier ticked out, auto and forced cash-outs paid in flight, the crash
// and its settlement, rounds nobody flew voided. Every step is conditional: safe to run again on any instance.
import { randomBytes } from 'node:crypto';
import { crashClientSeedRequestSchema } from '@sb/contract';
import { multiplierAt, timeOf } from '@sb/crash';
import { badRequest } from '../../../plugins/errors';
import type { SessionRow } from '../platform/platform.repository';
import { createCrashRepository, type ChainRow, type CrashRoundRow } from './crash.repository';
import { chainHash, crashPointOf, saltOf, terminatingHashOf } from './crash.fair';
import { settleCrashed, settleEach, voidRound } from './crash.settlement';
import type { CrashContext } from './crash.state';
import { MAX_FORCE_POINT, VOID_AFTER_MS, limitOf, playerOf } from './crash.views';

/** A new chain, committed: its terminating hash is published now, its salt fixed when it is sealed. */
const newChainOf = (ctx: CrashContext) => (): Omit<ChainRow, 'id'> => {
  const seed = randomBytes(32).toString('hex');
  return {
    seed,
    salt: null,
    sealedAt: null,
    terminatingHash: terminatingHashOf(seed, ctx.settings.chainLength),
    length: ctx.settings.chainLength,
    createdAt: new Date(ctx.clock.now()),
  };
};

/**
 * What `/fairness` publishes: the chain rounds are played from (sealed: its salt and seeds) and the one committed
 * behind it, collecting the client seeds that will salt it (committed now if there is none yet).
 */
export async function chains(ctx: CrashContext): Promise<{ current: ChainRow | null; next: ChainRow }> {
  const current = await ctx.repo.latestSealedChain();
  return { current, next: await ctx.repo.ensureCommittedAfter(current?.id ?? 0, newChainOf(ctx)) };
}

/** A player's client seed, for the chain collecting them (stored once per session and chain). */
export async function giveClientSeed(ctx: CrashContext, session: SessionRow, seed: string) {
  const checked = crashClientSeedRequestSchema.shape.seed.safeParse(seed);
  if (!checked.success) throw badRequest('seed', checked.error.issues[0]?.message ?? 'not a client seed');
  return ctx.repo.addClientSeed(
    { sessionId: session.id, player: playerOf(session), seed, createdAt: new Date(ctx.clock.now()) },
    newChainOf(ctx),
  );
}

async function openRound(ctx: CrashContext, previous: CrashRoundRow | null, now: number): Promise<void> {
  const { repo, settings } = ctx;
  const newChain = newChainOf(ctx);
  let chain = previous ? await repo.chain(previous.chainId) : null;
  let index = previous && chain ? previous.chainIndex + 1 : 1;
  if (!chain || index > chain.length) {
    // The chain committed behind the one used up (or the first one): sealed now, salted by the seeds given
    // since its commitment, once it has collected for `seedingMs` (the first chain of an installation waits).
    const next = await repo.ensureCommittedAfter(chain?.id ?? 0, newChain);
    if (!next.sealedAt && now < next.createdAt.getTime() + settings.seedingMs) return;
    chain = await repo.seal(next.id, new Date(now), (c, seeds) => saltOf(c.terminatingHash, seeds));
    index = 1;
  }
  // The next chain is committed while this one plays: its terminating hash is out before any of its seeds.
  await repo.ensureCommittedAfter(chain.id, newChain);
  const hash = chainHash(chain.seed, chain.length, index);
  const row = await repo.insertRound({
    chainId: chain.id,
    chainIndex: index,
    hash,
    crashPoint: crashPointOf(hash, chain.salt!),
    status: 'betting',
    bettingEndsAt: new Date(now + settings.bettingMs),
    createdAt: new Date(now),
  });
  if (row) await ctx.out.publishState();
}

async function startFlight(ctx: CrashContext, round: CrashRoundRow, now: number): Promise<void> {
  const started = await ctx.db.transaction(async (tx) => {
    const r = createCrashRepository(tx);
    // Waits for bets holding the round's share lock; bets after it see it flying.
    const flying = await r.transition(round.id, 'betting', {
      status: 'flying',
      startedAt: new Date(now),
      crashAt: new Date(now + timeOf(round.crashPoint)),
    });
    if (!flying) return null;
    const stakes = await r.realStakes(round.id);
    if (stakes === 0) return flying;
    // bustabit's force point: where the real bets' potential payout reaches the round's maximum.
    const forcePoint = Math.max(100, Math.floor((ctx.settings.maxRoundPayout * 100) / stakes));
    // Beyond 10,000,000× (an int column's range is near) the cap cannot bind in practice: no force point.
    return forcePoint > MAX_FORCE_POINT ? flying : r.transition(round.id, 'flying', { forcePoint });
  });
  if (started) await ctx.out.publishState();
}

/** The multiplier last sent (a tick every `tickMs` at most). */
interface Flight {
  lastTickAt: number;
}

async function fly(ctx: CrashContext, flight: Flight, round: CrashRoundRow, now: number): Promise<void> {
  const crashAt = round.crashAt!.getTime();
  if (now >= crashAt) {
    const crashed = await ctx.repo.transition(round.id, 'flying', { status: 'crashed' });
    if (crashed) await ctx.out.publishState();
    return;
  }
  const m = multiplierAt(now - round.startedAt!.getTime());
  const due = (await ctx.repo.dueBets(round.id, m, round.forcePoint)).filter(
    (bet) => limitOf(bet, round) <= m,
  );
  await settleEach(ctx, round, due, (bet) => ({ point: limitOf(bet, round) }), true);
  if (now - flight.lastTickAt >= ctx.settings.tickMs) {
    flight.lastTickAt = now;
    void ctx.out.publish({
      type: 'crash_tick',
      roundId: round.id,
      multiplier: m,
      elapsedMs: now - round.startedAt!.getTime(),
      ts: now,
    });
  }
}

/** One pass of the loop; safe to run again at any time and on any instance (everything is conditional). */
async function tick(ctx: CrashContext, flight: Flight): Promise<void> {
  const now = ctx.clock.now();
  const round = await ctx.repo.latestRound();
  if (!round) return openRound(ctx, null, now);
  switch (round.status) {
    case 'void':
    case 'settled': {
      // A leader that died mid-refund left some stakes to return: the next one finishes them.
      if (round.status === 'void')
        await settleEach(ctx, round, await ctx.repo.openBets(round.id), () => 'void', false);
      const endedAt = round.status === 'void' ? 0 : round.crashAt!.getTime();
      if (now >= endedAt + ctx.settings.pauseMs) await openRound(ctx, round, now);
      return;
    }
    case 'betting':
      if (now < round.bettingEndsAt.getTime()) return;
      if (now - round.bettingEndsAt.getTime() > VOID_AFTER_MS) return voidRound(ctx, round);
      return startFlight(ctx, round, now);
    case 'flying':
      return fly(ctx, flight, round, now);
    case 'crashed':
      return settleCrashed(ctx, round, now);
  }
}

/** The leader's loop of this instance: `tick` is one pass. */
export function createCrashLoop(ctx: CrashContext) {
  const flight: Flight = { lastTickAt: 0 };
  return { tick: () => tick(ctx, flight) };
}
