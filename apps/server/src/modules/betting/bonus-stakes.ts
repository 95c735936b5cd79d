import type { Cents } from '@sb/betting';
import type { DbOrTx } from '../../db/database';
import type { ClientTransfer } from '../wallet/index';

/** A bet as bonus money reads it. */
export interface BonusBet {
  id: number;
  appId: number;
  userId: number;
  currency: string;
  type: number;
  status: string;
  totalStake: Cents;
  bonusStake: Cents;
  bonusRewardId: number | null;
  rewardKind: string | null;
  createdAt: Date;
}

/**
 * What betting asks of the promotions engine about bonus money (issue 36). A client with a running bonus stakes
 * cash first, then bonus; a bet with a bonus stake has its payouts (and their reversals) split in the stake's
 * proportion; every settled bet may count towards the bonus's wagering. Each call with a `tx` runs in the
 * bet's transaction.
 */
export interface BonusStakes {
  /**
   * Debits the bet's stake when its client has a running bonus (cash first, then bonus, exact in minor units;
   * both balances locked): answers the bonus part, or null when there is no running bonus (the caller debits
   * the cash as usual). 409 insufficient_funds when cash and bonus together are short.
   */
  debitStake(tx: DbOrTx, bet: BonusBet): Promise<{ bonusStake: Cents; rewardId: number } | null>;
  /** Pays `t` (a payout or refund) on a bet with a bonus stake: the bonus share back to the bonus, the rest cash. */
  pay(tx: DbOrTx, bet: BonusBet, t: ClientTransfer): Promise<void>;
  /** Takes `t` back (a reversed payout) from where it went; `refuse` fails on short cash, `debt` books a debt. */
  takeBack(
    tx: DbOrTx,
    bet: BonusBet,
    t: ClientTransfer,
    shortfall: 'refuse' | 'debt',
  ): Promise<{ debt: number }>;
  /** The bet settled: its stake counts towards the client's running bonus, released once the count is met. */
  settled(tx: DbOrTx, bet: BonusBet, legOdds: number[]): Promise<void>;
  /** The bonus money a client may stake now (0 without a running bonus). */
  spendable(user: { id: number; appId: number; currencyIso: string }): Promise<number>;
}
