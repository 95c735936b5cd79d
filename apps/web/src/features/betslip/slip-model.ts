import {
  combinationsReturn,
  COUPON_TYPE,
  couponBetCount,
  couponEarnings,
  type Coupon,
  type CouponPick,
} from '@sb/betting';
import type { SlipEntry } from '@/lib/slip-store';

/** What the coupon rules of packages/betting need of the slip's entries. */
export const picksOf = (bets: readonly SlipEntry[]): CouponPick[] =>
  bets.map((b) => ({ eventId: b.eventId, banker: b.banker }));

/** How many bets (combinations) the coupon places, counted in closed form (never listed: 25 picks). */
export const betCountOf = (coupon: Coupon, bets: readonly SlipEntry[]): number =>
  couponBetCount(coupon, picksOf(bets));

/**
 * Possible earnings of the slip at a per-bet stake (minor units): least and most a winning slip returns; null
 * when they pass the exact integers (2^53 minor units: e.g. 25 picks near 5.00) — far above any brand's maximum
 * payout, which checkBets then names.
 */
export function earningsOf(
  coupon: Coupon,
  bets: readonly SlipEntry[],
  perBetCents: number,
): { min: number; max: number } | null {
  try {
    return couponEarnings(
      coupon,
      bets.map((b) => ({ eventId: b.eventId, banker: b.banker, odd: b.odd })),
      perBetCents,
    );
  } catch (e) {
    if (e instanceof RangeError) return null;
    throw e;
  }
}

/**
 * The product of the odds (a multiple's total odds), rounded down to 2 decimals exactly as its winnings are,
 * so 1.00 at the total odds shown returns exactly what the stake box says.
 */
export const totalOddsOf = (bets: readonly SlipEntry[]): number =>
  combinationsReturn(
    bets.map((b) => b.odd),
    [bets.map((_, i) => i)],
    100,
  ) / 100;

/** Whether the coupon can be sent: a system needs at least one chosen size. */
export const couponReady = (coupon: Coupon, bets: readonly SlipEntry[]): boolean =>
  bets.length > 0 && (coupon.type !== COUPON_TYPE.system || coupon.systems.length > 0);

/**
 * The slip as checkBets and betPlace read it: bracket-encoded form fields as the original PHP back end took
 * them (`type=3&amount=900&systems[]=2&bets[0][eventId]=…`), amounts in minor units, odds as the player saw.
 */
export function slipForm(
  bets: readonly SlipEntry[],
  coupon: Coupon,
  amountCents: number,
  confirmationType?: 1 | 2,
  /** A reward (issue 36): a free bet that is the whole stake (`amountCents` is its amount), or an odds boost. */
  bonusId?: number,
): URLSearchParams {
  const form = new URLSearchParams();
  form.set('walletType', 'cash');
  if (confirmationType) form.set('confirmationType', String(confirmationType));
  form.set('type', String(coupon.type));
  form.set('amount', String(amountCents));
  if (bonusId !== undefined) form.set('bonusId', String(bonusId));
  if (coupon.type === COUPON_TYPE.system) coupon.systems.forEach((k) => form.append('systems[]', String(k)));
  bets.forEach((b, i) => {
    form.set(`bets[${i}][eventId]`, String(b.eventId));
    // A bet builder names its legs; the server gives it its selection id (the entry's oddId) back.
    if (b.builder) form.set(`bets[${i}][builder]`, b.builder.oddIds.join(','));
    else form.set(`bets[${i}][oddId]`, String(b.oddId));
    form.set(`bets[${i}][odd]`, String(b.odd));
    form.set(`bets[${i}][banker]`, b.banker ? '1' : '0');
    form.set(`bets[${i}][isLive]`, b.live ? '1' : '0');
  });
  return form;
}
