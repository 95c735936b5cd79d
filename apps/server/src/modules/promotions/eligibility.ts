import { cents, oddsOf } from '@sb/betting';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError, notFound } from '../../plugins/errors';
import type { BonusMoney } from './bonus-money';
import {
  createPromotionsRepository,
  type CampaignRow,
  type PromotionsRepository,
  type RewardRow,
} from './promotions.repository';
import { rewardShapeOf, type Eligibility, type RewardTerms } from './promotions.terms';
import type { PromotionKind } from './promotions.tables';

const DAY_MS = 86_400_000;

/** The kinds a grant gives (by hand, to new clients, to those who opt in); the others are every client's. */
export const GRANTABLE_KINDS: readonly PromotionKind[] = [
  'free_bet',
  'acca_insurance',
  'profit_boost',
  'bonus',
];

/** A client a reward goes to: brand, currency and (for the automatic rules) when the account was opened. */
export interface RewardClient {
  id: number;
  appId: number;
  currencyIso: string;
  createdAt?: Date;
}

/** A campaign's rule for who gets it without a grant by hand (older terms: by hand only). */
export const eligibilityOf = (c: CampaignRow): Eligibility =>
  (c.terms as { eligibility?: Eligibility }).eligibility ?? 'grant';

/** Whether the campaign runs now: active and inside its window. */
const running = (c: CampaignRow, now: number) =>
  c.status === 'active' && c.startsAt.getTime() <= now && now < c.endsAt.getTime();

/**
 * The automatic side of the engine (issue 36): a campaign's `eligibility` gives its reward to every client whose
 * account was opened while it runs (`new_clients`, on the first read of their rewards) or to every client who joins
 * it (`opt_in`), in the segments (risk labels) its terms name. Each goes through the one grant path (`grantTo`), so
 * a reward is given once per client and campaign, never after the campaign ended or was paused, and bonus money is
 * posted on the ledger with its grant.
 */
export function createEligibility(deps: EligibilityDeps) {
  const repo = createPromotionsRepository(deps.db);
  return {
    /**
     * Gives the campaign's reward to each client, once (the unique index on campaign and client: a client who has it
     * is left out). Bonus money refuses a client holding another running bonus and posts the grant. In `tx`, with
     * the campaign locked by the caller.
     */
    grantTo: (tx: DbOrTx, c: CampaignRow, clients: RewardClient[], grantedBy: string, now: number) =>
      grantTo(deps, tx, c, clients, grantedBy, now),
    /**
     * A new client's rewards: each running `new_clients` campaign whose window holds the account's opening. A
     * client holding another running bonus is skipped for a bonus campaign (one bonus at a time), not refused.
     */
    ensureNewClientRewards: (client: RewardClient) => ensureNewClientRewards(deps, repo, client),
    /** The running `opt_in` campaigns the client may join: their reward's amount and lowest odds, join by their end. */
    offers: (client: RewardClient) => offers(deps, repo, client),
    /**
     * The client joins an opt-in campaign of their brand and segment (another's, or one not open to joining, is a
     * 404): the reward is granted at once. Joining twice (a retry, another tab) answers the reward already given.
     */
    optIn: (client: RewardClient, campaignId: number) => optIn(deps, repo, client, campaignId),
  };
}

/** What the automatic side needs: the database, a clock, bonus money's grant posting, the client's segment. */
interface EligibilityDeps {
  db: Db;
  clock: Clock;
  bonusMoney?: Pick<BonusMoney, 'granted' | 'refuseSecond'>;
  /** A client's segment: their risk label on the desk (`standard` when none was set). */
  segmentOf?: (userId: number) => Promise<string>;
}

/** Whether the client is in one of the segments the campaign names (every client when it names none). */
async function inSegment(deps: EligibilityDeps, c: CampaignRow, userId: number): Promise<boolean> {
  const segments = (c.terms as { segments?: string[] }).segments;
  if (!segments) return true;
  return segments.includes((await deps.segmentOf?.(userId)) ?? 'standard');
}

/** Gives the campaign's reward to each client, once, in `tx` with the campaign locked by the caller. */
async function grantTo(
  deps: EligibilityDeps,
  tx: DbOrTx,
  c: CampaignRow,
  clients: RewardClient[],
  grantedBy: string,
  now: number,
): Promise<RewardRow[]> {
  if (c.kind === 'bonus') {
    if (!deps.bonusMoney) throw new Error('bonus money is not wired');
    await deps.bonusMoney.refuseSecond(tx, c.id, clients);
  }
  const terms = c.terms as RewardTerms;
  const shape = rewardShapeOf(terms);
  const expiresAt = new Date(now + terms.expiresInDays * DAY_MS);
  const inserted = await createPromotionsRepository(tx).insertRewards(
    clients.map((client) => ({
      campaignId: c.id,
      appId: c.appId,
      userId: client.id,
      kind: c.kind,
      currency: client.currencyIso,
      amount: cents(shape.amount),
      minOddsThousandths: oddsOf(shape.minOdds),
      status: 'available' as const,
      expiresAt,
      grantedBy,
      grantedAt: new Date(now),
    })),
  );
  if (c.kind === 'bonus') await deps.bonusMoney?.granted(tx, inserted);
  return inserted;
}

