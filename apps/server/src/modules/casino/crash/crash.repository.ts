import { and, asc, desc, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { casinoGames, casinoProviders } from '../casino.tables';
import { crashBets, crashChains, crashClientSeeds, crashRounds } from '../crash.tables';

export type ChainRow = typeof crashChains.$inferSelect;
export type CrashRoundRow = typeof crashRounds.$inferSelect;
export type CrashBetRow = typeof crashBets.$inferSelect;
export type ClientSeedRow = typeof crashClientSeeds.$inferSelect;

/** Serialises chain creation across instances (a transaction-scoped advisory lock). */
const CHAIN_LOCK_KEY = 7_201_019;

/** The crash game's own studio and game in the catalogue (ids far from the seeded ones). */
export const CRASH_PROVIDER_ID = 900;
export const CRASH_GAME_ID = 900_001;
export const CRASH_EXTENDED_ID = 'aviator';

/** The SQL of the crash game: its catalogue row, seed chains, rounds and bets. */
export function createCrashRepository(db: DbOrTx) {
  return {
    ...gameAndChainReads(db),
    ...chainCommits(db),
    ...clientSeedRows(db),
    ...roundRows(db),
    ...betRows(db),
    ...cashoutRows(db),
  };
}

/** The game's catalogue row, and the chains read. */
function gameAndChainReads(db: DbOrTx) {
  return {
    /** Adds the game (and its studio) to the catalogue once; sessions and the seamless wallet need a game row. */
    async ensureGame(at: Date): Promise<void> {
      await db
        .insert(casinoProviders)
        .values({ id: CRASH_PROVIDER_ID, name: 'Kanat Originals', isLive: false, enabled: true, sort: 900 })
        .onConflictDoNothing();
      await db
        .insert(casinoGames)
        .values({
          id: CRASH_GAME_ID,
          extendedId: CRASH_EXTENDED_ID,
          name: 'Aviator',
          providerId: CRASH_PROVIDER_ID,
          categories: [70, 75],
          isPopular: true,
          enabled: true,
          releasedAt: at,
          rtpBp: 9_900,
          volatility: 'high',
          config: { kind: 'crash', colours: { background: '#14112b', accent: '#e8364f' } },
          demo: true,
          sort: 0,
        })
        .onConflictDoNothing();
    },

    async chain(id: number): Promise<ChainRow | null> {
      const [row] = await db.select().from(crashChains).where(eq(crashChains.id, id));
      return row ?? null;
    },

    async latestChain(): Promise<ChainRow | null> {
      const [row] = await db.select().from(crashChains).orderBy(desc(crashChains.id)).limit(1);
      return row ?? null;
    },

    /** The latest sealed chain (rounds are played from it, or were): the one `/fairness` shows as current. */
    async latestSealedChain(): Promise<ChainRow | null> {
      const [row] = await db
        .select()
        .from(crashChains)
        .where(isNotNull(crashChains.sealedAt))
        .orderBy(desc(crashChains.id))
        .limit(1);
      return row ?? null;
    },
  };
}

/** The chains committed and sealed. */
function chainCommits(db: DbOrTx) {
  return {
    /**
     * The chain committed after `afterId` (collecting client seeds, or sealed already), made by `make` when there
     * is none: so a committed chain always waits behind the one being played.
     */
    async ensureCommittedAfter(afterId: number, make: () => Omit<ChainRow, 'id'>): Promise<ChainRow> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
        const [next] = await tx
          .select()
          .from(crashChains)
          .where(gt(crashChains.id, afterId))
          .orderBy(asc(crashChains.id))
          .limit(1);
        if (next) return next;
        const [created] = await tx.insert(crashChains).values(make()).returning();
        return created!;
      });
    },

    /**
     * Seals chain `id` once (under the chain lock, so no seed slips in meanwhile): `saltOf` its seeds in the
     * order they came. Answers the sealed chain (as sealed by whoever did it first).
     */
    async seal(
      id: number,
      at: Date,
      saltOf: (chain: ChainRow, seeds: string[]) => string,
    ): Promise<ChainRow> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
        const [chain] = await tx.select().from(crashChains).where(eq(crashChains.id, id));
        if (!chain) throw new Error(`crash chain ${id} not found`);
        if (chain.sealedAt) return chain;
        const seeds = await tx
          .select({ seed: crashClientSeeds.seed })
          .from(crashClientSeeds)
          .where(eq(crashClientSeeds.chainId, id))
          .orderBy(asc(crashClientSeeds.id));
        const salt = saltOf(
          chain,
          seeds.map((s) => s.seed),
        );
        const [sealed] = await tx
          .update(crashChains)
          .set({ salt, sealedAt: at })
          .where(eq(crashChains.id, id))
          .returning();
        return sealed!;
      });
    },
  };
}

