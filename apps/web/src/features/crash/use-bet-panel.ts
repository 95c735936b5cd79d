import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { CrashBetView, CrashRoundView } from '@sb/contract';
import { crashApi, errorText } from './crash-api';
import { parseMultiplier, parseStake } from './crash-math';
import type { CrashSession } from './use-crash-balance';

/** What a bet panel is given: its slot, the session and round, and the player's bet of this slot in it. */
export interface BetPanelProps {
  slot: 0 | 1;
  session: CrashSession;
  round: CrashRoundView | null;
  offsetMs: number;
  mine: CrashBetView | null;
  onPlaced: (bet: CrashBetView, balance: number) => void;
}

/** A bet panel's form (stake, auto cash-out, auto-bet rounds) and its calls: bet, auto-bet each round, cash out. */
export function useBetPanel({ slot, session, round, mine, onPlaced }: BetPanelProps) {
  const { t } = useTranslation();
  const [stake, setStake] = useState('1.00');
  const [autoOn, setAutoOn] = useState(false);
  const [auto, setAuto] = useState('2.00');
  const [autoRounds, setAutoRounds] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lastAutoRound = useRef(0);

  const place = useCallback(
    async (roundId: number) => {
      const minor = parseStake(stake);
      if (minor === null) return setError(t('crash.bad_stake'));
      const target = autoOn ? parseMultiplier(auto) : null;
      if (autoOn && target === null) return setError(t('crash.bad_auto'));
      setBusy(true);
      setError(null);
      try {
        const result = await crashApi.bet({
          sessionId: session.id,
          roundId,
          slot,
          stake: minor,
          autoCashout: target,
        });
        onPlaced(result.bet, result.balance);
      } catch (e) {
        setError(errorText(e, t('crash.error')));
        setAutoRounds('0');
      } finally {
        setBusy(false);
      }
    },
    [stake, autoOn, auto, session.id, slot, onPlaced, t],
  );

  // Auto-bet: a bet at the start of each new betting window while rounds are left (the client re-sends it).
  useEffect(() => {
    const left = Number(autoRounds);
    if (round?.phase !== 'betting' || !(left > 0) || mine || lastAutoRound.current === round.id) return;
    lastAutoRound.current = round.id;
    setAutoRounds(String(left - 1));
    void place(round.id);
  }, [round, autoRounds, mine, place]);

  const cashout = async () => {
    if (!mine) return;
    setBusy(true);
    setError(null);
    try {
      const result = await crashApi.cashout(session.id, mine.id);
      onPlaced(result.bet, result.balance);
    } catch (e) {
      setError(errorText(e, t('crash.error')));
    } finally {
      setBusy(false);
    }
  };

  const form = { stake, setStake, autoOn, setAutoOn, auto, setAuto, autoRounds, setAutoRounds };
  return { form, error, busy, place, cashout };
}

/** A bet panel's form as `useBetPanel` returns it. */
export type BetPanelForm = ReturnType<typeof useBetPanel>['form'];
