import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';

/**
 * A bet's detail for the desk (issue 34 item 3): the bet row's own dates, its legs' events, its money movements in
 * the ledger and the operators' actions on it. A read-only report like `desk.repository.ts`.
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (v: unknown) => Number(v);
const dateOf = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

export function createOpsBetsRepository(db: DbOrTx) {
  return {
    extra: (betId: number) => betExtra(db, betId),
    events: (ids: number[]) => legEvents(db, ids),

    /**
     * The bet's movements in its brand's ledger (keys `bet:{id}:…`), oldest first, each as the client saw it: the
     * house account's side negated (+ paid to the client, − taken from the client, debt included).
     */
    async movements(appId: number, betId: number) {
      const rows = await db.execute(sql`
        select m.idempotency_key, m.created_at, coalesce(-sum(e.amount) filter (where a.kind = 'house'), 0)::text as amount
        from ledger_movements m
        join ledger_entries e on e.movement_id = m.id
        join ledger_accounts a on a.id = e.account_id
        where m.app_id = ${appId} and m.idempotency_key like ${`bet:${betId}:%`}
        group by m.id order by m.id`);
      return rowsOf<Record<string, unknown>>(rows).map((r) => ({
        key: String(r.idempotency_key),
        at: dateOf(r.created_at)!,
        amount: num(r.amount),
      }));
    },

    /** The operators' actions on the bet (audit entries that name it), oldest first. */
    async actions(betId: number) {
      const rows = await db.execute(sql`select at, actor, action, reason from ops_audit_log
        where target = ${`bet:${betId}`} and outcome = 'ok' order by id`);
      return rowsOf<Record<string, unknown>>(rows).map((r) => ({
        at: dateOf(r.at)!.toISOString(),
        actor: String(r.actor),
        action: String(r.action),
        reason: (r.reason as string | null) ?? null,
      }));
    },
  };
}

/** The dates and money columns the ticker's row does not carry. */
async function betExtra(db: DbOrTx, betId: number) {
  const rows = await db.execute(sql`select cashed_out, accept_at, settled_at, reject_reason, created_at,
          settlement_round, placed_ip, placed_agent
        from bets where id = ${betId}`);
  const r = rowsOf<Record<string, unknown>>(rows)[0];
  return r
    ? {
        cashedOut: num(r.cashed_out),
        acceptAt: dateOf(r.accept_at),
        settledAt: dateOf(r.settled_at),
        rejectReason: (r.reject_reason as string | null) ?? null,
        createdAt: dateOf(r.created_at)!,
        settlementRound: num(r.settlement_round),
        placedIp: (r.placed_ip as string | null) ?? null,
        placedAgent: (r.placed_agent as string | null) ?? null,
      }
    : null;
}

/** The legs' events: start, status and score. */
async function legEvents(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { startAt: Date; status: string; score: unknown }>();
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = await db.execute(sql`select id, start_at, status, data from events where id in (${list})`);
  return new Map(
    rowsOf<Record<string, unknown>>(rows).map((r) => [
      num(r.id),
      {
        startAt: dateOf(r.start_at)!,
        status: String(r.status),
        score: r.status === 'not_started' ? null : ((r.data as { score?: unknown } | null)?.score ?? null),
      },
    ]),
  );
}

export type OpsBetsRepository = ReturnType<typeof createOpsBetsRepository>;