/** The players' client seeds of a chain. */
function clientSeedRows(db: DbOrTx) {
  return {
    /**
     * A session's client seed for the latest chain still collecting (none: `make` commits one first), under the
     * chain lock so it lands before or after a seal, never across. A session gives one seed per chain: the first
     * stands (`given` says whether this call stored it).
     */
    async addClientSeed(
      row: Omit<typeof crashClientSeeds.$inferInsert, 'chainId'>,
      make: () => Omit<ChainRow, 'id'>,
    ): Promise<{ chain: ChainRow; seed: ClientSeedRow; given: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
        let [chain] = await tx.select().from(crashChains).orderBy(desc(crashChains.id)).limit(1);
        if (!chain || chain.sealedAt) [chain] = await tx.insert(crashChains).values(make()).returning();
        const [stored] = await tx
          .insert(crashClientSeeds)
          .values({ ...row, chainId: chain!.id })
          .onConflictDoNothing()
          .returning();
        if (stored) return { chain: chain!, seed: stored, given: true };
        const [first] = await tx
          .select()
          .from(crashClientSeeds)
          .where(and(eq(crashClientSeeds.chainId, chain!.id), eq(crashClientSeeds.sessionId, row.sessionId)));
        return { chain: chain!, seed: first!, given: false };
      });
    },

    async clientSeedCount(chainId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(crashClientSeeds)
        .where(eq(crashClientSeeds.chainId, chainId));
      return row?.n ?? 0;
    },

    /** A chain's client seeds in the order they came (published with it). */
    async clientSeeds(chainId: number): Promise<ClientSeedRow[]> {
      return db
        .select()
        .from(crashClientSeeds)
        .where(eq(crashClientSeeds.chainId, chainId))
        .orderBy(asc(crashClientSeeds.id));
    },
  };
}

