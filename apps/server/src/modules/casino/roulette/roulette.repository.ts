import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { casinoRouletteBets, casinoRouletteRounds } from '../casino.tables';

export type RoundRow = typeof casinoRouletteRounds.$inferSelect;
export type PlacementRow = typeof casinoRouletteBets.$inferSelect;

/** The SQL of the roulette tables: rounds, their results and the placements on them. */
export function createRouletteRepository(db: DbOrTx) {
  return { ...roundRows(db), ...resultRows(db), ...placementRows(db) };
}

/** The rounds: created, locked, found due and moved on. */
function roundRows(db: DbOrTx) {
  return {
    /** Creates the round if it is not there yet (any instance may: its times follow from its number). */
    async ensureRound(row: Pick<RoundRow, 'gameId' | 'no' | 'closesAt' | 'spinAt'>): Promise<void> {
      await db
        .insert(casinoRouletteRounds)
        .values({ ...row, status: 'open' })
        .onConflictDoNothing();
    },

    /** The round, share-locked: a spin (which updates it) waits for placements in flight, and they for it. */
    async lockRoundShared(gameId: number, no: number): Promise<RoundRow | null> {
      const [row] = await db
        .select()
        .from(casinoRouletteRounds)
        .where(and(eq(casinoRouletteRounds.gameId, gameId), eq(casinoRouletteRounds.no, no)))
        .for('share');
      return row ?? null;
    },

    /** Rounds whose spin time has come and that are not finished: to spin, settle or void. */
    async dueRounds(now: Date): Promise<RoundRow[]> {
      return db
        .select()
        .from(casinoRouletteRounds)
        .where(
          and(inArray(casinoRouletteRounds.status, ['open', 'spun']), lte(casinoRouletteRounds.spinAt, now)),
        )
        .orderBy(casinoRouletteRounds.spinAt)
        .limit(200);
    },

    /** Moves a round on only from the expected status; false when another actor did first. */
    async transition(
      gameId: number,
      no: number,
      from: RoundRow['status'],
      patch: Partial<RoundRow>,
    ): Promise<boolean> {
      const rows = await db
        .update(casinoRouletteRounds)
        .set(patch)
        .where(
          and(
            eq(casinoRouletteRounds.gameId, gameId),
            eq(casinoRouletteRounds.no, no),
            eq(casinoRouletteRounds.status, from),
          ),
        )
        .returning({ no: casinoRouletteRounds.no });
      return rows.length === 1;
    },
  };
}

/** The numbers the rounds drew. */
function resultRows(db: DbOrTx) {
  return {
    async results(gameId: number, limit: number): Promise<{ no: number; number: number }[]> {
      const rows = await db
        .select({ no: casinoRouletteRounds.no, result: casinoRouletteRounds.result })
        .from(casinoRouletteRounds)
        .where(
          and(
            eq(casinoRouletteRounds.gameId, gameId),
            inArray(casinoRouletteRounds.status, ['spun', 'settled']),
          ),
        )
        .orderBy(desc(casinoRouletteRounds.no))
        .limit(limit);
      return rows.map((r) => ({ no: Number(r.no), number: r.result ?? 0 }));
    },

    async resultsOf(gameId: number, nos: number[]): Promise<Map<number, number>> {
      if (nos.length === 0) return new Map();
      const rows = await db
        .select({ no: casinoRouletteRounds.no, result: casinoRouletteRounds.result })
        .from(casinoRouletteRounds)
        .where(
          and(
            eq(casinoRouletteRounds.gameId, gameId),
            inArray(casinoRouletteRounds.no, nos),
            sql`${casinoRouletteRounds.result} is not null`,
          ),
        );
      return new Map(rows.map((r) => [Number(r.no), r.result ?? 0]));
    },
  };
}

/** The placements on a round: inserted, found, locked and finished. */
function placementRows(db: DbOrTx) {
  return {
    async insertPlacement(row: typeof casinoRouletteBets.$inferInsert): Promise<PlacementRow | null> {
      const [inserted] = await db.insert(casinoRouletteBets).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async placementByKey(sessionId: string, key: string): Promise<PlacementRow | null> {
      const [row] = await db
        .select()
        .from(casinoRouletteBets)
        .where(and(eq(casinoRouletteBets.sessionId, sessionId), eq(casinoRouletteBets.placementKey, key)));
      return row ?? null;
    },

    async openPlacementIds(gameId: number, no: number): Promise<number[]> {
      const rows = await db
        .select({ id: casinoRouletteBets.id })
        .from(casinoRouletteBets)
        .where(
          and(
            eq(casinoRouletteBets.gameId, gameId),
            eq(casinoRouletteBets.roundNo, no),
            eq(casinoRouletteBets.status, 'open'),
          ),
        );
      return rows.map((r) => r.id);
    },

    async lockPlacement(id: number): Promise<PlacementRow | null> {
      const [row] = await db
        .select()
        .from(casinoRouletteBets)
        .where(eq(casinoRouletteBets.id, id))
        .for('update');
      return row ?? null;
    },

    async finishPlacement(
      id: number,
      patch: Pick<PlacementRow, 'status' | 'payout' | 'settledAt'>,
    ): Promise<void> {
      await db.update(casinoRouletteBets).set(patch).where(eq(casinoRouletteBets.id, id));
    },

    async placementsOf(sessionId: string, limit: number): Promise<PlacementRow[]> {
      return db
        .select()
        .from(casinoRouletteBets)
        .where(eq(casinoRouletteBets.sessionId, sessionId))
        .orderBy(desc(casinoRouletteBets.roundNo), desc(casinoRouletteBets.id))
        .limit(limit);
    },
  };
}

export type RouletteRepository = ReturnType<typeof createRouletteRepository>;
