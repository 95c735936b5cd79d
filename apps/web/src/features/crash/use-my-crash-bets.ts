import { useCallback, useEffect, useState } from 'react';
import type { CrashBetView } from '@sb/contract';
import type { CrashGameView } from './use-crash-game';

/**
 * The player's own bets by id, kept in step with the feed, and what a placement or cash-out answered. A bet of
 * theirs settling moves money, so `refresh` (read the balance again) runs then; `answered` takes a new balance.
 */
export function useMyCrashBets(
  game: CrashGameView,
  { refresh, answered }: { refresh: () => void; answered: (balance: number) => void },
) {
  const [mine, setMine] = useState<Record<number, CrashBetView>>({});
  // My bets follow the feed (auto cash-outs and the crash settle them on the server); a bet of mine that left
  // 'open' moved money: the balance is read again at once, not at the end of the round.
  const settledMine = game.bets.filter((b) => b.status !== 'open' && mine[b.id]?.status === 'open');
  const settledKey = settledMine.map((b) => b.id).join(',');
  useEffect(() => {
    setMine((current) => {
      let changed = false;
      const next = { ...current };
      for (const bet of game.bets)
        if (next[bet.id] && next[bet.id] !== bet) {
          next[bet.id] = bet;
          changed = true;
        }
      return changed ? next : current;
    });
  }, [game.bets]);
  useEffect(() => {
    if (settledKey) refresh();
  }, [settledKey, refresh]);

  const onPlaced = useCallback(
    (bet: CrashBetView, newBalance: number) => {
      setMine((m) => ({ ...m, [bet.id]: bet }));
      answered(newBalance);
    },
    [answered],
  );
  /** The player's bet of a panel in the round now, if any. */
  const mineIn = (slot: number) =>
    Object.values(mine).find((b) => b.roundId === game.round?.id && b.slot === slot) ?? null;
  return { setMine, onPlaced, mineIn };
}
