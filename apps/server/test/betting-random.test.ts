// A seeded random run on PostgreSQL (1,500 operations in CI, 10,000 with SOAK=full) — place, retry, cash out (fully and
// partly), settle, correct results and resettle, with database connections killed under operations — checking
// after every step that the ledger sums to zero, no client balance is negative, every balance equals its entries,
// and no bet is paid more than its settlement (each bet's ledger movements equal what the bet says it was paid).
import { cents } from '@sb/betting';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SlipRequest } from '@sb/contract';
import { seededRandom } from './support/seeded-random';
import { POSTGRES_URL } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { createClient } from './support/accounts';
import { preMatchPicks, type Pick } from './support/betting';
import { soakSize } from './support/soak';
import type { UserRow } from '../src/modules/identity/index';

/**
 * A bounded soak in CI: 1,500 seeded operations (about 45 s on a quiet 2-core machine): every invariant is exact
 * and checked after every step, and each kind of operation runs dozens of times (kills and corrections ~75 each,
 * every event finished and re-resulted), so a defect that one in twenty of a kind's runs trips fails CI with 97 %
 * odds or more. SOAK=full runs 10,000 (README "Development"); RANDOM_RUN_OPERATIONS=N any size.
 */
const OPERATIONS = Number(process.env.RANDOM_RUN_OPERATIONS ?? soakSize(1_500, 10_000));
/** Raw query results (node-postgres) as typed rows. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const SEED = 9_2026;

(POSTGRES_URL ? describe : describe.skip)('betting: a seeded random run on PostgreSQL', () => {
  let server: TestServer;
  const users: UserRow[] = [];
  let databaseName = '';
  let picks: Pick[] = [];
  const random = seededRandom(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  beforeAll(async () => {
    server = await createTestServer('postgres', { config: { CATALOGUE_SCALE: 0.3 } });
    picks = await preMatchPicks(server, 40);
    for (let i = 0; i < 8; i++) {
      const user = await createClient(server, `rnd${i}`, `random-secret-${i}-2026`);
      await server.modules.wallet.service.credit({
        appId: user.appId,
        userId: user.id,
        currency: user.currencyIso,
        amount: cents(2_000_000),
        type: 'deposit',
        idempotencyKey: `rnd-fund:${i}`,
      });
      users.push((await server.modules.identity.service.findUser(user.appId, user.username))!);
    }
    databaseName = rowsOf<{ name: string }>(
      await server.database.db.execute(sql`select current_database() as name`),
    )[0]!.name;
  }, 120_000);
  afterAll(async () => server?.close());

  /**
   * As of the last check: the last ledger entry seen (entries are append-only), each account's balance, and what
   * the ledger has paid each bet (its client-cash movements other than the stake: settlements, reversals,
   * refunds, cash-outs; keyed bet:<id>:<kind>[:<n>]).
   */
  let seen = { entryId: 0, balances: new Map<number, number>(), paid: new Map<number, number>() };

  /**
   * The invariants after a step: the ledger sums to zero, no client balance is negative, every balance equals its
   * entries, and the bets checked were paid exactly what the ledger paid them. `bets` null checks every bet and
   * recomputes every sum from scratch; otherwise only the entries written since the last check are read (nothing
   * runs between steps, so no earlier entry can still commit): they must sum to zero, and each account's balance
   * must have moved by exactly its new entries — by induction from the last full check, balance = entries.
   */
  async function check(step: number, op: string, bets: number[] | null): Promise<void> {
    const full = bets === null;
    const since = full ? 0 : seen.entryId;
    const which = full
      ? sql`true`
      : bets.length
        ? sql`id in (${sql.join(
            bets.map((b) => sql`${b}`),
            sql`, `,
          )})`
        : sql`false`;
    const [row] = rowsOf<{
      total: string;
      lastEntry: number;
      balances: [number, string][] | null;
      moved: [number, string][] | null;
      paid: [number, string][] | null;
      bets: [number, string][] | null;
    }>(
      await afterKills(() =>
        server.database.db.execute(sql`
        select
          (select coalesce(sum(amount), 0)::bigint from ledger_entries where id > ${since}) as total,
          (select coalesce(max(id), 0)::int from ledger_entries) as "lastEntry",
          (select json_agg(json_build_array(id, balance::text)) from ledger_accounts where allow_negative = false)
            as balances,
          (select json_agg(json_build_array(account_id, s::text)) from
             (select account_id, sum(amount) as s from ledger_entries where id > ${since} group by 1) n) as moved,
          (select json_agg(json_build_array(bet_id, s::text)) from
             (select split_part(m.idempotency_key, ':', 2)::int as bet_id, sum(e.amount) as s
              from ledger_entries e
              join ledger_movements m on m.id = e.movement_id
              join ledger_accounts a on a.id = e.account_id and a.kind = 'client_cash'
              where e.id > ${since} and m.idempotency_key like 'bet:%' and m.idempotency_key not like 'bet:%:stake'
              group by 1) p) as paid,
          (select json_agg(json_build_array(id, paid::text)) from bets where ${which}) as bets`),
      ),
    );
    const sums = (pairs: [number, string][] | null) =>
      new Map((pairs ?? []).map(([id, v]) => [id, Number(v)]));
    const moved = sums(row!.moved);
    const balances = sums(row!.balances);
    const paid = full ? sums(row!.paid) : new Map(seen.paid);
    if (!full) for (const [bet, amount] of sums(row!.paid)) paid.set(bet, (paid.get(bet) ?? 0) + amount);
    const state = {
      total: Number(row!.total),
      negative: [...balances.values()].filter((b) => b < 0).length,
      mismatched: [...balances].filter(
        ([id, balance]) => balance !== (full ? 0 : (seen.balances.get(id) ?? 0)) + (moved.get(id) ?? 0),
      ).length,
      misPaid: [...sums(row!.bets)].filter(([bet, amount]) => amount !== (paid.get(bet) ?? 0)).length,
    };
    expect(state, `after step ${step} (${op})`).toEqual({ total: 0, negative: 0, mismatched: 0, misPaid: 0 });
    seen = { entryId: row!.lastEntry, balances, paid };
  }

  function slip(): SlipRequest {
    const type = pick([1, 2, 3] as const);
    const n = type === 1 ? 1 : type === 2 ? 2 + Math.floor(random() * 3) : 3 + Math.floor(random() * 2);
    const chosen = [
      ...new Map(Array.from({ length: n }, () => pick(picks)).map((p) => [p.eventId, p])).values(),
    ];
    const legs = chosen.length >= 2 || type === 1 ? chosen : chosen.slice(0, 1);
    const realType = legs.length === 1 ? 1 : type === 3 && legs.length < 3 ? 2 : type;
    const systems = realType === 3 ? [2] : [];
    const bets = realType === 3 ? (legs.length * (legs.length - 1)) / 2 : realType === 1 ? legs.length : 1;
    const perBet = 100 * (1 + Math.floor(random() * 20));
    return {
      walletType: 'cash',
      type: realType,
      bets: legs.map((l) => ({
        eventId: l.eventId,
        oddId: l.oddId,
        odd: l.odd,
        banker: false,
        isLive: false,
      })),
      systems,
      amount: perBet * bets,
      confirmationType: 1,
    };
  }

  it(`keeps every invariant through ${OPERATIONS} operations`, async () => {
    const { betting, producer } = server.modules;
    const placed: { user: UserRow; request: SlipRequest; key: string; betId?: number }[] = [];
    const finished = new Set<number>();
    let touched: number[] = [];
    const counts: Record<string, number> = {};
    const spent: Record<string, number> = {};
    let checking = 0;
    for (let step = 1; step <= OPERATIONS; step++) {
      const roll = random();
      const op =
        roll < 0.45
          ? 'place'
          : roll < 0.6
            ? 'retry'
            : roll < 0.75
              ? 'cashout'
              : roll < 0.8
                ? 'finish'
                : roll < 0.9
                  ? 'settle'
                  : roll < 0.95
                    ? 'kill'
                    : 'correct';
      counts[op] = (counts[op] ?? 0) + 1;
      const began = performance.now();
      try {
        if (op === 'place' || op === 'kill') {
          const entry: (typeof placed)[number] = { user: pick(users), request: slip(), key: randomUUID() };
          placed.push(entry);
          const work = betting.service.place(entry.user, entry.request, entry.key).then((b) => {
            entry.betId = b.id;
            touched = [b.id];
          });
          work.catch(() => undefined); // awaited below; a rejection while the kill runs is not unhandled
          if (op === 'kill') await killConnections();
          await work;
        } else if (op === 'retry' && placed.length > 0) {
          const entry = pick(placed);
          const bet = await betting.service.place(entry.user, entry.request, entry.key);
          if (entry.betId !== undefined) expect(bet.id).toBe(entry.betId);
          entry.betId = bet.id;
          touched = [bet.id];
        } else if (op === 'cashout' && placed.length > 0) {
          const entry = pick(
            placed.filter((p) => p.betId !== undefined).slice(-200),
          ) as (typeof placed)[number] & { betId: number };
          touched = [entry.betId!];
          const quote = await betting.cashOut.quote(entry.user.id, entry.betId!);
          if (quote.available) {
            const partial = random() < 0.5 && quote.amount >= 400;
            await betting.cashOut.execute(
              entry.user.id,
              entry.betId!,
              partial ? { amount: Math.floor(quote.amount / 2) } : { expected: quote.amount },
              randomUUID(),
            );
          }
        } else if (op === 'finish') {
          const open = picks.filter((p) => !finished.has(p.eventId));
          if (open.length > 5) {
            const event = pick(open);
            finished.add(event.eventId);
            await producer.operator.enqueue(event.eventId, 'result', {
              home: Math.floor(random() * 3),
              away: Math.floor(random() * 3),
            });
            await producer.operator.applyPending();
          }
        } else if (op === 'settle') {
          const passes = await Promise.all([betting.settlement.settleDue(), betting.settlement.settleDue()]);
          touched = passes.flat();
        } else if (op === 'correct' && finished.size > 0) {
          const eventId = pick([...finished]);
          await producer.operator.enqueue(eventId, 'result', {
            home: Math.floor(random() * 3),
            away: Math.floor(random() * 3),
          });
          await producer.operator.applyPending();
          touched = await betting.settlement.resettleChanged();
        }
      } catch (error) {
        // Refusals (bet errors, insufficient funds, killed connections) move nothing: the invariants below say so.
        const e = error as { statusCode?: number };
        if (e.statusCode === undefined && !isLostConnection(error)) throw error;
      }
      picks = picks.filter((p) => !finished.has(p.eventId));
      // Settling and correcting check the bets they say they paid; every 500th step checks every bet (and sums
      // the whole ledger again), so a bet paid without being reported cannot hide.
      const all = step % 500 === 0;
      const checked = performance.now();
      spent[op] = (spent[op] ?? 0) + checked - began;
      await check(step, op, all ? null : touched);
      checking += performance.now() - checked;
      touched = [];
    }
    console.log(
      `random run: ${JSON.stringify(counts)}; ms per kind ${JSON.stringify(spent, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))}; checks ${Math.round(checking)} ms`,
    );
  }, 1_200_000);

  /**
   * Runs the invariant query, again when it lands on a pooled connection that a kill ended (the pool learns of a
   * dead idle connection only when it is used): the check itself is not under test, the server's state is.
   */
  async function afterKills<T>(query: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await query();
      } catch (error) {
        if (attempt >= 5 || !isLostConnection(error)) throw error;
      }
    }
  }

  /** Terminates every other connection to the test database while an operation runs. */
  async function killConnections(): Promise<void> {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );
    } finally {
      await client.end();
    }
  }
});

/** An error from a connection that a kill ended (or a transaction it rolled back), directly or as the cause. */
function isLostConnection(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return /terminat|ECONNRESET|Connection|connection|rollback|57P01/.test(
    `${String(error)} ${e.code ?? ''} ${e.cause?.message ?? ''} ${e.cause?.code ?? ''}`,
  );
}
