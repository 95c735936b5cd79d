import { and, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Cents } from '@sb/betting';
import type { DbOrTx } from '../../db/database';
import {
  promotionCampaigns,
  promotionRewards,
  type CampaignStatus,
  type RewardStatus,
} from './promotions.tables';

export type CampaignRow = typeof promotionCampaigns.$inferSelect;
export type NewCampaign = typeof promotionCampaigns.$inferInsert;
export type RewardRow = typeof promotionRewards.$inferSelect;
export type NewReward = typeof promotionRewards.$inferInsert;

/** A campaign's uptake: rewards by status and what they cost (minor units). */
export interface CampaignUptake {
  campaignId: number;
  granted: number;
  available: number;
  reserved: number;
  used: number;
  expired: number;
  cost: number;
  /** Bets placed with its rewards (a free bet, an insurance, a boost, bonus money staked) and their stakes. */
  bets: number;
  turnover: number;
}

/** The only SQL of promotions. */
export function createPromotionsRepository(db: DbOrTx) {
  return {
    insertCampaign: (row: NewCampaign) => insertCampaign(db, row),
    campaign: (id: number) => campaign(db, id),
    /** The campaign row locked for a change of status or a grant (in the caller's transaction). */
    lockCampaign: (id: number) => lockCampaign(db, id),
    campaigns: (appId: number | null, limit: number) => campaigns(db, appId, limit),
    setCampaignStatus: (id: number, status: CampaignStatus) => setCampaignStatus(db, id, status),
    /** Inserts the rewards a grant gives; a client the campaign rewarded already is left out. Answers those new. */
    insertRewards: (rows: NewReward[]) => insertRewards(db, rows),
    /** Uptake of campaigns: rewards per status (an available one past its expiry counts as expired). */
    uptake: (campaignIds: number[], now: Date) => uptake(db, campaignIds, now),
    /** A client's rewards with their campaign (newest first). */
    rewardsOf: (userId: number, limit: number) => rewardsOf(db, userId, limit),
    /** One reward of a client with its campaign, locked (placement's transaction) or not. */
    rewardOf: (userId: number, rewardId: number, lock: boolean) => rewardOf(db, userId, rewardId, lock),
    /**
     * Moves a reward from one of `from` to `status` (conditionally: false when another transaction moved it first).
     */
    moveReward: (id: number, from: RewardStatus[], patch: RewardMove) => moveReward(db, id, from, patch),
    /** A brand's cashback campaigns a client may claim now or later (not paused), newest first. */
    cashbackCampaigns: (appId: number) => cashbackCampaigns(db, appId),
    /** A client's reward of a campaign (a cashback's claim), if any. */
    rewardOfCampaign: (campaignId: number, userId: number) => rewardOfCampaign(db, campaignId, userId),
    /** Adds to an odds boost's stake taken and cost (negative: gives back), never below zero. */
    addToBoost: (id: number, delta: { staked?: number; paid?: number }) => addToBoost(db, id, delta),
    /**
     * A brand's running campaigns that give their reward without a grant by hand (`terms.eligibility`: new
     * clients or opt-in), newest first.
     */
    eligibleCampaigns: (appId: number, now: Date) =>
      running(db, appId, now, sql`${promotionCampaigns.terms}->>'eligibility' in ('new_clients', 'opt_in')`),
    /** Which of these campaigns the client holds a reward of. */
    heldCampaigns: (userId: number, campaignIds: number[]) => heldCampaigns(db, userId, campaignIds),
    /** A brand's odds boost campaigns running now (active, inside their window), newest first. */
    runningBoosts: (appId: number, now: Date) =>
      running(db, appId, now, eq(promotionCampaigns.kind, 'odds_boost')),
    reward: (id: number) => reward(db, id),
  };
}

/** What a move of a reward writes besides its status. */
type RewardMove = { status: RewardStatus; betId?: number | null; paid?: Cents; usedAt?: Date | null };

