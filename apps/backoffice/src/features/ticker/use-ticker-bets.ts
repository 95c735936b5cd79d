import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { OpsTickerBet } from '@sb/contract';
import { errorText, isRetryable } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { connectTicker } from '../../ticker-socket';
import { getBets } from './api/get-bets';
import { chime, isBigBet, type BigBetSetting } from './big-bet';
import { MAX_LIVE_ROWS, PAGE, passes, query, type TickerFilters } from './ticker-query';

/**
 * The operator WebSocket, opened once: bets it pushes that pass the filters go on top (newest first, the list kept to
 * MAX_LIVE_ROWS unless older pages were loaded), marked fresh, with a tone for a big one when the operator asked.
 */
function useTickerSocket(
  bets: OpsTickerBet[],
  setBets: Dispatch<SetStateAction<OpsTickerBet[]>>,
  setFresh: (ids: Set<number>) => void,
  filters: TickerFilters,
  big: BigBetSetting,
) {
  const [connected, setConnected] = useState(false);
  // The socket is opened once: its handler reads the current filters and setting through these.
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const bigRef = useRef(big);
  bigRef.current = big;
  const maxId = useRef(0);
  maxId.current = Math.max(maxId.current, ...bets.map((b) => b.id));

  useEffect(
    () =>
      connectTicker({
        sinceId: () => maxId.current || undefined,
        onConnected: setConnected,
        onBets: (pushed) => {
          const incoming = pushed.filter((b) => passes(b, filtersRef.current));
          if (incoming.length === 0) return;
          setBets((list) => {
            const known = new Set(list.map((b) => b.id));
            const added = incoming.filter((b) => !known.has(b.id)).reverse();
            return [...added, ...list]
              .sort((a, b) => b.id - a.id)
              .slice(0, Math.max(MAX_LIVE_ROWS, list.length));
          });
          setFresh(new Set(incoming.map((b) => b.id)));
          if (bigRef.current.sound && incoming.some((b) => isBigBet(b.stake, bigRef.current))) chime();
        },
      }),
    [],
  );
  return connected;
}

/**
 * The ticker's bets: a page loaded over HTTP for the filters (again on Retry), older pages on demand, and new bets
 * from the operator WebSocket on top.
 */
export function useTickerBets(lang: Lang, filters: TickerFilters, big: BigBetSetting) {
  const [bets, setBets] = useState<OpsTickerBet[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [more, setMore] = useState(false);
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [retryable, setRetryable] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setLoaded(false);
    getBets(query(filters))
      .then((list) => {
        if (cancelled) return;
        setError(null);
        // Bets the operator socket pushed while the list was loading are newer than the list's read: kept, or a bet
        // placed in between would be missing until the next load (the socket sends each bet once).
        setBets((pushed) => {
          const newest = list[0]?.id ?? 0;
          return [...pushed.filter((b) => b.id > newest && passes(b, filters)), ...list];
        });
        setMore(list.length === PAGE);
        setLoaded(true);
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        setError(errorText(lang, e));
        setRetryable(isRetryable(e));
      });
    return () => {
      cancelled = true;
    };
  }, [filters, lang, attempt]);

  const connected = useTickerSocket(bets, setBets, setFresh, filters, big);

  async function loadOlder() {
    const oldest = Math.min(...bets.map((b) => b.id));
    try {
      const page = await getBets(query(filters, oldest));
      setBets((list) => [...list, ...page.filter((b) => b.id < oldest)]);
      setMore(page.length === PAGE);
    } catch (e) {
      setError(errorText(lang, e));
    }
  }

  const retry = retryable ? () => setAttempt((n) => n + 1) : undefined;
  return { bets, loaded, more, fresh, error, connected, retry, loadOlder };
}
