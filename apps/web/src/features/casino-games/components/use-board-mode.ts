import { useState } from 'react';
import type { RouletteBet } from '@sb/contract';
import { betFor, isSplit, type BoardMode } from './roulette-layout';

/**
 * The board's bet mode and what a tap on a number adds in it: a straight, street, corner or six-line at once; a
 * split takes two taps on neighbours (the first number stays picked until then).
 */
export function useBoardMode(onAdd: (bet: Pick<RouletteBet, 'type' | 'numbers'>) => void) {
  const [mode, setMode] = useState<BoardMode>('straight');
  const [splitFrom, setSplitFrom] = useState<number | null>(null);
  const onNumber = (n: number) => {
    if (mode !== 'split') {
      const bet = betFor(mode, n);
      if (bet) onAdd(bet);
      return;
    }
    if (splitFrom === null || splitFrom === n || !isSplit(splitFrom, n)) return setSplitFrom(n);
    onAdd({ type: 'split', numbers: [splitFrom, n].sort((a, b) => a - b) });
    setSplitFrom(null);
  };
  const choose = (key: BoardMode) => {
    setMode(key);
    setSplitFrom(null);
  };
  return { mode, splitFrom, onNumber, choose };
}
