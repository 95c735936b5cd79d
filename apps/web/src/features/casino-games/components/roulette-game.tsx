import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import type { GameSession, GameSessionResponse, RouletteBet, RoulettePlacement } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { formatUserMoney } from '@/lib/money';
import { gameSessionQuery } from '../api/get-game-session';
import { useRoulette } from '../api/get-roulette';
import { roundsQuery } from '../api/get-rounds';
import { usePlaceRouletteBets } from '../api/place-roulette-bets';
import { newRoundKey } from '../api/spin';
import { playErrorText } from './play-error';
import { RouletteBoard, type Selection } from './roulette-board';
import { betKey, colourOf } from './roulette-layout';

/** Re-renders every quarter second (the countdown); the table's state itself comes from the poll. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function PlacementLine({ placement, money }: { placement: RoulettePlacement; money: (n: number) => string }) {
  const { t } = useTranslation();
  const outcome =
    placement.status === 'open'
      ? t('casino.roulette.waiting')
      : placement.status === 'void'
        ? t('casino.roulette.void')
        : placement.status === 'won'
          ? t('casino.roulette.won', { amount: money(placement.payout ?? 0) })
          : t('casino.roulette.lost');
  return (
    <li className={`is-${placement.status}`}>
      <span>{t('casino.roulette.round', { no: placement.round % 10_000 })}</span>
      <span>
        {placement.bets
          .map((b) => t(`casino.roulette.bet.${b.type}`, { numbers: b.numbers.join('-') }))
          .join(', ')}
      </span>
      <strong>
        {money(placement.stake)} · {outcome}
      </strong>
    </li>
  );
}

/** A seat at a shared roulette table: countdown, last results, the board, chips and this player's bets. */
export function RouletteGame({ session }: { session: GameSession }) {
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
  const latest = state?.history[0];

  useEffect(() => setSelection(new Map()), [round?.no]);
  // Settlements arrive with the poll: the bar's balance and the session's rounds follow it.
  const queryClient = useQueryClient();
  const balance = state?.balance;
  const settled = state?.placements.filter((p) => p.status !== 'open').length;
  useEffect(() => {
    if (balance === undefined) return;
    queryClient.setQueryData(
      gameSessionQuery(session.id).queryKey,
      (old: GameSessionResponse['result'] | undefined) =>
        old && old.session.balance !== balance ? { ...old, session: { ...old.session, balance } } : old,
    );
    void queryClient.invalidateQueries({ queryKey: roundsQuery(session.id).queryKey });
  }, [queryClient, session.id, balance, settled]);

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
  return (
    <div className="roulette-game">
      <div
        className={`roulette-status${betting ? '' : ' is-closed'}`}
        role="status"
        data-testid="roulette-phase"
        data-phase={betting ? 'betting' : 'closed'}
      >
        <strong>{betting ? t('casino.roulette.place_bets') : t('casino.roulette.no_more_bets')}</strong>
        <span>
          {betting ? t('casino.roulette.closes_in', { seconds }) : t('casino.roulette.spins_in', { seconds })}
        </span>
      </div>
      <div className="roulette-wheel-row">
        <div className={`roulette-wheel${betting ? '' : ' is-spinning'}`} aria-hidden="true" />
        <div
          className="roulette-result"
          data-testid="roulette-result"
          data-round={latest?.no}
          data-number={latest?.number}
        >
          <span>{t('casino.roulette.result')}</span>
          {latest && (
            <strong className={`roulette-ball roulette-ball--${colourOf(latest.number)}`}>
              {latest.number}
            </strong>
          )}
        </div>
      </div>
      <section aria-label={t('casino.roulette.last_results')} className="roulette-history">
        <h2>{t('casino.roulette.last_results')}</h2>
        <ol>
          {state?.history.map((h) => (
            <li key={h.no} data-round={h.no} className={`roulette-ball roulette-ball--${colourOf(h.number)}`}>
              {h.number}
            </li>
          ))}
        </ol>
      </section>
      <div className="roulette-chips" role="radiogroup" aria-label={t('casino.roulette.chip')}>
        {session.stakes.map((value) => (
          <button
            type="button"
            role="radio"
            aria-checked={value === chip}
            key={value}
            onClick={() => setChip(value)}
          >
            {value / 100}
          </button>
        ))}
      </div>
      <RouletteBoard selection={selection} onAdd={add} disabled={!betting || place.isPending} />
      <div className="roulette-actions">
        <span data-testid="roulette-selection">
          {t('casino.roulette.selection', { amount: money(total) })}
        </span>
        <Button variant="secondary" onClick={() => setSelection(new Map())} disabled={total === 0}>
          {t('casino.roulette.clear')}
        </Button>
        <Button
          onClick={() => void confirm()}
          disabled={total === 0 || !betting || place.isPending}
          data-testid="roulette-confirm"
        >
          {t('casino.roulette.confirm')}
        </Button>
      </div>
      {message && (
        <p className={`roulette-message roulette-message--${message.kind}`} role="alert">
          {message.text}
        </p>
      )}
      <section className="roulette-placements">
        <h2>{t('casino.roulette.your_bets')}</h2>
        <ol data-testid="roulette-placements">
          {state?.placements.map((p) => (
            <PlacementLine key={p.id} placement={p} money={money} />
          ))}
        </ol>
        <p className="roulette-odds">{t('casino.roulette.odds')}</p>
      </section>
    </div>
  );
}
