import type { RouletteBet, RouletteBetType } from '@sb/contract';
import { ROULETTE_RED_NUMBERS } from '@sb/contract/constants';

/** Inside bets the board builds from a tapped number (the server checks every bet against the layout again). */
export type BoardMode = 'straight' | 'split' | 'street' | 'corner' | 'line';
export const BOARD_MODES: BoardMode[] = ['straight', 'split', 'street', 'corner', 'line'];

const RED = new Set<number>(ROULETTE_RED_NUMBERS);
export const colourOf = (n: number) => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');

/** Row r (1–12) of the board holds 3r−2, 3r−1, 3r. */
const rowOf = (n: number) => Math.ceil(n / 3);

/** The bet a tap makes in a mode, or null when the number cannot anchor one (the last row has no six line). */
export function betFor(
  mode: Exclude<BoardMode, 'split'>,
  n: number,
): Pick<RouletteBet, 'type' | 'numbers'> | null {
  if (mode === 'straight') return { type: 'straight', numbers: [n] };
  if (n === 0)
    return mode === 'street'
      ? { type: 'trio', numbers: [0, 1, 2] }
      : { type: 'first_four', numbers: [0, 1, 2, 3] };
  const r = rowOf(n);
  if (mode === 'street') return { type: 'street', numbers: [3 * r - 2, 3 * r - 1, 3 * r] };
  if (mode === 'line') {
    const top = r === 12 ? 11 : r;
    return {
      type: 'line',
      numbers: [3 * top - 2, 3 * top - 1, 3 * top, 3 * top + 1, 3 * top + 2, 3 * top + 3],
    };
  }
  // Corner: the square whose top-left is this number, shifted in when the number sits on the right or last row.
  const left = n % 3 === 0 ? n - 1 : n;
  const top = r === 12 ? left - 3 : left;
  return { type: 'corner', numbers: [top, top + 1, top + 3, top + 4] };
}

/** Two numbers side by side or one above the other on the board (zero touches 1, 2 and 3). */
export function isSplit(a: number, b: number): boolean {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  if (lo === 0) return hi >= 1 && hi <= 3;
  return (hi - lo === 1 && lo % 3 !== 0) || hi - lo === 3;
}

export const OUTSIDE: { type: RouletteBetType; numbers: number[] }[] = [
  { type: 'low', numbers: [] },
  { type: 'even', numbers: [] },
  { type: 'red', numbers: [] },
  { type: 'black', numbers: [] },
  { type: 'odd', numbers: [] },
  { type: 'high', numbers: [] },
];
export const DOZENS = [1, 2, 3].map((d) => ({ type: 'dozen' as const, numbers: [d] }));
export const COLUMNS = [1, 2, 3].map((c) => ({ type: 'column' as const, numbers: [c] }));

export const betKey = (b: Pick<RouletteBet, 'type' | 'numbers'>) => `${b.type}:${b.numbers.join('-')}`;
