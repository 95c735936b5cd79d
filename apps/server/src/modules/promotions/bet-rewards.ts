import { cents, type Cents } from '@sb/betting';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../plugins/errors';
import type { BetRewards, RewardKind, RewardSlip, SettledOutcome } from '../betting/index';
import type { WalletService } from '../wallet/index';
import { INSURANCE_REFUSALS, insuranceRefund, insuranceRefusal } from './acca-insurance.rules';
import { FREE_BET_REFUSALS, freeBetRefusal } from './free-bet.rules';
import { BOOST_REFUSALS, boostAmount, boostRefusal } from './profit-boost.rules';
import { createPromotionsRepository, type CampaignRow, type RewardRow } from './promotions.repository';
import { boostRunning, ODDS_BOOST_REFUSALS, oddsBoostRefusal } from './odds-boost.rules';
import type { AccaInsuranceTerms, FreeBetTerms, OddsBoostTerms, ProfitBoostTerms } from './promotions.terms';

const MESSAGES: Record<string, string> = {
  ...ODDS_BOOST_REFUSALS,
  ...BOOST_REFUSALS,
  ...FREE_BET_REFUSALS,
  ...INSURANCE_REFUSALS,
};

/** Why the reward cannot be used on this slip now (its kind's rules), else null. */
function refusalOf(reward: RewardRow, campaign: CampaignRow, slip: RewardSlip, now: number): string | null {
  const base = {
    status: reward.status,
    amount: reward.amount,
    minOddsThousandths: reward.minOddsThousandths,
    expiresAt: reward.expiresAt,
  };
  if (reward.kind === 'acca_insurance')
    return insuranceRefusal({ ...base, terms: campaign.terms as AccaInsuranceTerms }, slip, now);
  if (reward.kind === 'profit_boost')
    return boostRefusal({ ...base, terms: campaign.terms as ProfitBoostTerms }, slip, now);
  if (reward.kind === 'odds_boost')
    return oddsBoostRefusal(
      { ...base, staked: reward.staked, campaign, terms: campaign.terms as OddsBoostTerms },
      slip,
      now,
    );
  return freeBetRefusal({ ...base, terms: campaign.terms as FreeBetTerms }, slip, now);
}

/** A refusal as betting shows it: its code and message. */
const refusal = (code: string) => ({ code, message: MESSAGES[code] ?? code });

/**
 * Betting's side of the engine: a reward checked for a slip, taken with its bet (the reward row locked, then
 * moved conditionally, in the placement's transaction: two placements racing for one reward, on any instance,
 * leave exactly one bet), given back on a rejection or void, marked used on settlement. An acca insurance's
 * refund is paid here, in the settlement's transaction, through the ledger (`acca_insurance`), once per round.
 */
export function createBetRewards(deps: BetRewardsDeps): BetRewards {
  const repo = createPromotionsRepository(deps.db);
  return {
    async boostedPrice(userId: number, rewardId: number, tx?: DbOrTx) {
      const found = await createPromotionsRepository(tx ?? deps.db).rewardOf(userId, rewardId, false);
      if (!found || found.reward.kind !== 'odds_boost' || !boostRunning(found.campaign, deps.clock.now()))
        return null;
      const terms = found.campaign.terms as OddsBoostTerms;
      return { oddId: terms.oddId, odd: terms.boostedOdd };
    },

    async check(userId: number, rewardId: number, slip: RewardSlip) {
      const found = await repo.rewardOf(userId, rewardId, false);
      // Another client's reward is as unknown as a missing one.
      if (!found) return refusal('bonus_unavailable');
      const why = refusalOf(found.reward, found.campaign, slip, deps.clock.now());
      return why ? refusal(why) : null;
    },

    reserve: (tx, userId, rewardId, slip, betId) => reserve(deps, tx, userId, rewardId, slip, betId),
    release: (tx, rewardId, bet) => release(deps, tx, rewardId, bet),
    settled: (tx, rewardId, outcome) => settled(deps, tx, rewardId, outcome),
    reopened: (tx, rewardId, bet) => reopened(deps, tx, rewardId, bet),
  };
}

/** What betting's side of the engine needs: the database, a clock, the ledger's credit and clawback. */
interface BetRewardsDeps {
  db: Db;
  clock: Clock;
  wallet: Pick<WalletService, 'credit' | 'clawback'>;
}

/** The cash movement of a settlement-time reward: an insurance's refund or a boost's extra winnings. */
function movement(reward: RewardRow, amount: Cents, key: string) {
  const type = reward.kind === 'profit_boost' ? ('profit_boost' as const) : ('acca_insurance' as const);
  return {
    appId: reward.appId,
    userId: reward.userId,
    currency: reward.currency,
    amount,
    type,
    idempotencyKey: key,
    info: { key: `transaction.${type}`, params: { bet: String(reward.betId ?? '') } },
  };
}

