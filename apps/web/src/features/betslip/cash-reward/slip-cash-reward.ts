import { create } from 'zustand';
import type { Bonus } from '@sb/contract';
import { COUPON_TYPE } from '@sb/betting';
import type { SlipError, SlipErrors } from '../bet-errors';

/**
 * A reward the slip takes beside a cash stake (issue 36): an acca insurance (the stake back, capped, when a
 * multiple loses by exactly one leg) or a profit boost (a percent more of a win's winnings, capped). The player
 * chooses it for this visit only; it goes with the bet as `bonusId` and the server decides the rest.
 */
export const useCashRewardStore = create<{ chosenId: number | null }>(() => ({ chosenId: null }));
export const chooseCashReward = (id: number | null) => useCashRewardStore.setState({ chosenId: id });

const minLegsOf = (b: Bonus) => ('minLegs' in b.terms ? b.terms.minLegs : 1);

/**
 * Whether a reward may go with this slip as far as the slip knows: one bet (never a system), an insurance on a
 * multiple, each of enough legs. Odds, live and sport are the server's to check (checkBets says why not).
 */
function fits(b: Bonus, couponType: number, legs: number): boolean {
  if (b.kind === 'acca_insurance') return couponType === COUPON_TYPE.multiple && legs >= minLegsOf(b);
  return b.kind === 'profit_boost' && legs >= minLegsOf(b);
}

/** The reward chosen for the slip and the one to offer (the soonest to expire of those that fit). */
export function slipCashReward(
  bonuses: readonly Bonus[] | undefined,
  slip: { couponType: number; legs: number; betCount: number },
  chosenId: number | null,
  now: number,
): { chosen: Bonus | null; offer: Bonus | null } {
  if (slip.couponType === COUPON_TYPE.system || slip.betCount !== 1) return { chosen: null, offer: null };
  const usable = (bonuses ?? [])
    .filter((b) => b.status === 'available' && Date.parse(b.expiresAt) > now)
    .filter((b) => fits(b, slip.couponType, slip.legs))
    .sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt));
  const chosen = usable.find((b) => b.id === chosenId) ?? null;
  return { chosen, offer: chosen ? null : (usable[0] ?? null) };
}

/** The server names a reward's refusals with the free bet's codes; with this reward chosen they are its own. */
export function cashRewardErrors(errors: SlipErrors, chosen: Bonus | null): SlipErrors {
  if (!chosen || !errors.general.some((e) => e.code.startsWith('bonus_'))) return errors;
  const general = errors.general.map((e): SlipError =>
    e.code.startsWith('bonus_') ? { code: e.code.replace(/^bonus_/, 'reward_') } : e,
  );
  return { ...errors, general };
}
