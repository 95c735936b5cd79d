import { cents } from '@sb/betting';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BonusBet, BonusStakes } from '../betting/index';
import type { ClientTransfer, WalletService } from '../wallet/index';
import { HttpError } from '../../plugins/errors';
import { insufficientFunds } from '../wallet/index';
import { bonusShare, splitStake, wageringCount, wageringRequired } from './bonus-money.rules';
import { createBonusMoneyRepository } from './bonus-money.repository';
import { createPromotionsRepository, type RewardRow } from './promotions.repository';
import type { BonusTerms } from './promotions.terms';

type Wallet = Pick<WalletService, 'post' | 'credit' | 'debit' | 'clawback' | 'balances' | 'lockedBalances'>;
type Owner = { appId: number; userId: number; currency: string };

/**
 * Bonus money (issue 36) on the ledger: granted to the client's bonus balance (`bonus_grant`), staked after the
 * cash (`bonus_stake`), paid back in the stake's proportion (`bonus_win`), released to cash when the wagering is
 * met (`bonus_release`, the bonus cost) or forfeited at its expiry (`bonus_forfeit`). Every step locks the
 * client's cash and bonus accounts first (id order), then the bonus row, so stakes, payouts, releases and
 * forfeits of one client serialise on any instance; each movement has a key naming its bonus or bet.
 */
