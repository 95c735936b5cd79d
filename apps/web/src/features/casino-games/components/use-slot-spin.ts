import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { GameSession, SlotLayout, SlotRound } from '@sb/contract';
import { formatUserMoney } from '@/lib/money';
import { newRoundKey, useSpin } from '../api/spin';
import { playErrorText } from './play-error';
import { restingWindow, winningCells } from './slot-window';

/** The reels turn at least this long, and each free spin stays this long on screen. */
const SPIN_MS = 650;
const FREE_SPIN_MS = 900;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the reels show: the window, its winning cells, and which free spin it is (null: the paid spin). */
export interface Shown {
  window: number[][];
  cells: Set<string>;
  freeSpin: { n: number; count: number } | null;
}

/** A slot's state: the stake, what the reels show, the message, and a spin (the round the server answers, played out). */
export function useSlotSpin(session: GameSession, layout: SlotLayout) {
  const { t } = useTranslation();
  const spinMutation = useSpin(session.id);
  const [stake, setStake] = useState(session.defaultStake);
  const [shown, setShown] = useState<Shown>(() => ({
    window: restingWindow(layout),
    cells: new Set(),
    freeSpin: null,
  }));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; kind: 'win' | 'info' | 'error' } | null>(null);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);
  const money = (n: number) => formatUserMoney(n, session.currency);

  async function show(round: SlotRound): Promise<void> {
    for (const [i, spin] of round.spins.entries()) {
      if (!alive.current) return;
      setShown({
        window: spin.window,
        cells: winningCells(layout, spin),
        freeSpin: i === 0 ? null : { n: i, count: round.freeSpinsAwarded },
      });
      if (i === 0 && round.freeSpinsAwarded > 0)
        setMessage({
          kind: 'win',
          text: t('casino.slot.free_spins_won', {
            count: round.freeSpinsAwarded,
            multiplier: layout.freeSpins.multiplier,
          }),
        });
      if (i < round.spins.length - 1) await wait(FREE_SPIN_MS);
    }
    setMessage(
      round.win > 0
        ? { kind: 'win', text: t('casino.slot.win', { amount: money(round.win) }) }
        : { kind: 'info', text: t('casino.slot.no_win') },
    );
  }

  async function spin(): Promise<void> {
    setBusy(true);
    setMessage(null);
    try {
      const [result] = await Promise.all([
        spinMutation.mutateAsync({ stake, roundKey: newRoundKey() }),
        wait(SPIN_MS),
      ]);
      await show(result.round);
    } catch (error) {
      setMessage({ kind: 'error', text: playErrorText(error, t) });
    } finally {
      if (alive.current) setBusy(false);
    }
  }
  return { stake, setStake, shown, busy, message, money, spin };
}
