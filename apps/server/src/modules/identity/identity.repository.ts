import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { authKnownAddresses, authSessions, authThrottle, authTokens, users } from './identity.tables';
import { usernameKey } from './username-key';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Live tokens of a kind among these hashes, with their session and user (every request with a token). */
const liveTokensQuery = preparedQuery('identity_live_tokens', (db) =>
  db
    .select({ token: authTokens, session: authSessions, user: users })
    .from(authTokens)
    .innerJoin(authSessions, eq(authSessions.id, authTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        sql`${authTokens.tokenHash} = any(${sql.placeholder('hashes')}::text[])`,
        sql`${authTokens.kind} = ${sql.placeholder('kind')}`,
        sql`${authTokens.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
        sql`${authSessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
        isNull(authSessions.revokedAt),
      ),
    ),
);

/** The SQL of identity: users, their sessions and tokens, and the login guards. */
export function createIdentityRepository(db: DbOrTx) {
  return { ...userRows(db), ...tokenRows(db), ...revocations(db), ...loginGuards(db) };
}

/** The users' rows. */
function userRows(db: DbOrTx) {
  return {
    async insertUser(user: Omit<NewUser, 'usernameKey'>): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({ ...user, usernameKey: usernameKey(user.username) })
        .returning();
      if (!row) throw new Error('insert into users returned nothing');
      return row;
    },

    async findUser(appId: number, username: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.appId, appId), eq(users.usernameKey, usernameKey(username))))
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
  };
}

/** Sessions and their tokens: issued, found and rotated. */
function tokenRows(db: DbOrTx) {
  return {
    async insertSession(session: typeof authSessions.$inferInsert): Promise<void> {
      await db.insert(authSessions).values(session);
    },

    async insertToken(token: typeof authTokens.$inferInsert): Promise<void> {
      await db.insert(authTokens).values(token);
    },

    /**
     * The live session and user of tokens of `kind`, in one statement (the access-token check of concurrent
     * requests is batched): the rows found, each with its token's hash; unknown, expired or revoked ones absent.
     */
    async findLiveTokens(tokenHashes: string[], kind: 'access' | 'refresh', now: Date) {
      return liveTokensQuery(db).execute({ hashes: tokenHashes, kind, now: now.toISOString() });
    },

    /** A refresh token's row with its session and user, whatever its state (used, expired, revoked). */
    async refreshTokenRecord(tokenHash: string) {
      const rows = await db
        .select({ token: authTokens, session: authSessions, user: users })
        .from(authTokens)
        .innerJoin(authSessions, eq(authSessions.id, authTokens.sessionId))
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, 'refresh')))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Rotates a refresh token in one transaction: marks it used with the sealed answer and stores the new
     * tokens. False for every caller but the one that wins the race (the row lock makes the others wait for
     * its commit, then find the token used).
     */
    async rotateRefresh(
      tokenHash: string,
      now: Date,
      sealed: string,
      issued: (typeof authTokens.$inferInsert)[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(authTokens)
          .set({ usedAt: now, rotation: sealed })
          .where(
            and(
              eq(authTokens.tokenHash, tokenHash),
              eq(authTokens.kind, 'refresh'),
              isNull(authTokens.usedAt),
            ),
          )
          .returning({ hash: authTokens.tokenHash });
        if (rows.length !== 1) return false;
        await tx.insert(authTokens).values(issued);
        return true;
      });
    },
  };
}

/** Sessions revoked: one, or every live one of a user. */
function revocations(db: DbOrTx) {
  return {
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
  };
}

/** The login throttle, the known addresses and the housekeeping at login. */
function loginGuards(db: DbOrTx) {
  return {
    /**
     * Takes one token from a bucket (created full) after refilling it for the time since its last use, and
     * returns what is left: negative means the attempt is over the limit. Atomic, so concurrent attempts each
     * take their own token; a bucket never sinks below −capacity (the wait after an attack stays bounded).
     */
    async takeThrottleToken(
      key: string,
      rule: { capacity: number; refillMs: number },
      now: Date,
    ): Promise<number> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const perMs = rule.capacity / rule.refillMs;
      const refilled = sql`least(${rule.capacity}::float8, ${authThrottle.tokens} + greatest(0, extract(epoch from (${at} - ${authThrottle.updatedAt})) * 1000) * ${perMs}::float8)`;
      const [row] = await db
        .insert(authThrottle)
        .values({ key, tokens: rule.capacity - 1, updatedAt: now })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: { tokens: sql`greatest(${-rule.capacity}::float8, ${refilled} - 1)`, updatedAt: now },
        })
        .returning({ tokens: authThrottle.tokens });
      if (!row) throw new Error('throttle upsert returned nothing');
      return Number(row.tokens);
    },

    /** Gives back the token an attempt took (it succeeded). */
    async returnThrottleToken(key: string, rule: { capacity: number }): Promise<void> {
      await db
        .update(authThrottle)
        .set({ tokens: sql`least(${rule.capacity}::float8, ${authThrottle.tokens} + 1)` })
        .where(eq(authThrottle.key, key));
    },

    async isKnownAddress(userId: number, address: string): Promise<boolean> {
      const rows = await db
        .select({ userId: authKnownAddresses.userId })
        .from(authKnownAddresses)
        .where(and(eq(authKnownAddresses.userId, userId), eq(authKnownAddresses.address, address)))
        .limit(1);
      return rows.length > 0;
    },

    async rememberAddress(userId: number, address: string, now: Date): Promise<void> {
      await db
        .insert(authKnownAddresses)
        .values({ userId, address, lastSuccessAt: now })
        .onConflictDoUpdate({
          target: [authKnownAddresses.userId, authKnownAddresses.address],
          set: { lastSuccessAt: now },
        });
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
      await db.delete(authThrottle).where(lte(authThrottle.updatedAt, staleBefore));
    },

    async clearThrottle(key: string): Promise<void> {
      await db.delete(authThrottle).where(eq(authThrottle.key, key));
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