/** A brand's campaigns running now (active, inside their window) that `also` holds for, newest first. */
function running(db: DbOrTx, appId: number, now: Date, also: SQL): Promise<CampaignRow[]> {
  const c = promotionCampaigns;
  return db
    .select()
    .from(c)
    .where(and(eq(c.appId, appId), eq(c.status, 'active'), lte(c.startsAt, now), gt(c.endsAt, now), also))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(100);
}

/** Inserts a campaign and answers its row. */
async function insertCampaign(db: DbOrTx, row: NewCampaign): Promise<CampaignRow> {
  const [inserted] = await db.insert(promotionCampaigns).values(row).returning();
  if (!inserted) throw new Error('insert into promotion_campaigns returned nothing');
  return inserted;
}

/** One campaign by id, or null. */
async function campaign(db: DbOrTx, id: number): Promise<CampaignRow | null> {
  const [row] = await db.select().from(promotionCampaigns).where(eq(promotionCampaigns.id, id));
  return row ?? null;
}

/** The campaign row locked for a change of status or a grant (in the caller's transaction). */
async function lockCampaign(db: DbOrTx, id: number): Promise<CampaignRow | null> {
  const [row] = await db.select().from(promotionCampaigns).where(eq(promotionCampaigns.id, id)).for('update');
  return row ?? null;
}

/** A brand's campaigns (all brands' when null), newest first. */
async function campaigns(db: DbOrTx, appId: number | null, limit: number): Promise<CampaignRow[]> {
  return db
    .select()
    .from(promotionCampaigns)
    .where(appId === null ? undefined : eq(promotionCampaigns.appId, appId))
    .orderBy(desc(promotionCampaigns.createdAt), desc(promotionCampaigns.id))
    .limit(limit);
}

/** Sets a campaign's status. */
async function setCampaignStatus(db: DbOrTx, id: number, status: CampaignStatus): Promise<void> {
  await db.update(promotionCampaigns).set({ status }).where(eq(promotionCampaigns.id, id));
}

/** Inserts the rewards a grant gives; a client the campaign rewarded already is left out. Answers those new. */
async function insertRewards(db: DbOrTx, rows: NewReward[]): Promise<RewardRow[]> {
  if (rows.length === 0) return [];
  return db.insert(promotionRewards).values(rows).onConflictDoNothing().returning();
}

/** Uptake of campaigns: rewards per status (an available one past its expiry counts as expired). */
async function uptake(db: DbOrTx, campaignIds: number[], now: Date): Promise<CampaignUptake[]> {
  if (campaignIds.length === 0) return [];
  const r = promotionRewards;
  const lapsed = sql`(${r.status} = 'available' and ${r.expiresAt} <= ${now})`;
  const rows = await db
    .select({
      campaignId: r.campaignId,
      granted: sql<number>`count(*)::int`,
      available: sql<number>`(count(*) filter (where ${r.status} = 'available' and not ${lapsed}))::int`,
      reserved: sql<number>`(count(*) filter (where ${r.status} = 'reserved'))::int`,
      used: sql<number>`(count(*) filter (where ${r.status} = 'used'))::int`,
      expired: sql<number>`(count(*) filter (where ${r.status} = 'expired' or ${lapsed}))::int`,
      cost: sql<string>`coalesce(sum(${r.paid}), 0)::bigint`,
    })
    .from(r)
    .where(inArray(r.campaignId, campaignIds))
    .groupBy(r.campaignId);
  // The bets its rewards went on (placed: not pending, rejected or cancelled); a free bet's stake is its token's.
  const placed = await db.execute(sql`
        select r.campaign_id, count(distinct b.id)::int as bets, coalesce(sum(b.total_stake), 0)::bigint as turnover
        from ${r} r join bets b on b.reward_id = r.id or b.bonus_reward_id = r.id
        where r.campaign_id = any(${sql.param(campaignIds)}::int[])
          and b.status not in ('pending', 'rejected', 'cancelled')
        group by r.campaign_id`);
  const byCampaign = new Map(
    (
      placed as unknown as { rows: { campaign_id: number; bets: number; turnover: string | number }[] }
    ).rows.map((x) => [Number(x.campaign_id), { bets: Number(x.bets), turnover: Number(x.turnover) }]),
  );
  return rows.map((row) => ({
    ...row,
    cost: Number(row.cost),
    ...(byCampaign.get(row.campaignId) ?? { bets: 0, turnover: 0 }),
  }));
}

