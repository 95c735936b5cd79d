import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const dateOf = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

/** What the referral queue reads of a referred bet besides the ticker's columns (betting's table, read-only). */
export interface ReferralRowOut {
  id: number;
  referral: 'open' | 'offered';
  reason: 'stake' | 'payout';
  dueAt: Date;
  offerStake: number | null;
}

/** The referral queue's SQL (read-only over `bets`; decisions go through betting's `referrals`). */
export function createReferralsRepository(db: Db) {
  return {
    /** The referral columns of bets still waiting for a decision, soonest due first. */
    async waiting(ids: number[]): Promise<ReferralRowOut[]> {
      if (ids.length === 0) return [];
      const list = sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      );
      const rows = await db.execute(sql`
        select id, referral, referral_reason, referral_due_at, offer_stake from bets
        where id in (${list}) and status = 'pending' and referral in ('open', 'offered')
        order by referral_due_at, id`);
      return rowsOf<Record<string, unknown>>(rows).map((r) => ({
        id: Number(r.id),
        referral: r.referral as ReferralRowOut['referral'],
        reason: r.referral_reason as ReferralRowOut['reason'],
        dueAt: dateOf(r.referral_due_at)!,
        offerStake: r.offer_stake == null ? null : Number(r.offer_stake),
      }));
    },

    /** The last referral change so far (the live topic starts after it). */
    async lastSeq(): Promise<number> {
      const rows = await db.execute(sql`select coalesce(max(referral_seq), 0) as seq from bets`);
      return Number(rowsOf<{ seq: unknown }>(rows)[0]?.seq ?? 0);
    },

    /** Bets whose referral changed after `seq`, in the order of the changes. */
    async changedAfter(seq: number, limit: number): Promise<{ id: number; seq: number }[]> {
      const rows = await db.execute(sql`
        select id, referral_seq from bets where referral_seq > ${seq} order by referral_seq limit ${limit}`);
      return rowsOf<Record<string, unknown>>(rows).map((r) => ({
        id: Number(r.id),
        seq: Number(r.referral_seq),
      }));
    },
  };
}

export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
