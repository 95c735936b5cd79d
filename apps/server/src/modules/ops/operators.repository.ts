import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { operatorSessions, operators } from './ops.tables';

export type OperatorRow = typeof operators.$inferSelect;
export type NewOperator = typeof operators.$inferInsert;
export type OperatorSessionRow = typeof operatorSessions.$inferSelect;

/** The operators' and their sessions' SQL (the back office's sign-in). Sessions are found by their token's hash. */
export function createOperatorsRepository(db: Db) {
  return {
    async byUsername(username: string): Promise<OperatorRow | null> {
      return (await db.select().from(operators).where(eq(operators.username, username)))[0] ?? null;
    },

    async byId(id: number): Promise<OperatorRow | null> {
      return (await db.select().from(operators).where(eq(operators.id, id)))[0] ?? null;
    },

    /** Every operator, or those of one brand (`brandId` a number: the brand's own, never the all-brands ones). */
    all: (brandId: number | null = null): Promise<OperatorRow[]> =>
      db
        .select()
        .from(operators)
        .where(brandId === null ? undefined : eq(operators.brandId, brandId))
        .orderBy(asc(operators.id)),

    async insert(row: NewOperator): Promise<OperatorRow> {
      const [inserted] = await db.insert(operators).values(row).returning();
      if (!inserted) throw new Error('insert into operators returned nothing');
      return inserted;
    },

    async update(id: number, patch: Partial<NewOperator>): Promise<OperatorRow | null> {
      const [row] = await db.update(operators).set(patch).where(eq(operators.id, id)).returning();
      return row ?? null;
    },

    claimCodeTry: (id: number, now: Date, freeTries: number, maxLockS: number) =>
      claimCodeTry(db, id, now, freeTries, maxLockS),

    consumeTotpStep: (id: number, step: number) => consumeTotpStep(db, id, step),

    async insertSession(row: typeof operatorSessions.$inferInsert): Promise<void> {
      await db.insert(operatorSessions).values(row);
    },

    /** The session of a token hash with its operator, or null. */
    async session(tokenHash: string): Promise<{ session: OperatorSessionRow; operator: OperatorRow } | null> {
      const [row] = await db
        .select({ session: operatorSessions, operator: operators })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(eq(operatorSessions.tokenHash, tokenHash));
      return row ?? null;
    },

    async updateSession(tokenHash: string, patch: Partial<OperatorSessionRow>): Promise<void> {
      await db.update(operatorSessions).set(patch).where(eq(operatorSessions.tokenHash, tokenHash));
    },

    /** Revokes every open session of an operator. */
    async revokeSessions(operatorId: number, at: Date): Promise<void> {
      await db
        .update(operatorSessions)
        .set({ revokedAt: at })
        .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
    },
  };
}

/**
 * Claims one try of the second factor: counted before the code is looked at, so that parallel guesses on any
 * number of instances each take a try of their own. None while the factor is locked (null). From the
 * `freeTries`-th try on, each locks it for 2^(tries - freeTries) seconds, at most `maxLockS`.
 */
async function claimCodeTry(
  db: Db,
  id: number,
  now: Date,
  freeTries: number,
  maxLockS: number,
): Promise<number | null> {
  const tries = sql`${operators.totpFailures} + 1`;
  const [row] = await db
    .update(operators)
    .set({
      totpFailures: sql`${tries}`,
      totpLockedUntil: sql`case when ${tries} >= ${freeTries}
            then ${now.toISOString()}::timestamptz + least(power(2, ${tries} - ${freeTries}), ${maxLockS}) * interval '1 second'
            end`,
    })
    .where(
      and(
        eq(operators.id, id),
        or(
          isNull(operators.totpLockedUntil),
          sql`${operators.totpLockedUntil} <= ${now.toISOString()}::timestamptz`,
        ),
      ),
    )
    .returning({ tries: operators.totpFailures });
  return row?.tries ?? null;
}

/**
 * Consumes a TOTP step: one conditional UPDATE, so exactly one login per code and step succeeds however many
 * instances race for it (RFC 6238 §5.2). A success clears the count of refused second factors.
 */
async function consumeTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ totpLastStep: step, totpFailures: 0, totpLockedUntil: null })
    .where(and(eq(operators.id, id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id });
  return rows.length === 1;
}
