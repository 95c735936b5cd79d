import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Odds } from '@sb/betting';
import type { BetStatusKey, ReferralState } from '@sb/contract';
import type { DbOrTx } from '../../db/database';
import { executeNamed } from '../../db/prepared';
import { betLegs, bets } from './betting.tables';

export type BetRow = typeof bets.$inferSelect;
export type NewBet = typeof bets.$inferInsert;
export type LegRow = typeof betLegs.$inferSelect;

const SETTLED: BetStatusKey[] = ['win', 'loss', 'refund'];

const betColumns = Object.entries(getTableColumns(bets));
/** A `bets` row as the driver returns it from raw SQL (column names), in the table's typed form. */
function betFromRow(raw: Record<string, unknown>): BetRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of betColumns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as BetRow;
}

/** A client's bets finally settled (won, lost, refunded, cashed out) with `settled_at` in [from, to). */
const settledIn = (userId: number, from: Date, to: Date) =>
  and(
    eq(bets.userId, userId),
    inArray(bets.status, [...SETTLED, 'cashout']),
    gte(bets.settledAt, from),
    lt(bets.settledAt, to),
  );

export function createBettingRepository(db: DbOrTx) {
  return {
    async insertBet(bet: NewBet, legs: Omit<LegRow, 'betId'>[]): Promise<BetRow> {
      // A referred bet takes its first `referral_seq` as it is written (the desk's live topic reads past it).
      const [row] = await db
        .insert(bets)
        .values(bet.referral ? { ...bet, referralSeq: sql`nextval('bet_referral_seq')` } : bet)
        .returning();
      if (!row) throw new Error('insert into bets returned nothing');
      await db.insert(betLegs).values(legs.map((l) => ({ ...l, betId: row.id })));
      return row;
    },

    /**
     * Inserts many bets and their legs in one statement (a data-modifying CTE): a bet whose Idempotency-Key its
     * client has used already is left out, and so are its legs (they join the inserted rows by client and key).
     * Each column goes as one array parameter (`unnest`): the statement's text is the same whatever the batch's
     * size, so building it costs nothing per bet (drizzle's builder over a VALUES list took ~2 ms a batch).
     */
    async insertBetsWithLegs(items: { bet: NewBet; legs: Omit<LegRow, 'betId'>[] }[]): Promise<BetRow[]> {
      if (items.length === 0) return [];
      const b = items.map((i) => i.bet);
      const column = <T>(get: (bet: NewBet) => T) => sql.param(b.map(get));
      // Two bets of one key: the first is inserted (in the arrays' order), so only its legs may join that row.
      const seen = new Set<string>();
      const first = items.filter(({ bet }) => {
        const key = `${bet.userId}:${bet.idempotencyKey}`;
        return !seen.has(key) && !!seen.add(key);
      });
      const legs = first.flatMap(({ bet, legs }) => legs.map((l) => ({ bet, l })));
      const leg = <T>(get: (x: (typeof legs)[number]) => T) => sql.param(legs.map(get));
      const rows = await executeNamed<Record<string, unknown>>(
        db,
        'betting_insert_bets_with_legs',
        sql`
        with b as (
          insert into ${bets} (app_id, user_id, type, systems, status, currency, stake_per_bet,
            placed_stake_per_bet, total_stake, combinations, odds_policy, confirmation_type, idempotency_key,
            request_hash, created_at, accept_at, placed_ip, placed_agent)
          select v.app_id, v.user_id, v.type, v.systems::int[], v.status, v.currency, v.stake_per_bet,
            v.placed_stake_per_bet, v.total_stake, v.combinations, v.odds_policy, v.confirmation_type,
            v.idempotency_key, v.request_hash, v.created_at, v.accept_at, v.placed_ip, v.placed_agent
          from unnest(${column((x) => x.appId)}::int[], ${column((x) => x.userId)}::int[],
            ${column((x) => x.type)}::int[], ${column((x) => `{${x.systems.join(',')}}`)}::text[],
            ${column((x) => x.status)}::text[], ${column((x) => x.currency)}::text[],
            ${column((x) => x.stakePerBet)}::int[], ${column((x) => x.placedStakePerBet)}::int[],
            ${column((x) => x.totalStake)}::int[], ${column((x) => x.combinations)}::int[],
            ${column((x) => x.oddsPolicy)}::text[], ${column((x) => x.confirmationType)}::int[],
            ${column((x) => x.idempotencyKey)}::text[], ${column((x) => x.requestHash)}::text[],
            ${column((x) => x.createdAt.toISOString())}::timestamptz[],
            ${column((x) => x.acceptAt?.toISOString() ?? null)}::timestamptz[],
            ${column((x) => x.placedIp ?? null)}::text[], ${column((x) => x.placedAgent ?? null)}::text[])
            with ordinality as v(app_id, user_id, type, systems, status, currency, stake_per_bet,
              placed_stake_per_bet, total_stake, combinations, odds_policy, confirmation_type, idempotency_key,
              request_hash, created_at, accept_at, placed_ip, placed_agent, ord)
          order by v.ord
          on conflict do nothing
          returning *
        ), l as (
          insert into ${betLegs} (bet_id, idx, selection_id, event_id, market_type, special, outcome,
            selection_name, odds_thousandths, is_live, banker, result)
          select b.id, v.idx, v.selection_id, v.event_id, v.market_type, v.special, v.outcome, v.selection_name,
            v.odds_thousandths, v.is_live, v.banker, v.result
          from b join unnest(${leg((x) => x.bet.userId)}::int[], ${leg((x) => x.bet.idempotencyKey)}::text[],
            ${leg((x) => x.l.idx)}::int[], ${leg((x) => x.l.selectionId)}::bigint[],
            ${leg((x) => x.l.eventId)}::int[], ${leg((x) => x.l.marketType)}::int[],
            ${leg((x) => x.l.special)}::text[], ${leg((x) => x.l.outcome)}::text[],
            ${leg((x) => x.l.selectionName)}::text[], ${leg((x) => x.l.oddsThousandths)}::int[],
            ${leg((x) => x.l.isLive)}::boolean[], ${leg((x) => x.l.banker)}::boolean[],
            ${leg((x) => x.l.result)}::text[])
            as v(user_id, idempotency_key, idx, selection_id, event_id, market_type, special, outcome,
              selection_name, odds_thousandths, is_live, banker, result)
            on v.user_id = b.user_id and v.idempotency_key = b.idempotency_key
        )
        select * from b`,
      );
      return rows.map(betFromRow);
    },

    /** Removes bets inserted in this transaction that could not be paid for (a batch's refused stakes). */
    async deleteBets(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(bets).where(inArray(bets.id, ids)); // the legs go with them (on delete cascade)
    },

    async byKey(userId: number, key: string): Promise<BetRow | null> {
      const [row] = await db
        .select()
        .from(bets)
        .where(and(eq(bets.userId, userId), eq(bets.idempotencyKey, key)));
      return row ?? null;
    },

    async byId(id: number): Promise<BetRow | null> {
      const [row] = await db.select().from(bets).where(eq(bets.id, id));
      return row ?? null;
    },

    /** The bet, locked until the transaction ends: settlement, cash-out and acceptance take turns on it. */
    async lock(id: number): Promise<BetRow | null> {
      const [row] = await db.select().from(bets).where(eq(bets.id, id)).for('update');
      return row ?? null;
    },

    /** Changes a bet only if it is still in `from`; false when another actor moved it first. */
    async transition(id: number, from: BetStatusKey[], patch: Partial<NewBet>): Promise<boolean> {
      const rows = await db
        .update(bets)
        .set(patch)
        .where(and(eq(bets.id, id), inArray(bets.status, from)))
        .returning({ id: bets.id });
      return rows.length === 1;
    },

    /**
     * Moves a bet's referral on, only if it is still in one of `from` (issue 34): false when another actor (the
     * desk, the client, the timeout, another instance) moved it first. Every change takes a new `referral_seq`.
     */
    async referralTransition(
      id: number,
      from: ReferralState[],
      patch: Partial<Pick<NewBet, 'referral' | 'referralDueAt' | 'offerStake'>>,
    ): Promise<boolean> {
      const rows = await db
        .update(bets)
        .set({ ...patch, referralSeq: sql`nextval('bet_referral_seq')` })
        .where(and(eq(bets.id, id), inArray(bets.referral, from)))
        .returning({ id: bets.id });
      return rows.length === 1;
    },

    /** Referrals (and offers) whose time is up, soonest first. */
    async dueReferrals(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: bets.id })
        .from(bets)
        .where(and(inArray(bets.referral, ['open', 'offered']), lte(bets.referralDueAt, now)))
        .orderBy(asc(bets.referralDueAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async update(id: number, patch: Partial<NewBet>): Promise<void> {
      await db.update(bets).set(patch).where(eq(bets.id, id));
    },

    async legsOf(betIds: number[]): Promise<LegRow[]> {
      if (betIds.length === 0) return [];
      return db
        .select()
        .from(betLegs)
        .where(inArray(betLegs.betId, betIds))
        .orderBy(asc(betLegs.betId), asc(betLegs.idx));
    },

    async setLegOdds(betId: number, idx: number, oddsThousandths: Odds): Promise<void> {
      await db
        .update(betLegs)
        .set({ oddsThousandths })
        .where(and(eq(betLegs.betId, betId), eq(betLegs.idx, idx)));
    },

    async setLegResult(betId: number, idx: number, result: string | null): Promise<void> {
      await db
        .update(betLegs)
        .set({ result })
        .where(and(eq(betLegs.betId, betId), eq(betLegs.idx, idx)));
    },

    async list(
      userId: number,
      statuses: BetStatusKey[],
      from: Date,
      to: Date,
      page: number,
      perPage: number,
    ): Promise<{ rows: BetRow[]; total: number }> {
      const where = and(
        eq(bets.userId, userId),
        inArray(bets.status, statuses),
        gte(bets.createdAt, from),
        lt(bets.createdAt, to),
      );
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(bets)
          .where(where)
          .orderBy(desc(bets.createdAt), desc(bets.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(bets)
          .where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    async countOpen(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(bets)
        .where(and(eq(bets.userId, userId), inArray(bets.status, ['waiting', 'pending'])));
      return Number(row?.n ?? 0);
    },

    /** Live bets whose acceptance delay is over. */
    async duePending(now: Date, limit: number): Promise<BetRow[]> {
      return db
        .select()
        .from(bets)
        .where(and(eq(bets.status, 'pending'), lte(bets.acceptAt, now)))
        .orderBy(asc(bets.acceptAt))
        .limit(limit);
    },

    /** Selections that unsettled legs of waiting bets are waiting on. */
    async openLegSelections(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: betLegs.selectionId })
        .from(betLegs)
        .innerJoin(bets, eq(bets.id, betLegs.betId))
        .where(and(eq(bets.status, 'waiting'), isNull(betLegs.result)));
      return rows.map((r) => r.id);
    },

    /** Bets in `statuses` holding any of these selections, ascending. */
    async betsWithSelections(selectionIds: number[], statuses: BetStatusKey[]): Promise<number[]> {
      if (selectionIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ id: bets.id })
        .from(bets)
        .innerJoin(betLegs, eq(betLegs.betId, bets.id))
        .where(and(inArray(betLegs.selectionId, selectionIds), inArray(bets.status, statuses)))
        .orderBy(asc(bets.id));
      return rows.map((r) => r.id);
    },

    /** Selections of the legs of bets settled since `since` (candidates for a corrected result). */
    async settledLegSelections(since: Date): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: betLegs.selectionId })
        .from(betLegs)
        .innerJoin(bets, eq(bets.id, betLegs.betId))
        .where(and(inArray(bets.status, SETTLED), gte(bets.settledAt, since)));
      return rows.map((r) => r.id);
    },

    /**
     * Bets settled since `since` with a leg whose recorded result differs from its selection's current one
     * (`current`: selection id → result, null while undecided), ascending.
     */
    async betsWithChangedResults(since: Date, current: [number, string | null][]): Promise<number[]> {
      if (current.length === 0) return [];
      const values = sql.join(
        current.map(([id, result]) => sql`(${id}::bigint, ${result}::text)`),
        sql`, `,
      );
      const rows = await db.execute(sql`
        select distinct l.bet_id as id
        from ${betLegs} l
        join ${bets} b on b.id = l.bet_id
        join (values ${values}) as cur(selection_id, result) on cur.selection_id = l.selection_id
        where b.status in ('win', 'loss', 'refund') and b.settled_at >= ${since}
          and l.result is distinct from cur.result
        order by 1`);
      return (rows as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    },

    /** A client's bets finally settled (won, lost, refunded, cashed out) in [from, to): what cashback reads. */
    async settledBetween(userId: number, from: Date, to: Date) {
      return db
        .select({ id: bets.id, staked: bets.totalStake, returned: bets.paid })
        .from(bets)
        .where(settledIn(userId, from, to))
        .orderBy(asc(bets.id));
    },

    /** The same bets with what promotions' cashback needs to count their cash only (issue 36). */
    async cashbackBets(userId: number, from: Date, to: Date) {
      return db
        .select({
          id: bets.id,
          status: bets.status,
          staked: bets.totalStake,
          returned: bets.paid,
          bonusStake: bets.bonusStake,
          rewardKind: bets.rewardKind,
        })
        .from(bets)
        .where(settledIn(userId, from, to))
        .orderBy(asc(bets.id));
    },
  };
}

export type BettingRepository = ReturnType<typeof createBettingRepository>;
