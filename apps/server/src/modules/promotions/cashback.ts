import { cents, type Cents } from '@sb/betting';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError, notFound } from '../../plugins/errors';
import type { WalletService } from '../wallet/index';
import { cashbackBasisPoints, cashbackDue, type CashbackBet } from './cashback.rules';
import {
  createPromotionsRepository,
  type CampaignRow,
  type PromotionsRepository,
  type RewardRow,
} from './promotions.repository';
import type { CashbackTerms } from './promotions.terms';

const DAY_MS = 86_400_000;

/** A client's bets settled in [from, to) as cashback counts them (betting's read-only query). */
export type CashbackBetsSource = (userId: number, from: number, to: number) => Promise<CashbackBet[]>;

/** The client who claims (identity's user satisfies it). */
export interface CashbackClient {
  id: number;
  appId: number;
  currencyIso: string;
}

export interface CashbackDeps {
  db: Db;
  clock: Clock;
  wallet: Pick<WalletService, 'credit'>;
  /** Without it (seeding, some tests) nothing is ever due. */
  cashbackBets?: CashbackBetsSource;
}

/** The period a campaign's cashback counts and until when it may be claimed (ms). */
export function cashbackWindow(c: Pick<CampaignRow, 'terms' | 'startsAt' | 'endsAt'>) {
  const t = c.terms as CashbackTerms;
  const start = t.periodStart ? Date.parse(t.periodStart) : c.startsAt.getTime();
  const end = t.periodEnd ? Date.parse(t.periodEnd) : c.endsAt.getTime();
  return { start, end, claimUntil: end + t.expiresInDays * DAY_MS };
}

/**
 * Cashback campaigns (issue 36): the amount due to a client on their settled net sports losses of the period, and
 * its claim — once per client and campaign, the reward row's unique index deciding between concurrent claims.
 */
export function createCashback(deps: CashbackDeps) {
  const repo = createPromotionsRepository(deps.db);
  return {
    /**
     * The brand's cashback campaigns the client has not claimed, whose claim window is not over: each with the
     * amount due now (bets settled so far in the period; an open bet counts nothing).
     */
    offers: (client: CashbackClient) => offers(deps, repo, client),
    /**
     * Pays the cashback due into the client's cash, once: after the period ended and before the claim window
     * closes, in one transaction with the claim row (kind `cashback`, `used`, `paid` = the amount). A repeated or
     * concurrent claim answers the first claim and pays nothing (`claimed: false`).
     */
    claim: (client: CashbackClient, campaignId: number) => claim(deps, repo, client, campaignId),
  };
}

/** What is due to the client on a campaign now, with its period and claim window. */
async function due(deps: CashbackDeps, c: CampaignRow, client: CashbackClient) {
  const w = cashbackWindow(c);
  const terms = c.terms as CashbackTerms;
  const bets = deps.cashbackBets ? await deps.cashbackBets(client.id, w.start, w.end) : [];
  return { ...w, ...cashbackDue(bets, cashbackBasisPoints(terms), terms.maxAmount) };
}

/** A claim as the client sees it (`first`: this call paid it). */
const claimed = (row: RewardRow, first: boolean) => ({
  campaignId: row.campaignId,
  rewardId: row.id,
  amount: row.paid,
  claimed: first,
});

/** The brand's cashback campaigns the client may still claim, each with the amount due now. */
async function offers(deps: CashbackDeps, repo: PromotionsRepository, client: CashbackClient) {
  const now = deps.clock.now();
  const out = [];
  for (const c of await repo.cashbackCampaigns(client.appId)) {
    const w = cashbackWindow(c);
    if (now < w.start || now >= w.claimUntil) continue;
    if (await repo.rewardOfCampaign(c.id, client.id)) continue;
    out.push({ campaign: c, ...(await due(deps, c, client)) });
  }
  return out;
}

/** Checks a claim (campaign, status, period, window, amount) and pays it once (see `createCashback`). */
async function claim(
  deps: CashbackDeps,
  repo: PromotionsRepository,
  client: CashbackClient,
  campaignId: number,
) {
  const c = await repo.campaign(campaignId);
  if (!c || c.kind !== 'cashback' || c.appId !== client.appId) throw notFound('campaign');
  const before = await repo.rewardOfCampaign(c.id, client.id);
  if (before) return claimed(before, false);
  if (c.status === 'paused')
    throw new HttpError(409, 'campaign_status', 'the campaign is paused: nothing can be claimed now');
  const now = deps.clock.now();
  const d = await due(deps, c, client);
  if (now < d.end)
    throw new HttpError(
      409,
      'cashback_period_open',
      `cashback can be claimed once its period ends (${new Date(d.end).toISOString()})`,
    );
  if (now >= d.claimUntil)
    throw new HttpError(409, 'cashback_expired', 'the time to claim this cashback is over');
  if (d.amount <= 0) throw new HttpError(409, 'cashback_nothing_due', 'no net sports loss in the period');
  return pay(deps, c, client, d, now);
}

/** In one transaction: the claim row, then the credit to the client's cash (none when another claim came first). */
function pay(
  deps: CashbackDeps,
  c: CampaignRow,
  client: CashbackClient,
  d: { amount: number; claimUntil: number },
  now: number,
) {
  return deps.db.transaction(async (tx) => {
    const r = createPromotionsRepository(tx);
    const amount: Cents = cents(d.amount);
    // The unique index (campaign, client): a concurrent claim waits here for the first one and inserts nothing.
    const [row] = await r.insertRewards([
      {
        campaignId: c.id,
        appId: c.appId,
        userId: client.id,
        kind: 'cashback',
        currency: client.currencyIso,
        amount,
        minOddsThousandths: 1000,
        status: 'used',
        paid: amount,
        expiresAt: new Date(d.claimUntil),
        grantedBy: 'client',
        grantedAt: new Date(now),
        usedAt: new Date(now),
      },
    ]);
    if (!row) return claimed((await r.rewardOfCampaign(c.id, client.id))!, false);
    await deps.wallet.credit(
      {
        appId: c.appId,
        userId: client.id,
        currency: client.currencyIso,
        amount,
        type: 'promotion_cashback',
        idempotencyKey: `promotion:${c.id}:cashback:${client.id}`,
      },
      tx,
    );
    return claimed(row, true);
  });
}

export type Cashback = ReturnType<typeof createCashback>;
