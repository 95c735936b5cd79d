import { useEffect, useRef, useState } from 'react';
import type { CrashBetView, CrashState } from '@sb/contract';
import { useFeedClient } from '@/lib/fixtures/live-feed';

export interface CrashGameView extends CrashState {
  /** Server time minus local time, ms (from the feed's timestamps). */
  offsetMs: number;
  /** The latest multiplier the server sent for the flight. */
  tick: { roundId: number; multiplier: number } | null;
}

const EMPTY: CrashGameView = { round: null, bets: [], history: [], ts: 0, offsetMs: 0, tick: null };

/** The game as the feed's `crash` topic tells it: the round, its bets, the history strip, the server's clock. */
export function useCrashGame(initial: CrashState | null): CrashGameView {
  const feed = useFeedClient();
  const [view, setView] = useState<CrashGameView>(EMPTY);
  const seeded = useRef(false);
  useEffect(() => {
    if (initial && !seeded.current) {
      seeded.current = true;
      setView((v) => (v.round ? v : { ...v, ...initial }));
    }
  }, [initial]);
  useEffect(() => {
    const offset = (ts: number) => ts - Date.now();
    const stops = [
      feed.on('crash_state', (m) =>
        setView((v) => ({
          round: m.round,
          bets: m.bets,
          history: m.history,
          ts: m.ts,
          offsetMs: offset(m.ts),
          tick: m.round?.id === v.tick?.roundId ? v.tick : null,
        })),
      ),
      feed.on('crash_tick', (m) =>
        setView((v) => ({
          ...v,
          offsetMs: offset(m.ts),
          tick: { roundId: m.roundId, multiplier: m.multiplier },
        })),
      ),
      feed.on('crash_bets', (m) =>
        setView((v) => {
          const changed = new Map(m.bets.filter((b) => b.roundId === v.round?.id).map((b) => [b.id, b]));
          if (changed.size === 0) return v;
          const bets: CrashBetView[] = v.bets.map((b) => changed.get(b.id) ?? b);
          const known = new Set(v.bets.map((b) => b.id));
          for (const bet of changed.values()) if (!known.has(bet.id)) bets.push(bet);
          return { ...v, bets };
        }),
      ),
      feed.subscribe('crash'),
    ];
    return () => stops.forEach((stop) => stop());
  }, [feed]);
  return view;
}
