import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import type { CrashBetView, CrashStateResponse } from '@sb/contract';
import { useIsLoggedIn } from '@/lib/session';
import { useLocalePath } from '@/lib/app-context';
import { crashApi } from './crash-api';
import { CrashCurve } from './crash-curve';
import { formatMultiplier, randomClientSeed } from './crash-math';
import { useCrashGame } from './use-crash-game';
import './crash.css';
import { crashMoney, useCrashBalance, type CrashSession } from './use-crash-balance';

import { BetPanel, errorText } from './bet-panel';
import { FairnessDialog } from './fairness-dialog';

type Session = CrashSession;

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
