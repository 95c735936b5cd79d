import { useEffect, useState } from 'react';
import { call } from '../../api';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import type { Dashboard as Figures } from '../../results-api';
import { connectTicker } from '../../ticker-socket';

/** Figures are fetched again when the operators' topic reports a bet, at most once per this interval… */
const PUSH_REFRESH_MS = 1_000;
/** …and on this slow clock for what no bet announces (settlements, live events, the minute buckets rolling). */
const CLOCK_REFRESH_MS = 30_000;

/**
 * The dashboard's figures for the window, fetched again when a bet arrives on the operators' topic (throttled) and
 * on a slow clock; `live` while that topic is connected.
 */
export function useDashboardFigures(lang: Lang, days: number) {
  const [figures, setFigures] = useState<Figures | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const [live, setLive] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), CLOCK_REFRESH_MS);
    let pending: ReturnType<typeof setTimeout> | null = null;
    const stop = connectTicker({
      onConnected: setLive,
      onBets: () => {
        pending ??= setTimeout(() => {
          pending = null;
          setTick((n) => n + 1);
        }, PUSH_REFRESH_MS);
      },
    });
    return () => {
      clearInterval(timer);
      if (pending) clearTimeout(pending);
      stop();
    };
  }, []);
  useEffect(() => {
    call<Figures>('GET', `/ops/v1/dashboard?days=${days}`)
      .then((f) => {
        setFigures(f);
        setError(null);
      })
      .catch((e: unknown) => setError(errorText(lang, e)));
  }, [days, tick, lang]);
  return { figures, error, live };
}
