import type { RouletteBet } from '@sb/contract';
import { ROULETTE_RED_NUMBERS } from '@sb/contract/constants';
import { badRequest } from '../../../plugins/errors';

/** European single-zero wheel: 37 pockets. */
export const POCKETS = 37;
/** Every bet returns stake × 36 / (numbers covered) when it wins: the house keeps 1/37 (2.70 %) of each. */
export const RETURN_NUMERATOR = 36;
/** Table limits in minor units: chips are multiples of the smallest, each position and each placement capped. */
export const CHIP_UNIT = 100;
export const MAX_PER_POSITION = 50_000;
export const MAX_PER_PLACEMENT = 200_000;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const key = (numbers: number[]) => [...numbers].sort((a, b) => a - b).join(',');

/** Every inside bet of the layout (numbers 1–36 in 12 rows of 3, zero above 1–3), by type. */
function insideBets(): Map<string, Set<string>> {
  const sets = new Map<string, number[][]>([
    ['straight', range(0, 36).map((n) => [n])],
    [
      'split',
      [
        [0, 1],
        [0, 2],
        [0, 3],
      ],
    ],
    ['street', range(1, 12).map((r) => [3 * r - 2, 3 * r - 1, 3 * r])],
    [
      'trio',
      [
        [0, 1, 2],
        [0, 2, 3],
      ],
    ],
    ['corner', []],
    ['first_four', [[0, 1, 2, 3]]],
    ['line', range(1, 11).map((r) => range(3 * r - 2, 3 * r + 3))],
  ]);
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) sets.get('split')!.push([n, n + 1]);
    if (n <= 33) sets.get('split')!.push([n, n + 3]);
    if (n % 3 !== 0 && n <= 32) sets.get('corner')!.push([n, n + 1, n + 3, n + 4]);
  }
  return new Map([...sets].map(([type, list]) => [type, new Set(list.map(key))]));
}
const INSIDE = insideBets();
const RED = new Set<number>(ROULETTE_RED_NUMBERS);

const OUTSIDE: Record<string, (n: number) => boolean> = {
  red: (n) => RED.has(n),
  black: (n) => n > 0 && !RED.has(n),
  odd: (n) => n > 0 && n % 2 === 1,
  even: (n) => n > 0 && n % 2 === 0,
  low: (n) => n >= 1 && n <= 18,
  high: (n) => n >= 19,
};

/** The numbers a bet covers; 400 naming the field when the bet is not one of the layout. */
export function coverage(bet: RouletteBet, field: string): number[] {
  const inside = INSIDE.get(bet.type);
  if (inside) {
    if (!inside.has(key(bet.numbers)))
      throw badRequest(`${field}.numbers`, `not a ${bet.type} bet of the layout`);
    return [...bet.numbers].sort((a, b) => a - b);
  }
  if (bet.type === 'dozen' || bet.type === 'column') {
    const which = bet.numbers[0];
    if (bet.numbers.length !== 1 || which === undefined || which < 1 || which > 3)
      throw badRequest(`${field}.numbers`, `a ${bet.type} is [1], [2] or [3]`);
    return bet.type === 'dozen'
      ? range(12 * which - 11, 12 * which)
      : range(1, 36).filter((n) => (n - which) % 3 === 0);
  }
  const test = OUTSIDE[bet.type];
  if (!test || bet.numbers.length > 0) throw badRequest(`${field}.numbers`, `${bet.type} takes no numbers`);
  return range(0, 36).filter(test);
}

/** Checks a placement's bets and amounts against the layout and the table limits; returns the total stake. */
export function checkPlacement(bets: RouletteBet[]): number {
  let total = 0;
  bets.forEach((bet, i) => {
    coverage(bet, `bets.${i}`);
    if (bet.amount % CHIP_UNIT !== 0 || bet.amount > MAX_PER_POSITION)
      throw badRequest(
        `bets.${i}.amount`,
        `amounts are whole chips of ${CHIP_UNIT}, at most ${MAX_PER_POSITION} a position`,
      );
    total += bet.amount;
  });
  if (total > MAX_PER_PLACEMENT) throw badRequest('bets', `at most ${MAX_PER_PLACEMENT} on one round`);
  return total;
}

/** What a placement returns for the winning number (stakes of winning bets included). */
export function payoutOf(bets: RouletteBet[], result: number): number {
  return bets.reduce((sum, bet, i) => {
    const covered = coverage(bet, `bets.${i}`);
    return covered.includes(result) ? sum + (bet.amount * RETURN_NUMERATOR) / covered.length : sum;
  }, 0);
}