/** The rounds: found, locked, inserted, moved on, and the finished ones. */
function roundRows(db: DbOrTx) {
  return {
    async latestRound(): Promise<CrashRoundRow | null> {
      const [row] = await db.select().from(crashRounds).orderBy(desc(crashRounds.id)).limit(1);
      return row ?? null;
    },

    async round(id: number): Promise<CrashRoundRow | null> {
      const [row] = await db.select().from(crashRounds).where(eq(crashRounds.id, id));
      return row ?? null;
    },

    /** The round, share-locked: the flight's start (an update) waits for bets in flight, and bets for it. */
    async lockRoundShared(id: number): Promise<CrashRoundRow | null> {
      const [row] = await db.select().from(crashRounds).where(eq(crashRounds.id, id)).for('share');
      return row ?? null;
    },

    async insertRound(row: typeof crashRounds.$inferInsert): Promise<CrashRoundRow | null> {
      const [inserted] = await db.insert(crashRounds).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    /** Moves a round on only from the expected status; null when another actor did first. */
    async transition(
      id: number,
      from: CrashRoundRow['status'],
      patch: Partial<CrashRoundRow>,
    ): Promise<CrashRoundRow | null> {
      const [row] = await db
        .update(crashRounds)
        .set(patch)
        .where(and(eq(crashRounds.id, id), eq(crashRounds.status, from)))
        .returning();
      return row ?? null;
    },

    /** Finished rounds (hash revealed), newest first. */
    async finishedRounds(limit: number): Promise<CrashRoundRow[]> {
      return db
        .select()
        .from(crashRounds)
        .where(inArray(crashRounds.status, ['crashed', 'settled', 'void']))
        .orderBy(desc(crashRounds.id))
        .limit(limit);
    },

    async crashPoints(limit: number): Promise<{ id: number; crashPoint: number }[]> {
      return db
        .select({ id: crashRounds.id, crashPoint: crashRounds.crashPoint })
        .from(crashRounds)
        .where(inArray(crashRounds.status, ['crashed', 'settled']))
        .orderBy(desc(crashRounds.id))
        .limit(limit);
    },
  };
}

/** The bets of a round: inserted, found, locked and finished. */
function betRows(db: DbOrTx) {
  return {
    async insertBet(row: typeof crashBets.$inferInsert): Promise<CrashBetRow | null> {
      const [inserted] = await db.insert(crashBets).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async bet(id: number): Promise<CrashBetRow | null> {
      const [row] = await db.select().from(crashBets).where(eq(crashBets.id, id));
      return row ?? null;
    },

    /** The bet of a player (`playerKey`: the client, or a fun-money session) in a round's panel. */
    async betInSlot(roundId: number, playerKey: string, slot: number): Promise<CrashBetRow | null> {
      const [row] = await db
        .select()
        .from(crashBets)
        .where(
          and(eq(crashBets.roundId, roundId), eq(crashBets.playerKey, playerKey), eq(crashBets.slot, slot)),
        );
      return row ?? null;
    },

    async lockBet(id: number): Promise<CrashBetRow | null> {
      const [row] = await db.select().from(crashBets).where(eq(crashBets.id, id)).for('update');
      return row ?? null;
    },

    async finishBet(id: number, patch: Pick<CrashBetRow, 'status' | 'cashout' | 'payout' | 'settledAt'>) {
      await db.update(crashBets).set(patch).where(eq(crashBets.id, id));
    },

    async betsOf(roundId: number, limit = 1_000): Promise<CrashBetRow[]> {
      return db
        .select()
        .from(crashBets)
        .where(eq(crashBets.roundId, roundId))
        .orderBy(asc(crashBets.id))
        .limit(limit);
    },

    /** The bets still to close: open ones and claimed cash-outs not yet paid. */
    async openBets(roundId: number): Promise<CrashBetRow[]> {
      return db
        .select()
        .from(crashBets)
        .where(and(eq(crashBets.roundId, roundId), inArray(crashBets.status, ['open', 'cashing'])))
        .orderBy(asc(crashBets.id));
    },
  };
}

/** Cash-outs claimed and due, a round's real stakes, and a session's bets. */
function cashoutRows(db: DbOrTx) {
  return {
    /**
     * Claims an open bet's cash-out at `cashout` (hundredths) in one statement: null when the bet is not this
     * session's or is no longer open (cashed, claimed, lost or void meanwhile).
     */
    async claimCashout(id: number, sessionId: string, cashout: number, payout: number) {
      const [row] = await db
        .update(crashBets)
        .set({ status: 'cashing', cashout, payout })
        .where(and(eq(crashBets.id, id), eq(crashBets.sessionId, sessionId), eq(crashBets.status, 'open')))
        .returning();
      return row ?? null;
    },

    /**
     * The open bets whose own limit the multiplier `m` (hundredths) has reached: an auto target at or below it,
     * or, for real money, the round's force point. The leader asks every tick, so only those rows come back.
     */
    async dueBets(roundId: number, m: number, forcePoint: number | null): Promise<CrashBetRow[]> {
      const reached = sql`${crashBets.autoCashout} <= ${m}`;
      return db
        .select()
        .from(crashBets)
        .where(
          and(
            eq(crashBets.roundId, roundId),
            eq(crashBets.status, 'open'),
            forcePoint !== null && forcePoint <= m ? or(reached, eq(crashBets.demo, false)) : reached,
          ),
        )
        .orderBy(asc(crashBets.id));
    },

    /** Total real-money stakes of a round (the force point's base; fun money is not capped). */
    async realStakes(roundId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${crashBets.stake}), 0)` })
        .from(crashBets)
        .where(and(eq(crashBets.roundId, roundId), eq(crashBets.demo, false)));
      return Number(row?.total ?? 0);
    },

    async betsOfSession(sessionId: string, limit: number, beforeId?: number) {
      return db
        .select({ bet: crashBets, round: crashRounds })
        .from(crashBets)
        .innerJoin(crashRounds, eq(crashRounds.id, crashBets.roundId))
        .where(
          beforeId === undefined
            ? eq(crashBets.sessionId, sessionId)
            : and(eq(crashBets.sessionId, sessionId), lt(crashBets.id, beforeId)),
        )
        .orderBy(desc(crashBets.id))
        .limit(limit);
    },
  };
}

export type CrashRepository = ReturnType<typeof createCrashRepository>;
