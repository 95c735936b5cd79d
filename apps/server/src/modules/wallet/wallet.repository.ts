import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { cents, type Cents } from '@sb/betting';
import type { MovementType } from '@sb/contract';
import type { DbOrTx } from '../../db/database';
import { executeNamed } from '../../db/prepared';
import {
  cashbackClaims,
  ledgerAccounts,
  ledgerEntries,
  ledgerMovements,
  type AccountKind,
} from './wallet.tables';

export type CashbackClaimRow = typeof cashbackClaims.$inferSelect;

export type MovementRow = typeof ledgerMovements.$inferSelect;
export type EntryRow = typeof ledgerEntries.$inferSelect;
export type AccountRow = typeof ledgerAccounts.$inferSelect;

export interface AccountKey {
  appId: number;
  kind: AccountKind;
  ownerId: number;
  currency: string;
}

/** Sums come back as text: pg gives int8 as strings, PGlite as BigInt; text is the same on both. */
const sumText = (expr: unknown) => sql<string>`coalesce(sum(${expr}), 0)::text`;

/** The account's row by its key (app, kind, owner, currency). */
const accountWhere = (key: AccountKey) =>
  and(
    eq(ledgerAccounts.appId, key.appId),
    eq(ledgerAccounts.kind, key.kind),
    eq(ledgerAccounts.ownerId, key.ownerId),
    eq(ledgerAccounts.currency, key.currency),
  );

/** The SQL of the ledger: accounts, movements and their entries, the checks, and cashback claims. */
export function createWalletRepository(db: DbOrTx) {
  return {
    ...accountRows(db),
    ...movementRows(db),
    ...batchWrites(db),
    ...ledgerReads(db),
    ...ledgerChecks(db),
    ...cashbackRows(db),
  };
}

