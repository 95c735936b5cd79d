import { useEffect, useReducer } from 'react';
import { create } from 'zustand';
import { ODD_HIGHLIGHT_MS } from '@sb/betting';
import type { OddMove } from './bet-errors';

interface Moves {
  moves: Record<number, { direction: OddMove['direction']; at: number }>;
}

/**
 * Recent odd moves by selection id. Kept outside the rows so a row that mounts within 2 s of a change (the
 * slip opened right after a check) still shows its arrow (spec §4: "also on mount").
 */
const useMoves = create<Moves>(() => ({ moves: {} }));

export function recordOddMoves(moves: readonly OddMove[], now = Date.now()): void {
  if (moves.length === 0) return;
  useMoves.setState((state) => {
    const next = { ...state.moves };
    for (const m of moves) next[m.oddId] = { direction: m.direction, at: now };
    return { moves: next };
  });
}

/** The arrow to show for a selection now: its direction within 2 s of the change, else null. */
export function useOddMove(oddId: number): OddMove['direction'] | null {
  const move = useMoves((state) => state.moves[oddId]);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!move) return;
    const left = move.at + ODD_HIGHLIGHT_MS - Date.now();
    if (left <= 0) return;
    const timer = window.setTimeout(rerender, left);
    return () => window.clearTimeout(timer);
  }, [move]);
  return move && Date.now() - move.at < ODD_HIGHLIGHT_MS ? move.direction : null;
}
