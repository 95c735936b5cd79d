import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { casinoSessions, casinoSlotRounds, casinoWalletTransactions } from '../casino.tables';

export type SessionRow = typeof casinoSessions.$inferSelect;
export type WalletTxRow = typeof casinoWalletTransactions.$inferSelect;
export type SlotRoundRow = typeof casinoSlotRounds.$inferSelect;

/** The game platform's own rows: sessions, the seamless wallet's transactions and slot rounds. */
export function createPlatformRepository(db: DbOrTx) {
  return { ...sessionRows(db), ...walletTxRows(db), ...slotRoundRows(db) };
}

/** The game sessions and their demo balance. */
function sessionRows(db: DbOrTx) {
  return {
    /**
     * Opens a demo session unless its address opened `max` since `since`: the address's count and the insert run
     * under one advisory lock per address, so parallel requests on any instance cannot pass the quota together.
     */
    async insertDemoSession(
      row: typeof casinoSessions.$inferInsert & { address: string },
      since: Date,
      max: number,
    ): Promise<SessionRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`demo-sessions:${row.address}`}))`);
        const [counted] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(casinoSessions)
          .where(
            and(
              eq(casinoSessions.address, row.address),
              sql`${casinoSessions.startedAt} > ${since.toISOString()}::timestamptz`,
            ),
          );
        if (Number(counted?.n ?? 0) >= max) return null;
        const [inserted] = await tx.insert(casinoSessions).values(row).returning();
        return inserted ?? null;
      });
    },

    async insertSession(row: typeof casinoSessions.$inferInsert): Promise<SessionRow> {
      const [inserted] = await db.insert(casinoSessions).values(row).returning();
      if (!inserted) throw new Error('insert into casino_sessions returned nothing');
      return inserted;
    },

    async session(id: string): Promise<SessionRow | null> {
      const [row] = await db.select().from(casinoSessions).where(eq(casinoSessions.id, id));
      return row ?? null;
    },

    async touchSession(id: string, at: Date): Promise<void> {
      await db.update(casinoSessions).set({ lastActiveAt: at }).where(eq(casinoSessions.id, id));
    },

    async endSession(id: string, at: Date): Promise<void> {
      await db
        .update(casinoSessions)
        .set({ endedAt: at })
        .where(and(eq(casinoSessions.id, id), isNull(casinoSessions.endedAt)));
    },

    /**
     * Moves a demo session's fun money by `delta`; null when it would go below zero (nothing changes). The
     * conditional update is the lock: two spins of one demo session cannot both spend the same coins.
     */
    async moveDemoBalance(id: string, delta: number): Promise<number | null> {
      const [row] = await db
        .update(casinoSessions)
        .set({ demoBalance: sql`${casinoSessions.demoBalance} + ${delta}` })
        .where(and(eq(casinoSessions.id, id), gte(casinoSessions.demoBalance, -delta)))
        .returning({ balance: casinoSessions.demoBalance });
      return row ? Number(row.balance) : null;
    },
  };
}

/** The seamless wallet's transactions: found, locked, inserted, closed, and the open ones. */
function walletTxRows(db: DbOrTx) {
  return {
    async walletTx(uuid: string): Promise<WalletTxRow | null> {
      const [row] = await db
        .select()
        .from(casinoWalletTransactions)
        .where(eq(casinoWalletTransactions.uuid, uuid));
      return row ?? null;
    },

    /** The bet, locked until the transaction ends: its win and its rollback take turns on it. */
    async lockWalletTx(uuid: string): Promise<WalletTxRow | null> {
      const [row] = await db
        .select()
        .from(casinoWalletTransactions)
        .where(eq(casinoWalletTransactions.uuid, uuid))
        .for('update');
      return row ?? null;
    },

    /** Inserts a transaction row; false when its id exists (a concurrent repeat committed first). */
    async insertWalletTx(row: typeof casinoWalletTransactions.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(casinoWalletTransactions)
        .values(row)
        .onConflictDoNothing()
        .returning({ uuid: casinoWalletTransactions.uuid });
      return inserted.length === 1;
    },

    async closeBet(uuid: string, closedBy: string): Promise<boolean> {
      const rows = await db
        .update(casinoWalletTransactions)
        .set({ closedBy })
        .where(and(eq(casinoWalletTransactions.uuid, uuid), isNull(casinoWalletTransactions.closedBy)))
        .returning({ uuid: casinoWalletTransactions.uuid });
      return rows.length === 1;
    },

    /** Accepted bets still open after `before`: rounds a game never finished. */
    async openBets(before: Date, limit: number): Promise<WalletTxRow[]> {
      return db
        .select()
        .from(casinoWalletTransactions)
        .where(
          and(
            eq(casinoWalletTransactions.kind, 'bet'),
            eq(casinoWalletTransactions.status, 'RS_OK'),
            isNull(casinoWalletTransactions.closedBy),
            lt(casinoWalletTransactions.createdAt, before),
          ),
        )
        .limit(limit);
    },
  };
}

/** The slot rounds of a session. */
function slotRoundRows(db: DbOrTx) {
  return {
    /** Inserts a slot round; null when the session already has a round with this key. */
    async insertSlotRound(row: typeof casinoSlotRounds.$inferInsert): Promise<SlotRoundRow | null> {
      const [inserted] = await db.insert(casinoSlotRounds).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async slotRoundByKey(sessionId: string, roundKey: string): Promise<SlotRoundRow | null> {
      const [row] = await db
        .select()
        .from(casinoSlotRounds)
        .where(and(eq(casinoSlotRounds.sessionId, sessionId), eq(casinoSlotRounds.roundKey, roundKey)));
      return row ?? null;
    },

    async setRoundBalance(id: string, balanceAfter: number): Promise<void> {
      await db.update(casinoSlotRounds).set({ balanceAfter }).where(eq(casinoSlotRounds.id, id));
    },

    async slotRounds(sessionId: string, limit: number): Promise<SlotRoundRow[]> {
      return db
        .select()
        .from(casinoSlotRounds)
        .where(eq(casinoSlotRounds.sessionId, sessionId))
        .orderBy(desc(casinoSlotRounds.createdAt), desc(casinoSlotRounds.id))
        .limit(limit);
    },
  };
}

export type PlatformRepository = ReturnType<typeof createPlatformRepository>;
