import { perBetFromTotal, totalFromPerBet } from '@sb/betting';

/** Which stake field the player set last: it stays as typed when the bet count changes. */
export type StakeField = 'perBet' | 'total';

/** The slip's stake, minor units. */
export interface StakeState {
  perBet: number;
  total: number;
  edited: StakeField;
}

/** Spec §9: default stake per bet and total 1 (one currency unit). */
export const DEFAULT_STAKE: StakeState = { perBet: 100, total: 100, edited: 'perBet' };

/**
 * The stake at a bet count (spec §5): editing per bet sets total = per-bet × count; editing the total sets
 * per-bet = total ÷ count (rounded down to the minor unit). What is placed is always per-bet × count, so the
 * total the server gets splits evenly.
 */
export function stakeAt(state: StakeState, betCount: number): { perBet: number; total: number } {
  const count = Math.max(1, betCount);
  const perBet = state.edited === 'total' ? perBetFromTotal(state.total, count) : state.perBet;
  return { perBet, total: totalFromPerBet(perBet, count) };
}

/** A stake field set to `cents` (numpad or quick amount): the other field follows (spec §5). */
export function editStake(field: StakeField, cents: number, betCount: number): StakeState {
  const count = Math.max(1, betCount);
  return field === 'perBet'
    ? { perBet: cents, total: totalFromPerBet(cents, count), edited: 'perBet' }
    : { perBet: perBetFromTotal(cents, count), total: cents, edited: 'total' };
}

/** Spec §9 quick stake amounts, in whole currency units. */
export const QUICK_STAKES = [10, 20, 50, 100, 150, 200] as const;

/** Minor units as numpad text: 1250 → `12,5`, 1200 → `12`. */
export function stakeText(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  if (rest === 0) return String(whole);
  return `${whole},${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * Numpad text as the stake field shows it while typing: written like every amount of the app (thousands
 * grouped, a decimal point; spec §9), so `1234,5` reads `1,234.5` and `0,` reads `0.`.
 */
export function typedStakeText(text: string): string {
  const [whole = '', decimals] = text.split(',');
  const grouped = (whole || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decimals === undefined ? grouped : `${grouped}.${decimals}`;
}