/** A client's rewards with their campaign (newest first). */
async function rewardsOf(db: DbOrTx, userId: number, limit: number) {
  return db
    .select({ reward: promotionRewards, campaign: promotionCampaigns })
    .from(promotionRewards)
    .innerJoin(promotionCampaigns, eq(promotionCampaigns.id, promotionRewards.campaignId))
    .where(eq(promotionRewards.userId, userId))
    .orderBy(desc(promotionRewards.grantedAt), desc(promotionRewards.id))
    .limit(limit);
}

/** One reward of a client with its campaign, locked (placement's transaction) or not. */
async function rewardOf(db: DbOrTx, userId: number, rewardId: number, lock: boolean) {
  const query = db
    .select({ reward: promotionRewards, campaign: promotionCampaigns })
    .from(promotionRewards)
    .innerJoin(promotionCampaigns, eq(promotionCampaigns.id, promotionRewards.campaignId))
    .where(and(eq(promotionRewards.id, rewardId), eq(promotionRewards.userId, userId)));
  const [row] = await (lock ? query.for('update', { of: promotionRewards }) : query);
  return row ?? null;
}

/** Moves a reward from one of `from` to `status` (conditionally: false when another transaction moved it first). */
async function moveReward(db: DbOrTx, id: number, from: RewardStatus[], patch: RewardMove): Promise<boolean> {
  const moved = await db
    .update(promotionRewards)
    .set(patch)
    .where(and(eq(promotionRewards.id, id), inArray(promotionRewards.status, from)))
    .returning({ id: promotionRewards.id });
  return moved.length === 1;
}

/** A brand's cashback campaigns a client may claim now or later (not paused), newest first. */
async function cashbackCampaigns(db: DbOrTx, appId: number): Promise<CampaignRow[]> {
  return db
    .select()
    .from(promotionCampaigns)
    .where(
      and(
        eq(promotionCampaigns.appId, appId),
        eq(promotionCampaigns.kind, 'cashback'),
        inArray(promotionCampaigns.status, ['active', 'ended']),
      ),
    )
    .orderBy(desc(promotionCampaigns.createdAt), desc(promotionCampaigns.id))
    .limit(50);
}

/** A client's reward of a campaign (a cashback's claim), if any. */
async function rewardOfCampaign(db: DbOrTx, campaignId: number, userId: number): Promise<RewardRow | null> {
  const [row] = await db
    .select()
    .from(promotionRewards)
    .where(and(eq(promotionRewards.campaignId, campaignId), eq(promotionRewards.userId, userId)));
  return row ?? null;
}

/** Adds to an odds boost's stake taken and cost (negative: gives back), never below zero. */
async function addToBoost(db: DbOrTx, id: number, delta: { staked?: number; paid?: number }): Promise<void> {
  const r = promotionRewards;
  await db
    .update(r)
    .set({
      staked: sql`greatest(0, ${r.staked} + ${delta.staked ?? 0})`,
      paid: sql`greatest(0, ${r.paid} + ${delta.paid ?? 0})`,
    })
    .where(eq(r.id, id));
}

/** Which of these campaigns the client holds a reward of. */
async function heldCampaigns(db: DbOrTx, userId: number, campaignIds: number[]): Promise<Set<number>> {
  if (campaignIds.length === 0) return new Set();
  const rows = await db
    .select({ id: promotionRewards.campaignId })
    .from(promotionRewards)
    .where(and(eq(promotionRewards.userId, userId), inArray(promotionRewards.campaignId, campaignIds)));
  return new Set(rows.map((r) => r.id));
}

/** One reward by id, or null. */
async function reward(db: DbOrTx, id: number): Promise<RewardRow | null> {
  const [row] = await db.select().from(promotionRewards).where(eq(promotionRewards.id, id));
  return row ?? null;
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
