import { cents, type Cents } from '@sb/betting';
import { reachesMinOdds } from './free-bet.rules';

/**
 * Bonus money's arithmetic (issue 36), exact in minor units. A stake is paid from cash first, then bonus; a
 * payout goes back in the stake's proportion (the bonus share floored, so the cash share is never short); the
 * wagering requirement is the bonus amount times the terms' multiple.
 */

/** The stake's split: cash first, the rest from bonus; null when cash and bonus together cannot pay it. */
export function splitStake(stake: number, cash: number, bonus: number): { cash: Cents; bonus: Cents } | null {
  const fromCash = Math.min(Math.max(cash, 0), stake);
  const fromBonus = stake - fromCash;
  if (fromBonus > Math.max(bonus, 0)) return null;
  return { cash: cents(fromCash), bonus: cents(fromBonus) };
}

/**
 * The bonus share of an amount paid on (or taken back from) a bet with a bonus stake: ⌊amount × bonusStake /
 * totalStake⌋ in BigInt (no float rounding at any size). A refund of the whole stake gives the bonus stake back
 * exactly.
 */
export function bonusShare(amount: number, bonusStake: number, totalStake: number): Cents {
  if (bonusStake <= 0 || totalStake <= 0 || amount <= 0) return cents(0);
  return cents(Number((BigInt(amount) * BigInt(bonusStake)) / BigInt(totalStake)));
}

/** The stake to wager before a bonus is released: its amount × the terms' multiple. */
export const wageringRequired = (amount: number, wagering: number): number => amount * wagering;

/**
 * How much of a settled bet counts towards the wagering: its whole stake (cash and bonus parts) when it settled
 * won or lost (a void or all-void refund counts nothing, a free bet staked no money), was placed while the bonus
 * ran, as a single or a multiple (a system never counts) at combined odds of at least `minOdds` (exact), and
 * settled before the bonus expired.
 */
export function wageringCount(
  bet: {
    status: string;
    type: number;
    totalStake: number;
    legOdds: number[];
    placedAt: number;
    freeBet: boolean;
  },
  bonus: { minOddsThousandths: number; grantedAt: number; expiresAt: number },
  settledAt: number,
): number {
  if (bet.freeBet) return 0;
  if (bet.status !== 'win' && bet.status !== 'loss') return 0;
  if (bet.placedAt < bonus.grantedAt || settledAt >= bonus.expiresAt) return 0;
  if (bet.type !== 1 && bet.type !== 2) return 0;
  if (!reachesMinOdds(bet.legOdds, bonus.minOddsThousandths)) return 0;
  return bet.totalStake;
}
