import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import type { GameSession, GameSessionResponse, RouletteBet, RouletteStateResponse } from '@sb/contract';
import { formatUserMoney } from '@/lib/money';
import { gameSessionQuery } from '../api/get-game-session';
import { useRoulette } from '../api/get-roulette';
import { roundsQuery } from '../api/get-rounds';
import { usePlaceRouletteBets } from '../api/place-roulette-bets';
import { newRoundKey } from '../api/spin';
import { playErrorText } from './play-error';
import type { Selection } from './roulette-board';
import { betKey } from './roulette-layout';

/** Re-renders every quarter second (the countdown); the table's state itself comes from the poll. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Settlements arrive with the poll: the bar's balance and the session's rounds follow it. */
function useFollowSettlements(sessionId: string, state: RouletteStateResponse['result'] | undefined) {
  const queryClient = useQueryClient();
  const balance = state?.balance;
  const settled = state?.placements.filter((p) => p.status !== 'open').length;
  useEffect(() => {
    if (balance === undefined) return;
    queryClient.setQueryData(
      gameSessionQuery(sessionId).queryKey,
      (old: GameSessionResponse['result'] | undefined) =>
        old && old.session.balance !== balance ? { ...old, session: { ...old.session, balance } } : old,
    );
    void queryClient.invalidateQueries({ queryKey: roundsQuery(sessionId).queryKey });
  }, [queryClient, sessionId, balance, settled]);
}

/** A roulette seat's state: the table as polled, its phase and countdown, the chip, the bets chosen and placing them. */
export function useRouletteSeat(session: GameSession) {
  const { t } = useTranslation();
  const table = useRoulette(session.id);
  const place = usePlaceRouletteBets(session.id);
  const now = useNow();
  const [chip, setChip] = useState(session.defaultStake);
  const [selection, setSelection] = useState<Selection>(new Map());
  const [message, setMessage] = useState<{ text: string; kind: 'info' | 'error' } | null>(null);
  const money = (n: number) => formatUserMoney(n, session.currency);
  const state = table.data;
  // The server's clock decides the phase; the countdown runs on ours, shifted by the difference seen at the poll.
  const offset = useMemo(
    () => (state ? Date.parse(state.serverTime) - table.dataUpdatedAt : 0),
    [state, table.dataUpdatedAt],
  );
  const serverNow = now + offset;
  const round = state?.round;
  const betting = round ? serverNow < Date.parse(round.closesAt) : false;
  const total = [...selection.values()].reduce((s, b) => s + b.amount, 0);

  useEffect(() => setSelection(new Map()), [round?.no]);
  useFollowSettlements(session.id, state);

  const add = (bet: Pick<RouletteBet, 'type' | 'numbers'>) =>
    setSelection((current) => {
      const next = new Map(current);
      const key = betKey(bet);
      next.set(key, { ...bet, amount: (current.get(key)?.amount ?? 0) + chip });
      return next;
    });

  async function confirm(): Promise<void> {
    if (!round) return;
    setMessage(null);
    try {
      await place.mutateAsync({ round: round.no, key: newRoundKey(), bets: [...selection.values()] });
      setMessage({ kind: 'info', text: t('casino.roulette.placed', { amount: money(total) }) });
      setSelection(new Map());
    } catch (error) {
      setMessage({ kind: 'error', text: playErrorText(error, t) });
    }
  }

  const seconds = round
    ? Math.max(0, Math.ceil((Date.parse(betting ? round.closesAt : round.spinAt) - serverNow) / 1000))
    : 0;
  const clear = () => setSelection(new Map());
  return {
    state,
    betting,
    seconds,
    chip,
    setChip,
    selection,
    total,
    add,
    clear,
    confirm,
    place,
    message,
    money,
  };
}
