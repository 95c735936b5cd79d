import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { clientRisk, opsLimits, type LimitKind, type LimitLevel } from './risk.tables';

export type ClientRiskRow = typeof clientRisk.$inferSelect;
export type LimitStoredRow = typeof opsLimits.$inferSelect;
export type ClientRiskValues = Omit<typeof clientRisk.$inferInsert, 'userId'>;

/** Where the stake limits that may apply sit: the sports, events and markets of some selections. */
export interface LimitRefs {
  sportIds: number[];
  eventIds: number[];
  marketIds: number[];
  selectionIds: number[];
}

/** Risk settings of some clients (every batch of placements, every slip check). */
const clientsQuery = preparedQuery('ops_client_risk', (db) =>
  db
    .select()
    .from(clientRisk)
    .where(sql`${clientRisk.userId} = any(${sql.placeholder('ids')}::int[])`),
);

/** The stake limits at some places for some brands (every slip check and batch of placements). */
const stakeLimitsQuery = preparedQuery('ops_stake_limits', (db) => {
  const at = (level: LimitLevel, ids: string) =>
    sql`(${opsLimits.level} = ${level} and ${opsLimits.refId} = any(${sql.placeholder(ids)}::bigint[]))`;
  return db
    .select()
    .from(opsLimits)
    .where(
      and(
        eq(opsLimits.kind, 'stake'),
        sql`${opsLimits.brandId} = any(${sql.placeholder('brands')}::int[])`,
        or(
          eq(opsLimits.level, 'platform'),
          eq(opsLimits.level, 'brand'),
          at('sport', 'sports'),
          at('event', 'events'),
          at('market', 'markets'),
          at('selection', 'selections'),
        ),
      ),
    );
});

/** Limits and client risk settings: the SQL of `risk.ts`. Brand and ref 0 stand for "every brand" and "none". */
export function createRiskRepository(db: DbOrTx) {
  return {
    async client(userId: number): Promise<ClientRiskRow | null> {
      const [row] = await clientsQuery(db).execute({ ids: [userId] });
      return row ?? null;
    },

    clients: (userIds: number[]): Promise<ClientRiskRow[]> =>
      userIds.length ? clientsQuery(db).execute({ ids: userIds }) : Promise.resolve([]),

    /** Serialises writes of one client's settings until the transaction ends. */
    async lockClient(userId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(7201019, ${userId})`);
    },

    async upsertClient(userId: number, values: ClientRiskValues): Promise<void> {
      await db
        .insert(clientRisk)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: clientRisk.userId, set: values });
    },

    /** The stake limits that can apply at these places for these brands (every brand's and theirs). */
    stakeLimits(brandIds: number[], refs: LimitRefs): Promise<LimitStoredRow[]> {
      return stakeLimitsQuery(db).execute({
        brands: [0, ...brandIds],
        sports: refs.sportIds,
        events: refs.eventIds,
        markets: refs.marketIds,
        selections: refs.selectionIds,
      });
    },

    limits: (kind: LimitKind, brandId: number | null) => limitsOfKind(db, kind, brandId),

    /** One limit row, locked until the transaction ends. */
    async lockLimit(
      key: Pick<LimitStoredRow, 'kind' | 'level' | 'brandId' | 'refId'>,
    ): Promise<LimitStoredRow | null> {
      const [row] = await db.select().from(opsLimits).where(limitWhere(key)).for('update');
      return row ?? null;
    },

    async deleteLimit(key: Pick<LimitStoredRow, 'kind' | 'level' | 'brandId' | 'refId'>): Promise<void> {
      await db.delete(opsLimits).where(limitWhere(key));
    },

    upsertLimit: (row: typeof opsLimits.$inferInsert) => upsertLimit(db, row),

    async sportExists(id: number): Promise<boolean> {
      const rows = await db.execute(sql`select 1 from sports where id = ${id}`);
      return (rows as unknown as { rows: unknown[] }).rows.length > 0;
    },
  };
}

/** The limits of a kind: every brand's, or those applying to one brand (its rows and every brand's). */
function limitsOfKind(db: DbOrTx, kind: LimitKind, brandId: number | null): Promise<LimitStoredRow[]> {
  return db
    .select()
    .from(opsLimits)
    .where(
      and(eq(opsLimits.kind, kind), brandId === null ? undefined : inArray(opsLimits.brandId, [0, brandId])),
    );
}

/** Sets one limit's amount, creating its row if it has none (a limit row is keyed by kind, level, brand and ref). */
async function upsertLimit(db: DbOrTx, row: typeof opsLimits.$inferInsert): Promise<void> {
  await db
    .insert(opsLimits)
    .values(row)
    .onConflictDoUpdate({
      target: [opsLimits.kind, opsLimits.level, opsLimits.brandId, opsLimits.refId],
      set: { amount: row.amount, updatedAt: row.updatedAt },
    });
}

const limitWhere = (key: Pick<LimitStoredRow, 'kind' | 'level' | 'brandId' | 'refId'>) =>
  and(
    eq(opsLimits.kind, key.kind),
    eq(opsLimits.level, key.level),
    eq(opsLimits.brandId, key.brandId),
    eq(opsLimits.refId, key.refId),
  );
