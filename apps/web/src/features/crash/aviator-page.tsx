import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import type { CrashBetView, CrashFairnessResponse, CrashRoundView, CrashStateResponse } from '@sb/contract';
import { ApiError } from '@/lib/api-client';
import { useIsLoggedIn } from '@/lib/session';
import { useLocalePath } from '@/lib/app-context';
import { crashApi } from './crash-api';
import { CrashCurve } from './crash-curve';
import { multiplierAt } from '@sb/crash';
import { formatMultiplier, parseMultiplier, parseStake, randomClientSeed } from './crash-math';
import { useCrashGame } from './use-crash-game';
import './crash.css';
import { cents, formatAmount } from '@sb/betting';
import { crashMoney, useCrashBalance, type CrashSession } from './use-crash-balance';

/** An error answer as the player reads it: the server's message (clear, in English) or a translated fallback. */
function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return (error.body as { message?: string }).message ?? fallback;
  return fallback;
}

type Session = CrashSession;

/** One of the two bet panels: stake, auto cash-out, auto-bet for N rounds, bet / cash-out. */
function BetPanel({
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

function FairnessDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [fair, setFair] = useState<CrashFairnessResponse['result'] | null>(null);
  useEffect(() => {
    void crashApi.fairness().then(setFair, () => undefined);
  }, []);
  return (
    <div className="crash-dialog" role="dialog" aria-modal="true" aria-label={t('crash.fairness')}>
      <div className="crash-dialog__body">
        <h2>{t('crash.fairness')}</h2>
        <p>{t('crash.fairness_text')}</p>
        {fair && (
          <dl className="crash-dialog__list">
            <dt>{t('crash.terminating_hash')}</dt>
            <dd className="crash-hash">{fair.terminatingHash}</dd>
            <dt>{t('crash.salt')}</dt>
            <dd className="crash-hash">{fair.salt ?? t('crash.salt_pending')}</dd>
            <dt>{t('crash.next_chain')}</dt>
            <dd className="crash-hash">
              {fair.next.terminatingHash} ({t('crash.client_seeds')}: {fair.next.clientSeedCount})
            </dd>
            <dt>{t('crash.formula')}</dt>
            <dd>{fair.formula}</dd>
            <dt>{t('crash.rules')}</dt>
            <dd>
              {t('crash.rules_text', {
                betting: fair.rules.bettingMs / 1000,
                pause: fair.rules.pauseMs / 1000,
                max: formatAmount(cents(fair.rules.maxRoundPayout)),
              })}
            </dd>
          </dl>
        )}
        <Link to={to('/aviator/verify')} className="crash-link">
          {t('crash.verifier')}
        </Link>
        <button type="button" className="crash-panel__button" onClick={onClose}>
          {t('crash.close')}
        </button>
      </div>
    </div>
  );
}

/** The aviator screen: the shared flight, two bet panels, live bets, history strip, fairness. */
export function AviatorPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const loggedIn = useIsLoggedIn();
  const [session, setSession] = useState<Session | null>(null);
  const [initial, setInitial] = useState<CrashStateResponse['result'] | null>(null);
  const [mine, setMine] = useState<Record<number, CrashBetView>>({});
  const [error, setError] = useState<string | null>(null);
  const [fairness, setFairness] = useState(false);
  const game = useCrashGame(initial);
  const balance = useCrashBalance(session);
  const { setFun, refresh } = balance;

  useEffect(() => {
    let cancelled = false;
    const demo = !loggedIn;
    const key = `crash-session:${demo ? 'demo' : 'real'}`;
    const start = async () => {
      const saved = sessionStorage.getItem(key);
      let s: Session | null = saved ? (JSON.parse(saved) as Session) : null;
      if (typeof s?.currency !== 'object') s = null; // kept by an older build (a bare currency code)
      let state: CrashStateResponse['result'] | null = null;
      if (s) state = await crashApi.state(s.id).catch(() => null);
      if (!state) {
        const opened = await crashApi.openSession(demo);
        s = { id: opened.id, currency: opened.currency, demo };
        sessionStorage.setItem(key, JSON.stringify(s));
        state = await crashApi.state(s.id);
      }
      // The browser gives the chain collecting them a random client seed: it salts rounds the server committed
      // to before it existed (the first seed of a session per chain stands; a failure costs nothing here).
      if (s) void crashApi.clientSeed(s.id, randomClientSeed()).catch(() => undefined);
      if (cancelled) return;
      setSession(s);
      setInitial(state);
      setFun(state.balance);
      setMine(Object.fromEntries(state.mine.map((b) => [b.id, b])));
    };
    start().catch((e: unknown) => !cancelled && setError(errorText(e, t('crash.error'))));
    return () => {
      cancelled = true;
    };
  }, [loggedIn, t, setFun]);

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
  // The round's settlement (a lost bet moves nothing, a void one refunds) is read once the crash is in.
  const phase = game.round?.phase;
  useEffect(() => {
    if (!session || phase !== 'crashed') return;
    const timer = setTimeout(refresh, 900);
    return () => clearTimeout(timer);
  }, [phase, session, game.round?.id, refresh]);

  const { answered } = balance;
  const onPlaced = useCallback(
    (bet: CrashBetView, newBalance: number) => {
      setMine((m) => ({ ...m, [bet.id]: bet }));
      answered(newBalance);
    },
    [answered],
  );

  const round = game.round;
  const mineIn = (slot: number) =>
    Object.values(mine).find((b) => b.roundId === round?.id && b.slot === slot) ?? null;

  return (
    <div
      className="crash-page"
      data-testid="aviator-page"
      data-round={round?.id ?? ''}
      data-phase={round?.phase ?? ''}
    >
      <h1 className="visually-hidden">{t('route.aviator')}</h1>
      <div className="crash-history" aria-label={t('crash.history')} data-testid="crash-history">
        {/* Each chip opens the verifier on its round (issue 33 item 5). */}
        {game.history.map((h) => (
          <Link
            key={h.id}
            to={to(`/aviator/verify?round=${h.id}`)}
            className={`crash-history__item${h.crashPoint >= 200 ? ' crash-history__item--high' : ''}`}
            aria-label={t('crash.verify_round', { id: h.id, point: formatMultiplier(h.crashPoint) })}
          >
            {formatMultiplier(h.crashPoint)}
          </Link>
        ))}
      </div>
      <div className="crash-top">
        <span data-testid="crash-balance">
          {balance.text !== null ? `${t('crash.balance')}: ${balance.text}` : ''}
          {session?.demo ? ` · ${t('crash.demo')}` : ''}
        </span>
        <button type="button" className="crash-link" onClick={() => setFairness(true)}>
          {t('crash.fairness')}
        </button>
      </div>
      <CrashCurve
        round={round}
        offsetMs={game.offsetMs}
        labels={{ waiting: t('crash.next_round_in'), crashed: t('crash.flew_away') }}
      />
      {round?.forcePoint != null && (
        <p className="crash-note">{t('crash.force_point', { point: formatMultiplier(round.forcePoint) })}</p>
      )}
      {error && (
        <p className="crash-panel__error" role="alert">
          {error}
        </p>
      )}
      {session ? (
        <div className="crash-panels">
          {([0, 1] as const).map((slot) => (
            <BetPanel
              key={slot}
              slot={slot}
              session={session}
              round={round}
              offsetMs={game.offsetMs}
              mine={mineIn(slot)}
              onPlaced={onPlaced}
            />
          ))}
        </div>
      ) : (
        !error && <p className="crash-note">{t('crash.loading')}</p>
      )}
      <section className="crash-bets" aria-label={t('crash.live_bets')}>
        <h2>
          {t('crash.live_bets')} ({game.bets.length})
        </h2>
        <ul data-testid="crash-live-bets">
          {game.bets.map((b) => (
            <li key={b.id} className={`crash-bets__row crash-bets__row--${b.status}`}>
              <span>{b.player}</span>
              <span>{crashMoney(b.stake, b.currency, session)}</span>
              <span>{b.cashout !== null ? formatMultiplier(b.cashout) : '—'}</span>
              <span>{b.payout ? crashMoney(b.payout, b.currency, session) : ''}</span>
            </li>
          ))}
        </ul>
      </section>
      {fairness && <FairnessDialog onClose={() => setFairness(false)} />}
    </div>
  );
}