/** The brand's running automatic campaigns this client qualifies for and does not hold yet. */
async function openTo(
  deps: EligibilityDeps,
  repo: PromotionsRepository,
  client: RewardClient,
  rule: Eligibility,
): Promise<CampaignRow[]> {
  const now = deps.clock.now();
  const list = (await repo.eligibleCampaigns(client.appId, new Date(now))).filter(
    (c) => GRANTABLE_KINDS.includes(c.kind) && eligibilityOf(c) === rule,
  );
  if (list.length === 0) return [];
  const held = await repo.heldCampaigns(
    client.id,
    list.map((c) => c.id),
  );
  const out: CampaignRow[] = [];
  for (const c of list) if (!held.has(c.id) && (await inSegment(deps, c, client.id))) out.push(c);
  return out;
}

/** A new client's rewards: each running `new_clients` campaign whose window holds the account's opening. */
async function ensureNewClientRewards(
  deps: EligibilityDeps,
  repo: PromotionsRepository,
  client: RewardClient,
): Promise<void> {
  const opened = client.createdAt?.getTime();
  if (opened === undefined) return;
  const due = (await openTo(deps, repo, client, 'new_clients')).filter(
    (c) => c.startsAt.getTime() <= opened && opened < c.endsAt.getTime(),
  );
  for (const c of due)
    await deps.db
      .transaction(async (tx) => {
        const locked = await createPromotionsRepository(tx).lockCampaign(c.id);
        const now = deps.clock.now();
        if (locked && running(locked, now)) await grantTo(deps, tx, locked, [client], 'automatic', now);
      })
      .catch((error: unknown) => {
        // One bonus at a time: a client holding another running bonus is skipped, not refused.
        if (!(error instanceof HttpError && error.code === 'bonus_running')) throw error;
      });
}

/** The running `opt_in` campaigns the client may join, as offered rewards. */
async function offers(deps: EligibilityDeps, repo: PromotionsRepository, client: RewardClient) {
  return (await openTo(deps, repo, client, 'opt_in')).map((c) => {
    const shape = rewardShapeOf(c.terms as RewardTerms);
    return {
      id: 0,
      kind: c.kind,
      amount: cents(shape.amount),
      currency: client.currencyIso,
      minOdds: shape.minOdds,
      expiresAt: c.endsAt.toISOString(),
      status: 'offered' as const,
      betId: null,
      paid: cents(0),
      campaign: c.name,
      terms: c.terms as RewardTerms,
      campaignId: c.id,
    };
  });
}

/** The client joins an opt-in campaign of their brand and segment; a second join answers the reward given. */
async function optIn(
  deps: EligibilityDeps,
  repo: PromotionsRepository,
  client: RewardClient,
  campaignId: number,
) {
  const c = await repo.campaign(campaignId);
  if (
    !c ||
    c.appId !== client.appId ||
    !GRANTABLE_KINDS.includes(c.kind) ||
    eligibilityOf(c) !== 'opt_in' ||
    !(await inSegment(deps, c, client.id))
  )
    throw notFound('campaign');
  return deps.db.transaction(async (tx) => {
    const r = createPromotionsRepository(tx);
    const before = await r.rewardOfCampaign(c.id, client.id);
    if (before) return { campaignId: c.id, rewardId: before.id, joined: false };
    // Locked: a pause or an end racing the opt-in waits, and nothing is given after the campaign ended.
    const locked = (await r.lockCampaign(c.id))!;
    const now = deps.clock.now();
    if (locked.status !== 'active')
      throw new HttpError(409, 'campaign_status', `the campaign is ${locked.status}: it cannot be joined`);
    if (!running(locked, now)) throw new HttpError(409, 'campaign_closed', 'the campaign is not running now');
    const [row] = await grantTo(deps, tx, locked, [client], 'opt-in', now);
    const reward = row ?? (await r.rewardOfCampaign(c.id, client.id))!;
    return { campaignId: c.id, rewardId: reward.id, joined: row !== undefined };
  });
}

export type EligibilityService = ReturnType<typeof createEligibility>;
