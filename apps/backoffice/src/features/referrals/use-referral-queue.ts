import { useCallback, useEffect, useState } from 'react';
import type { OpsReferral } from '@sb/contract';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { connectTicker } from '../../ticker-socket';
import { getReferrals } from './api/get-referrals';

/** How often the queue is read again besides the live topic (a missed push, the seconds left of every row). */
const REFRESH_MS = 10_000;

/**
 * The referral queue, read on open, every 10 s and when the operators' live topic tells of a referral; the row
 * chosen (kept while it is still in the queue, else the first); a clock for the seconds left.
 */
export function useReferralQueue(lang: Lang) {
  const [rows, setRows] = useState<OpsReferral[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  const load = useCallback(async () => {
    try {
      const list = await getReferrals();
      setRows(list);
      setSelected((id) => (id !== null && list.some((r) => r.betId === id) ? id : (list[0]?.betId ?? null)));
    } catch (e) {
      setError(errorText(lang, e));
    }
  }, [lang]);

  useEffect(() => {
    void load();
    const refresh = window.setInterval(() => void load(), REFRESH_MS);
    const tick = window.setInterval(() => setNow(Date.now()), 1_000);
    // The live topic: a new referred bet (pending) or a change of one (a decision, an offer answered, a timeout).
    const stop = connectTicker({
      onBets: (bets) => {
        if (bets.some((b) => b.status === 'pending' || b.status === 'rejected' || b.status === 'waiting'))
          void load();
      },
      onConnected: setConnected,
    });
    return () => {
      window.clearInterval(refresh);
      window.clearInterval(tick);
      stop();
    };
  }, [load]);

  return { rows, selected, setSelected, error, setError, connected, now, load };
}
