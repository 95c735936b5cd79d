import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Cents } from '@sb/betting';
import type { DbOrTx } from '../../db/database';
import { promotionCampaigns, promotionRewards, promotionWagering } from './promotions.tables';

/** The SQL of bonus money (issue 36): the client's running bonus and the stakes counted towards its wagering. */
export function createBonusMoneyRepository(db: DbOrTx) {
  return {
    /**
     * The client's running bonus in a currency (`available`; one at most), with its campaign's terms; locked
     * (`FOR UPDATE`) when asked, so its release, forfeit and stakes serialise.
     */
    running: (userId: number, currency: string, lock: boolean) => running(db, userId, currency, lock),
    /** One bonus by id with its campaign's terms, locked. */
    lockBonus: (id: number) => lockBonus(db, id),
    /** Which of these clients hold a running bonus of another campaign (a second is not granted meanwhile). */
    holders: (campaignId: number, userIds: number[]) => holders(db, campaignId, userIds),
    /** Counts a settled bet towards a bonus once (a second call for the same bet changes nothing). */
    count: (rewardId: number, betId: number, amount: Cents, at: Date) =>
      count(db, rewardId, betId, amount, at),
    /** What settled bets counted towards these bonuses so far (minor units), by bonus. */
    counted: (rewardIds: number[]) => counted(db, rewardIds),
  };
}

/** The client's running bonus in a currency with its campaign's terms, locked when asked. */
async function running(db: DbOrTx, userId: number, currency: string, lock: boolean) {
  const query = db
    .select({ reward: promotionRewards, terms: promotionCampaigns.terms })
    .from(promotionRewards)
    .innerJoin(promotionCampaigns, eq(promotionCampaigns.id, promotionRewards.campaignId))
    .where(
      and(
        eq(promotionRewards.userId, userId),
        eq(promotionRewards.kind, 'bonus'),
        eq(promotionRewards.currency, currency),
        eq(promotionRewards.status, 'available'),
      ),
    )
    .orderBy(promotionRewards.id)
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: promotionRewards }) : query);
  return row ?? null;
}

/** One bonus by id with its campaign's terms, locked. */
async function lockBonus(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ reward: promotionRewards, terms: promotionCampaigns.terms })
    .from(promotionRewards)
    .innerJoin(promotionCampaigns, eq(promotionCampaigns.id, promotionRewards.campaignId))
    .where(and(eq(promotionRewards.id, id), eq(promotionRewards.kind, 'bonus')))
    .for('update', { of: promotionRewards });
  return row ?? null;
}

/** Which of these clients hold a running bonus of another campaign. */
async function holders(db: DbOrTx, campaignId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: promotionRewards.userId })
    .from(promotionRewards)
    .where(
      and(
        inArray(promotionRewards.userId, userIds),
        ne(promotionRewards.campaignId, campaignId),
        eq(promotionRewards.kind, 'bonus'),
        eq(promotionRewards.status, 'available'),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** Counts a settled bet towards a bonus once (the conflict on the bet leaves a second call a no-op). */
async function count(db: DbOrTx, rewardId: number, betId: number, amount: Cents, at: Date): Promise<void> {
  await db.insert(promotionWagering).values({ rewardId, betId, amount, countedAt: at }).onConflictDoNothing();
}

/** What settled bets counted towards these bonuses so far (minor units), by bonus. */
async function counted(db: DbOrTx, rewardIds: number[]): Promise<Map<number, number>> {
  if (rewardIds.length === 0) return new Map();
  const rows = await db
    .select({
      rewardId: promotionWagering.rewardId,
      total: sql<string>`coalesce(sum(${promotionWagering.amount}), 0)`,
    })
    .from(promotionWagering)
    .where(inArray(promotionWagering.rewardId, rewardIds))
    .groupBy(promotionWagering.rewardId);
  return new Map(rows.map((r) => [r.rewardId, Number(r.total)]));
}