/** The accounts: found, created on first use, locked, and their balances moved under a guard or by batch. */
function accountRows(db: DbOrTx) {
  return {
    async findAccount(key: AccountKey): Promise<AccountRow | null> {
      return (await db.select().from(ledgerAccounts).where(accountWhere(key)).limit(1))[0] ?? null;
    },

    /** The account, created on first use; client accounts may never go negative. */
    async ensureAccount(key: AccountKey): Promise<AccountRow> {
      const existing = (await db.select().from(ledgerAccounts).where(accountWhere(key)).limit(1))[0];
      if (existing) return existing;
      const allowNegative = key.kind === 'house' || key.kind === 'reseller' || key.kind === 'client_debt';
      await db
        .insert(ledgerAccounts)
        .values({ ...key, allowNegative })
        .onConflictDoNothing();
      const row = (await db.select().from(ledgerAccounts).where(accountWhere(key)).limit(1))[0];
      if (!row) throw new Error('ledger account vanished after insert');
      return row;
    },

    async accountsOfOwner(appId: number, ownerId: number): Promise<AccountRow[]> {
      return db
        .select()
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.appId, appId),
            eq(ledgerAccounts.ownerId, ownerId),
            inArray(ledgerAccounts.kind, ['client_cash', 'client_bonus']),
          ),
        );
    },

    /** The account's row locked until the transaction ends (a clawback reads the balance it may take). */
    async lockAccount(id: number): Promise<AccountRow | null> {
      const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id)).for('update');
      return row ?? null;
    },

    /**
     * Adds `amount` to a non-negative account. The WHERE re-checks the balance after taking the row lock,
     * so concurrent debits serialise on the row and none can overdraw it. Null = refused.
     */
    async applyToGuarded(accountId: number, amount: Cents): Promise<Cents | null> {
      const rows = await db
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${amount}` })
        .where(and(eq(ledgerAccounts.id, accountId), sql`${ledgerAccounts.balance} + ${amount} >= 0`))
        .returning({ balance: ledgerAccounts.balance });
      return rows[0] ? cents(Number(rows[0].balance)) : null;
    },

    /** The balances of these accounts, their rows locked in id order (one statement, no deadlock between batches). */
    async lockBalances(ids: number[]): Promise<Map<number, Cents>> {
      if (ids.length === 0) return new Map();
      // Raw SQL: it runs in a transaction, where a prepared query would be built again for each one.
      const result = await db.execute(
        sql`select id, balance from ${ledgerAccounts} where id = any(${sql.param(ids)}::int[]) order by id for update`,
      );
      const rows = (result as unknown as { rows: { id: number; balance: string | number | bigint }[] }).rows;
      return new Map(rows.map((r) => [Number(r.id), cents(Number(r.balance))]));
    },
  };
}

/** The movements and their entries, one at a time. */
function movementRows(db: DbOrTx) {
  return {
    /** Inserts the movement unless its idempotency key exists; null means it already existed. */
    async insertMovement(movement: typeof ledgerMovements.$inferInsert): Promise<MovementRow | null> {
      const rows = await db.insert(ledgerMovements).values(movement).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    async findMovement(appId: number, idempotencyKey: string): Promise<MovementRow | null> {
      const rows = await db
        .select()
        .from(ledgerMovements)
        .where(and(eq(ledgerMovements.appId, appId), eq(ledgerMovements.idempotencyKey, idempotencyKey)));
      return rows[0] ?? null;
    },

    async entriesOf(movementId: number): Promise<EntryRow[]> {
      return db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.movementId, movementId))
        .orderBy(asc(ledgerEntries.id));
    },

    /** The sum of an account's entries: the balance of an account whose row balance is not kept (allow-negative). */
    async entrySum(accountId: number): Promise<Cents> {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, accountId));
      return cents(Number(row?.sum ?? 0));
    },

    async insertEntries(entries: (typeof ledgerEntries.$inferInsert)[]): Promise<EntryRow[]> {
      return db.insert(ledgerEntries).values(entries).returning();
    },
  };
}

/** A batch of movements written in one statement. */
function batchWrites(db: DbOrTx) {
  return {
    /**
     * One statement for a batch of movements: inserts the movements whose keys are new, sets the balances of the
     * accounts locked by `lockBalances` in this transaction, and inserts the entries of the movements it inserted
     * (found by key). Answers the inserted movements' ids by `<app>:<key>`: a key missing was posted before.
     */
    async writeBatch(
      movements: (typeof ledgerMovements.$inferInsert)[],
      balances: Map<number, Cents>,
      entries: (Omit<typeof ledgerEntries.$inferInsert, 'movementId'> & {
        appId: number;
        idempotencyKey: string;
      })[],
    ): Promise<Map<string, number>> {
      if (movements.length === 0) return new Map();
      // Each column as one array parameter (`unnest`): the statement's text is the same whatever the batch's size.
      const column = <T, V>(rows: T[], get: (row: T) => V) => sql.param(rows.map(get));
      const accounts = [...balances];
      // One text whatever the batch holds (no account to set is an empty array): a named prepared statement.
      const out = await executeNamed<{ id: number | string; app_id: number; idempotency_key: string }>(
        db,
        'wallet_write_batch',
        sql`
        with m as (
          insert into ${ledgerMovements} (app_id, idempotency_key, type, user_id, info, created_at)
          select * from unnest(${column(movements, (m) => m.appId)}::int[],
            ${column(movements, (m) => m.idempotencyKey)}::text[], ${column(movements, (m) => m.type)}::text[],
            ${column(movements, (m) => m.userId ?? null)}::int[],
            ${column(movements, (m) => JSON.stringify(m.info))}::jsonb[],
            ${column(movements, (m) => m.createdAt.toISOString())}::timestamptz[])
          on conflict do nothing
          returning id, app_id, idempotency_key
        ), b as (
          update ${ledgerAccounts} set balance = v.balance
          from unnest(${column(accounts, ([id]) => id)}::int[], ${column(accounts, ([, balance]) => balance)}::bigint[])
            as v(id, balance)
          where ledger_accounts.id = v.id
        ), e as (
          insert into ${ledgerEntries} (movement_id, account_id, amount, balance_after, created_at)
          select m.id, v.account_id, v.amount, v.balance_after, v.created_at
          from unnest(${column(entries, (e) => e.appId)}::int[], ${column(entries, (e) => e.idempotencyKey)}::text[],
            ${column(entries, (e) => e.accountId)}::int[], ${column(entries, (e) => e.amount)}::bigint[],
            ${column(entries, (e) => e.balanceAfter ?? null)}::bigint[],
            ${column(entries, (e) => e.createdAt.toISOString())}::timestamptz[])
            as v(app_id, idempotency_key, account_id, amount, balance_after, created_at)
          join m on m.app_id = v.app_id and m.idempotency_key = v.idempotency_key
        )
        select id, app_id, idempotency_key from m`,
      );
      return new Map(out.map((r) => [`${r.app_id}:${r.idempotency_key}`, Number(r.id)]));
    },
  };
}

/** An account's history and totals. */
function ledgerReads(db: DbOrTx) {
  return {
    /** One page of an account's entries with their movements, newest first, and the total count. */
    async accountHistory(accountId: number, from: Date, to: Date, limit: number, offset: number) {
      const where = and(
        eq(ledgerEntries.accountId, accountId),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      );
      const rows = await db
        .select({ entry: ledgerEntries, movement: ledgerMovements })
        .from(ledgerEntries)
        .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerEntries.movementId))
        .where(where)
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(limit)
        .offset(offset);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerEntries)
        .where(where);
      return { rows, total: Number(count?.n ?? 0) };
    },

    /** Sum of an account's entries per movement type since `from` (minor units, signed). */
    async sumsByType(
      accountId: number,
      types: MovementType[],
      from: Date,
      to: Date,
    ): Promise<Map<MovementType, number>> {
      const rows = await db
        .select({ type: ledgerMovements.type, total: sumText(ledgerEntries.amount) })
        .from(ledgerEntries)
        .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerEntries.movementId))
        .where(
          and(
            eq(ledgerEntries.accountId, accountId),
            inArray(ledgerMovements.type, types),
            gte(ledgerEntries.createdAt, from),
            lt(ledgerEntries.createdAt, to),
          ),
        )
        .groupBy(ledgerMovements.type);
      return new Map(rows.map((r) => [r.type, Number(r.total)]));
    },

    /** Sum of an account's entries (contra accounts keep no cached balance). */
    async entriesTotal(accountId: number): Promise<Cents> {
      const [row] = await db
        .select({ total: sumText(ledgerEntries.amount) })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, accountId));
      return cents(Number(row?.total ?? 0));
    },
  };
}

/** The ledger's checks. */
function ledgerChecks(db: DbOrTx) {
  return {
    /** Ledger checks: total of all entries (must be 0) and accounts whose cached balance differs from their entries. */
    async audit(appId: number) {
      const [total] = await db
        .select({ total: sumText(ledgerEntries.amount) })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(eq(ledgerAccounts.appId, appId));
      const mismatched = await db
        .select({
          accountId: ledgerAccounts.id,
          balance: ledgerAccounts.balance,
          entries: sumText(ledgerEntries.amount),
        })
        .from(ledgerAccounts)
        .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
        .where(and(eq(ledgerAccounts.appId, appId), eq(ledgerAccounts.allowNegative, false)))
        .groupBy(ledgerAccounts.id, ledgerAccounts.balance)
        .having(sql`${ledgerAccounts.balance} <> coalesce(sum(${ledgerEntries.amount}), 0)`);
      const [unbalanced] = await db.select({ n: sql<number>`count(*)::int` }).from(
        db
          .select({ id: ledgerEntries.movementId })
          .from(ledgerEntries)
          .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerEntries.movementId))
          .where(eq(ledgerMovements.appId, appId))
          .groupBy(ledgerEntries.movementId)
          .having(sql`sum(${ledgerEntries.amount}) <> 0`)
          .as('u'),
      );
      return {
        total: Number(total?.total ?? 0),
        mismatched: mismatched.map((m) => m.accountId),
        unbalancedMovements: Number(unbalanced?.n ?? 0),
      };
    },
  };
}

/** The clients' cashback claims. */
function cashbackRows(db: DbOrTx) {
  return {
    /** The client's cashback claim of the period starting then, if any. */
    async cashbackClaim(userId: number, periodStart: Date): Promise<CashbackClaimRow | null> {
      const [row] = await db
        .select()
        .from(cashbackClaims)
        .where(and(eq(cashbackClaims.userId, userId), eq(cashbackClaims.periodStart, periodStart)));
      return row ?? null;
    },

    /** Every bet some cashback claim of the client has counted already. */
    async claimedBetIds(userId: number): Promise<Set<number>> {
      const rows = await db
        .select({ ids: cashbackClaims.betIds })
        .from(cashbackClaims)
        .where(eq(cashbackClaims.userId, userId));
      return new Set(rows.flatMap((r) => r.ids.map(Number)));
    },

    /** Records a claim once per client and period; null when one exists (a concurrent or repeated claim). */
    async insertCashbackClaim(row: typeof cashbackClaims.$inferInsert): Promise<CashbackClaimRow | null> {
      const [inserted] = await db
        .insert(cashbackClaims)
        .values(row)
        .onConflictDoNothing({ target: [cashbackClaims.userId, cashbackClaims.periodStart] })
        .returning();
      return inserted ?? null;
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