export function createBonusMoney(deps: { db: Db; clock: Clock; wallet: Wallet }) {
  const { db, clock, wallet } = deps;
  const ownerOf = (r: { appId: number; userId: number; currency: string }): Owner => ({
    appId: r.appId,
    userId: r.userId,
    currency: r.currency,
  });

  /** A movement between the house and the client's bonus (`amount` > 0: to the bonus). */
  const bonusMovement = (o: Owner, amount: number, type: ClientTransfer['type'], key: string) => ({
    appId: o.appId,
    userId: o.userId,
    currency: o.currency,
    type,
    idempotencyKey: key,
    entries: [
      { account: { kind: 'client_bonus' as const, userId: o.userId }, amount: cents(amount) },
      { account: { kind: 'house' as const }, amount: cents(-amount) },
    ],
  });

  /**
   * A locked bonus past its expiry is forfeited here, exactly once (moved conditionally, keyed movement): what
   * is on the bonus balance goes back to the house. True when it is (or was) forfeited.
   */
  async function forfeitIfDue(tx: DbOrTx, reward: RewardRow, bonusBalance: number): Promise<boolean> {
    if (reward.status === 'expired') return true;
    if (reward.status !== 'available' || reward.expiresAt.getTime() > clock.now()) return false;
    const r = createPromotionsRepository(tx);
    if (!(await r.moveReward(reward.id, ['available'], { status: 'expired' }))) return true;
    if (bonusBalance > 0)
      await wallet.post(
        bonusMovement(ownerOf(reward), -bonusBalance, 'bonus_forfeit', `bonus:${reward.id}:forfeit`),
        tx,
      );
    return true;
  }

  /** The client's running bonus, locked after their balances, forfeited first if its expiry passed. */
  async function runningLocked(tx: DbOrTx, o: Owner) {
    const balances = await wallet.lockedBalances(o, tx);
    const found = await createBonusMoneyRepository(tx).running(o.userId, o.currency, true);
    if (!found || (await forfeitIfDue(tx, found.reward, balances.bonus))) return { balances, bonus: null };
    return { balances, bonus: found };
  }

  /** Releases a locked running bonus to cash once its counted stakes reach the requirement. */
  async function releaseIfMet(tx: DbOrTx, reward: RewardRow, terms: BonusTerms, bonusBalance: number) {
    const counted = (await createBonusMoneyRepository(tx).counted([reward.id])).get(reward.id) ?? 0;
    if (counted < wageringRequired(reward.amount, terms.wagering)) return;
    const r = createPromotionsRepository(tx);
    const paid = cents(Math.max(bonusBalance, 0));
    const now = new Date(clock.now());
    if (!(await r.moveReward(reward.id, ['available'], { status: 'used', paid, usedAt: now }))) return;
    if (paid > 0)
      await wallet.post(
        {
          ...ownerOf(reward),
          type: 'bonus_release',
          idempotencyKey: `bonus:${reward.id}:release`,
          entries: [
            { account: { kind: 'client_bonus', userId: reward.userId }, amount: cents(-paid) },
            { account: { kind: 'client_cash', userId: reward.userId }, amount: paid },
          ],
        },
        tx,
      );
  }

  /** Where a bet's bonus share goes now: the bonus (running), cash (released) or nowhere (forfeited). */
  async function shareTarget(tx: DbOrTx, bet: BonusBet) {
    const balances = await wallet.lockedBalances(ownerOf(bet), tx);
    const found = bet.bonusRewardId
      ? await createBonusMoneyRepository(tx).lockBonus(bet.bonusRewardId)
      : null;
    if (!found || (await forfeitIfDue(tx, found.reward, balances.bonus)))
      return { to: 'none' as const, balances };
    return { to: found.reward.status === 'used' ? ('cash' as const) : ('bonus' as const), balances };
  }

  const stakes: BonusStakes = {
    async debitStake(tx, bet) {
      if (bet.rewardKind === 'free_bet') return null;
      // Most clients hold no bonus: one indexed read, no locks (a grant racing this placement is not used by it).
      if (!(await createBonusMoneyRepository(tx).running(bet.userId, bet.currency, false))) return null;
      const { balances, bonus } = await runningLocked(tx, ownerOf(bet));
      if (!bonus) return null;
      const split = splitStake(bet.totalStake, balances.cash, balances.bonus);
      if (!split) throw insufficientFunds();
      const info = { params: { bet: String(bet.id) } };
      if (split.cash > 0)
        await wallet.debit(
          {
            ...ownerOf(bet),
            amount: split.cash,
            type: 'bet_stake',
            idempotencyKey: `bet:${bet.id}:stake`,
            info: { key: 'transaction.bet_stake', ...info },
          },
          tx,
        );
      if (split.bonus > 0)
        await wallet.post(
          {
            ...bonusMovement(ownerOf(bet), -split.bonus, 'bonus_stake', `bet:${bet.id}:bonus-stake`),
            info: { key: 'transaction.bonus_stake', ...info },
          },
          tx,
        );
      return { bonusStake: split.bonus, rewardId: bonus.reward.id };
    },

    async pay(tx, bet, t) {
      const share = bonusShare(t.amount, bet.bonusStake, bet.totalStake);
      const target = share > 0 ? (await shareTarget(tx, bet)).to : 'none';
      if (t.amount - share > 0) await wallet.credit({ ...t, amount: cents(t.amount - share) }, tx);
      const key = `${t.idempotencyKey}:bonus`;
      const info = { key: 'transaction.bonus_win', params: t.info?.params ?? {} };
      if (target === 'bonus')
        await wallet.post({ ...bonusMovement(ownerOf(bet), share, 'bonus_win', key), info }, tx);
      if (target === 'cash')
        await wallet.credit({ ...t, amount: share, type: 'bonus_win', idempotencyKey: key, info }, tx);
    },

    async takeBack(tx, bet, t, shortfall) {
      const share = bonusShare(t.amount, bet.bonusStake, bet.totalStake);
      const { to, balances } =
        share > 0 ? await shareTarget(tx, bet) : { to: 'none' as const, balances: null };
      let debt = 0;
      const cash = { ...t, amount: cents(t.amount - share) };
      if (cash.amount > 0) {
        if (shortfall === 'debt') debt += (await wallet.clawback(cash, tx)).debt;
        else await wallet.debit(cash, tx);
      }
      const key = `${t.idempotencyKey}:bonus`;
      const info = { key: 'transaction.bonus_win', params: t.info?.params ?? {} };
      // From the running bonus what it holds; the rest (and all of it once released) from cash.
      const fromBonus = to === 'bonus' ? Math.min(share, Math.max(balances?.bonus ?? 0, 0)) : 0;
      if (fromBonus > 0)
        await wallet.post({ ...bonusMovement(ownerOf(bet), -fromBonus, 'bonus_win', key), info }, tx);
      const rest = to === 'none' ? 0 : share - fromBonus;
      if (rest > 0) {
        const back: ClientTransfer = {
          ...t,
          amount: cents(rest),
          type: 'bonus_win',
          idempotencyKey: `${key}:cash`,
          info,
        };
        if (shortfall === 'debt') debt += (await wallet.clawback(back, tx)).debt;
        else await wallet.debit(back, tx);
      }
      return { debt };
    },

    async settled(tx, bet, legOdds) {
      if (bet.rewardKind === 'free_bet') return;
      const quick = await createBonusMoneyRepository(tx).running(bet.userId, bet.currency, false);
      if (!quick) return;
      const { balances, bonus } = await runningLocked(tx, ownerOf(bet));
      if (!bonus) return;
      const now = clock.now();
      const amount = wageringCount(
        { ...bet, legOdds, placedAt: bet.createdAt.getTime(), freeBet: false },
        {
          minOddsThousandths: bonus.reward.minOddsThousandths,
          grantedAt: bonus.reward.grantedAt.getTime(),
          expiresAt: bonus.reward.expiresAt.getTime(),
        },
        now,
      );
      if (amount <= 0) return;
      await createBonusMoneyRepository(tx).count(bonus.reward.id, bet.id, cents(amount), new Date(now));
      await releaseIfMet(tx, bonus.reward, bonus.terms as BonusTerms, balances.bonus);
    },

    async spendable(user) {
      const found = await createBonusMoneyRepository(db).running(user.id, user.currencyIso, false);
      if (!found || found.reward.expiresAt.getTime() <= clock.now()) return 0;
      return (await wallet.balances(user)).bonus;
    },
  };

  return {
    stakes,
    /** Puts granted bonus money on each client's bonus balance, in the grant's transaction (`bonus_grant`). */
    async granted(tx: DbOrTx, rewards: RewardRow[]) {
      for (const r of rewards)
        await wallet.post(bonusMovement(ownerOf(r), r.amount, 'bonus_grant', `bonus:${r.id}:grant`), tx);
    },
    /**
     * A client holding another campaign's running bonus is not granted a second (409 naming the client). The
     * clients' balances are locked first (id order), so two grants to one client serialise and never both land.
     */
    async refuseSecond(
      tx: DbOrTx,
      campaignId: number,
      clients: { id: number; appId: number; currencyIso: string }[],
    ) {
      for (const c of [...clients].sort((x, y) => x.id - y.id))
        await wallet.lockedBalances({ appId: c.appId, userId: c.id, currency: c.currencyIso }, tx);
      const holders = await createBonusMoneyRepository(tx).holders(
        campaignId,
        clients.map((c) => c.id),
      );
      const at = clients.findIndex((c) => holders.has(c.id));
      if (at >= 0)
        throw new HttpError(
          409,
          'bonus_running',
          `client ${clients[at]!.id} already has bonus money running: one bonus at a time`,
          `clientIds.${at}`,
        );
    },
    /** Forfeits a client's running bonus whose expiry passed (the lazy check of `GET /api/v1/bonuses`). */
    async expire(o: Owner) {
      await db.transaction((tx) => runningLocked(tx, o));
    },
    /** Each bonus's wagering: the stake required and what settled bets counted so far. */
    async wagering(bonuses: { reward: RewardRow; campaign: { terms: unknown } }[]) {
      const counted = await createBonusMoneyRepository(db).counted(bonuses.map((x) => x.reward.id));
      return new Map(
        bonuses.map(({ reward, campaign }) => [
          reward.id,
          {
            required: wageringRequired(reward.amount, (campaign.terms as BonusTerms).wagering),
            counted: counted.get(reward.id) ?? 0,
          },
        ]),
      );
    },
  };
}

export type BonusMoney = ReturnType<typeof createBonusMoney>;
