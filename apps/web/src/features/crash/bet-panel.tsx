import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { CrashBetView, CrashRoundView } from '@sb/contract';
import { ApiError } from '@/lib/api-client';
import { crashApi } from './crash-api';
import { multiplierAt } from '@sb/crash';
import { formatMultiplier, parseMultiplier, parseStake } from './crash-math';
import { crashMoney, type CrashSession } from './use-crash-balance';

/** An error answer as the player reads it: the server's message (clear, in English) or a translated fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return (error.body as { message?: string }).message ?? fallback;
  return fallback;
}

type Session = CrashSession;

/** One of the two bet panels: stake, auto cash-out, auto-bet for N rounds, bet / cash-out. */
export function BetPanel({
  slot,
  session,
  round,
  offsetMs,
  mine,
  onPlaced,
}: {
  slot: 0 | 1;
  session: Session;
  round: CrashRoundView | null;
  offsetMs: number;
  mine: CrashBetView | null;
  onPlaced: (bet: CrashBetView, balance: number) => void;
}) {
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

  const flying = round?.phase === 'flying' && round.startedAt !== null;
  const open = mine?.status === 'open';
  let action: React.ReactNode;
  if (open && flying) {
    const now = multiplierAt(Date.now() + offsetMs - (round.startedAt ?? 0));
    action = (
      <button
        type="button"
        className="crash-panel__button crash-panel__button--cashout"
        disabled={busy}
        onClick={cashout}
      >
        {t('crash.cash_out')}{' '}
        {crashMoney(Math.floor((mine.stake * now) / 100), session.currency.iso_code, session)}
      </button>
    );
  } else if (mine) {
    action = (
      <p className="crash-panel__status" data-testid={`crash-bet-status-${slot}`}>
        {mine.status === 'cashed' && mine.cashout !== null
          ? t('crash.cashed_at', {
              point: formatMultiplier(mine.cashout),
              amount: crashMoney(mine.payout ?? 0, session.currency.iso_code, session),
            })
          : mine.status === 'lost'
            ? t('crash.lost')
            : mine.status === 'void'
              ? t('crash.refunded')
              : t('crash.bet_placed', { amount: crashMoney(mine.stake, session.currency.iso_code, session) })}
      </p>
    );
  } else {
    action = (
      <button
        type="button"
        className="crash-panel__button"
        disabled={busy || round?.phase !== 'betting'}
        onClick={() => round && void place(round.id)}
      >
        {round?.phase === 'betting' ? t('crash.bet') : t('crash.wait_next')}
      </button>
    );
  }

  return (
    <section
      className="crash-panel"
      aria-label={t('crash.panel', { n: slot + 1 })}
      data-testid={`crash-panel-${slot}`}
    >
      <div className="crash-panel__row">
        <label className="crash-field">
          <span>{t('crash.stake')}</span>
          <input
            inputMode="decimal"
            value={stake}
            onChange={(e) => setStake(e.target.value)}
            disabled={open}
          />
        </label>
        <label className="crash-field crash-field--check">
          <input
            type="checkbox"
            checked={autoOn}
            onChange={(e) => setAutoOn(e.target.checked)}
            disabled={open}
          />
          <span>{t('crash.auto_cashout')}</span>
        </label>
        <label className="crash-field">
          <span>{t('crash.auto_at')}</span>
          <input
            inputMode="decimal"
            value={auto}
            onChange={(e) => setAuto(e.target.value)}
            disabled={!autoOn || open}
          />
        </label>
        <label className="crash-field">
          <span>{t('crash.auto_rounds')}</span>
          <input
            inputMode="numeric"
            value={autoRounds}
            onChange={(e) => setAutoRounds(e.target.value.replace(/\D/g, ''))}
          />
        </label>
      </div>
      {action}
      {error && (
        <p className="crash-panel__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