/** What a settlement-time reward pays for this outcome (an insurance's refund, a boost's extra), and its key. */
function cashOf(reward: RewardRow, campaign: CampaignRow | null, outcome: SettledOutcome) {
  if (reward.kind === 'acca_insurance')
    return { amount: insuranceRefund(outcome, reward.amount), key: 'insurance' };
  if (reward.kind === 'profit_boost') {
    const percent = (campaign?.terms as ProfitBoostTerms | undefined)?.percent ?? 0;
    return { amount: boostAmount(outcome, percent, reward.amount), key: 'boost' };
  }
  return null;
}

/** Takes the reward with its bet, in the placement's transaction (the row locked, then moved conditionally). */
async function reserve(
  deps: BetRewardsDeps,
  tx: DbOrTx,
  userId: number,
  rewardId: number,
  slip: RewardSlip,
  betId: number,
) {
  const r = createPromotionsRepository(tx);
  const found = await r.rewardOf(userId, rewardId, true);
  const why = found ? refusalOf(found.reward, found.campaign, slip, deps.clock.now()) : 'bonus_unavailable';
  if (why) throw new HttpError(409, why, MESSAGES[why] ?? why, 'bonusId');
  // An odds boost serves many bets up to its stake: the stake is taken under the row's lock, it stays available.
  if (found!.reward.kind === 'odds_boost') {
    await r.addToBoost(rewardId, { staked: slip.amount });
    return 'odds_boost';
  }
  if (!(await r.moveReward(rewardId, ['available'], { status: 'reserved', betId })))
    throw new HttpError(409, 'bonus_unavailable', FREE_BET_REFUSALS.bonus_unavailable, 'bonusId');
  return found!.reward.kind as RewardKind;
}

/** Gives the reward back on a rejected or void bet (spent when past its expiry). */
async function release(deps: BetRewardsDeps, tx: DbOrTx, rewardId: number, bet: { totalStake: Cents }) {
  const r = createPromotionsRepository(tx);
  const reward = await r.reward(rewardId);
  if (!reward) return;
  // An odds boost: the bet's stake is free again for another bet at the boosted price.
  if (reward.kind === 'odds_boost') return r.addToBoost(rewardId, { staked: -bet.totalStake });
  // Back to the client while it is valid; past its expiry it stays spent.
  const status = reward.expiresAt.getTime() > deps.clock.now() ? 'available' : 'expired';
  await r.moveReward(rewardId, ['reserved'], { status, betId: null, usedAt: null });
}

/** Marks the reward used on its bet's settlement, paying an insurance's refund or a boost's extra first. */
async function settled(deps: BetRewardsDeps, tx: DbOrTx, rewardId: number, outcome: SettledOutcome) {
  const r = createPromotionsRepository(tx);
  const reward = await r.reward(rewardId);
  // An odds boost's extra was paid by betting's payout (`odds_boost`): here it is only counted as its cost.
  if (reward?.kind === 'odds_boost') return r.addToBoost(rewardId, { paid: outcome.boostPaid });
  if (!reward || reward.status !== 'reserved') return;
  let paid = outcome.paid;
  const cash = cashOf(reward, await r.campaign(reward.campaignId), outcome);
  if (cash) {
    paid = cash.amount;
    if (paid > 0)
      await deps.wallet.credit(
        movement(reward, paid, `bet:${outcome.betId}:${cash.key}:${outcome.round}`),
        tx,
      );
  }
  await r.moveReward(rewardId, ['reserved'], {
    status: 'used',
    paid,
    usedAt: new Date(deps.clock.now()),
  });
}

/** Undoes a settlement's reward when its bet is reopened: what it paid is clawed back, it is reserved again. */
async function reopened(
  deps: BetRewardsDeps,
  tx: DbOrTx,
  rewardId: number,
  bet: { id: number; round: number; boostPaid: Cents },
) {
  const r = createPromotionsRepository(tx);
  const reward = await r.reward(rewardId);
  if (reward?.kind === 'odds_boost') return r.addToBoost(rewardId, { paid: -bet.boostPaid });
  if (!reward || reward.status !== 'used') return;
  // An insurance refund or a boost of the reopened round is taken back (what cash cannot cover becomes debt).
  const key =
    reward.kind === 'acca_insurance' ? 'insurance' : reward.kind === 'profit_boost' ? 'boost' : null;
  if (key && reward.paid > 0)
    await deps.wallet.clawback(
      movement(reward, reward.paid, `bet:${bet.id}:${key}-reverse:${bet.round}`),
      tx,
    );
  await r.moveReward(rewardId, ['used'], { status: 'reserved', paid: cents(0), usedAt: null });
}
