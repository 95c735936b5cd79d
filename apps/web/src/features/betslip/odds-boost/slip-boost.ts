import type { Bonus } from '@sb/contract';
import { COUPON_TYPE, type Coupon } from '@sb/betting';
import type { SlipEntry } from '@/lib/slip-store';
import type { SlipError, SlipErrors } from '../bet-errors';

/** The odds boost the slip takes (issue 36): the client's reward, its selection, and the stake it has left. */
export interface SlipBoost {
  reward: Bonus;
  entry: SlipEntry;
  /** What the client may still stake at the boosted price (minor units). */
  remainingStake: number;
}

/**
 * The odds boost a slip takes, if any: a single of one selection picked at a boost's price, and the client's
 * odds-boost reward for that selection (`GET /api/v1/bonuses`), an available unexpired one first. One that has
 * ended or been paused is still sent, so checkBets says why the boost is not taken (the slip's error) instead of the
 * price silently falling back; the server decides the rest (the campaign running, the stake left).
 */
export function slipBoostOf(
  bonuses: readonly Bonus[] | undefined,
  coupon: Pick<Coupon, 'type'>,
  bets: readonly SlipEntry[],
  now: number,
): SlipBoost | null {
  const entry = bets.length === 1 ? bets[0] : undefined;
  if (!entry?.boost || coupon.type !== COUPON_TYPE.single) return null;
  const mine = (bonuses ?? []).filter(
    (b) => b.kind === 'odds_boost' && 'boostedOdd' in b.terms && b.terms.oddId === entry.oddId,
  );
  const reward =
    mine.find((b) => b.status === 'available' && Date.parse(b.expiresAt) > now) ?? mine[0] ?? null;
  if (!reward || !('boostedOdd' in reward.terms)) return null;
  return { reward, entry, remainingStake: reward.remainingStake ?? reward.terms.maxStake };
}

/**
 * The server names a reward's refusals with the free bet's codes (`bonus_expired`, …); with a boost taken they
 * are the boost's, with sentences of their own (`boost_expired`, …). The stake limit carries what is left.
 */
export function boostErrors(errors: SlipErrors, boost: SlipBoost | null): SlipErrors {
  if (!boost || !errors.general.some((e) => e.code.startsWith('bonus_'))) return errors;
  const general = errors.general.map((e): SlipError =>
    !e.code.startsWith('bonus_')
      ? e
      : e.code === 'bonus_max_stake'
        ? { code: 'boost_max_stake', value: boost.remainingStake }
        : { code: e.code.replace(/^bonus_/, 'boost_') },
  );
  return { ...errors, general };
}
