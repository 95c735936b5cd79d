import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { authSessions, authThrottle, authTokens, users } from './identity.tables';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function createIdentityRepository(db: DbOrTx) {
  return {
    async insertUser(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      if (!row) throw new Error('insert into users returned nothing');
      return row;
    },

    async findUser(appId: number, username: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.appId, appId), sql`lower(${users.username}) = lower(${username})`))
        .limit(1);
      return rows[0] ?? null;
    },

    async userById(id: number): Promise<UserRow | null> {
      return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null;
    },

    async listUsers(appId: number | undefined): Promise<UserRow[]> {
      const query = db.select().from(users);
      return appId === undefined
        ? query.orderBy(asc(users.id))
        : query.where(eq(users.appId, appId)).orderBy(asc(users.id));
    },

    async updateUser(id: number, patch: Partial<NewUser>): Promise<void> {
      await db.update(users).set(patch).where(eq(users.id, id));
    },

    async insertSession(session: typeof authSessions.$inferInsert): Promise<void> {
      await db.insert(authSessions).values(session);
    },

    async insertToken(token: typeof authTokens.$inferInsert): Promise<void> {
      await db.insert(authTokens).values(token);
    },

    /** The live session and user of a token of `kind`, or null when unknown, expired or revoked. */
    async findLiveToken(tokenHash: string, kind: 'access' | 'refresh', now: Date) {
      const rows = await db
        .select({ token: authTokens, session: authSessions, user: users })
        .from(authTokens)
        .innerJoin(authSessions, eq(authSessions.id, authTokens.sessionId))
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(
          and(
            eq(authTokens.tokenHash, tokenHash),
            eq(authTokens.kind, kind),
            gt(authTokens.expiresAt, now),
            gt(authSessions.expiresAt, now),
            isNull(authSessions.revokedAt),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** Marks a refresh token used; true only for the one caller that wins the race. */
    async consumeRefresh(tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(authTokens)
        .set({ usedAt: now })
        .where(
          and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, 'refresh'), isNull(authTokens.usedAt)),
        )
        .returning({ hash: authTokens.tokenHash });
      return rows.length === 1;
    },

    async tokenSession(tokenHash: string): Promise<string | null> {
      const rows = await db
        .select({ sessionId: authTokens.sessionId })
        .from(authTokens)
        .where(eq(authTokens.tokenHash, tokenHash));
      return rows[0]?.sessionId ?? null;
    },

    async revokeSession(sessionId: string, now: Date, reason: string): Promise<boolean> {
      const rows = await db
        .update(authSessions)
        .set({ revokedAt: now, revokeReason: reason })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
        .returning({ id: authSessions.id });
      return rows.length > 0;
    },

    /** Revokes every live session of a user except `keep`; returns how many. */
    async revokeUserSessions(userId: number, now: Date, reason: string, keep?: string): Promise<number> {
      const rows = await db
        .update(authSessions)
        .set({ revokedAt: now, revokeReason: reason })
        .where(
          and(
            eq(authSessions.userId, userId),
            isNull(authSessions.revokedAt),
            keep ? sql`${authSessions.id} <> ${keep}` : undefined,
          ),
        )
        .returning({ id: authSessions.id });
      return rows.length;
    },

    /**
     * Counts one attempt atomically and returns the window's count: a window that started at or before
     * `windowStartAfter` starts again at 1. Concurrent attempts each see a distinct count.
     */
    async countAttempt(
      key: string,
      now: Date,
      windowStartAfter: Date,
    ): Promise<{ failures: number; windowStart: Date }> {
      const stale = sql`${authThrottle.windowStart} <= ${windowStartAfter.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(authThrottle)
        .values({ key, windowStart: now, failures: 1 })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: sql`case when ${stale} then 1 else ${authThrottle.failures} + 1 end`,
            windowStart: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${authThrottle.windowStart} end`,
          },
        })
        .returning({ failures: authThrottle.failures, windowStart: authThrottle.windowStart });
      if (!row) throw new Error('throttle upsert returned nothing');
      return row;
    },

    /** Takes back one counted attempt (it succeeded). */
    async uncountAttempt(key: string): Promise<void> {
      await db
        .update(authThrottle)
        .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
        .where(eq(authThrottle.key, key));
    },

    /** Housekeeping at login: drops a user's expired tokens and counters of windows that have passed. */
    async sweep(userId: number, now: Date, staleBefore: Date): Promise<void> {
      const sessions = db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(eq(authSessions.userId, userId));
      await db
        .delete(authTokens)
        .where(and(inArray(authTokens.sessionId, sessions), lte(authTokens.expiresAt, now)));
      await db.delete(authThrottle).where(lte(authThrottle.windowStart, staleBefore));
    },

    async clearThrottle(key: string): Promise<void> {
      await db.delete(authThrottle).where(eq(authThrottle.key, key));
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
