import { useCallback, useEffect, useState } from 'react';
import type { OpsBookSort, OpsEventLiability, OpsLiabilityBook, OpsPickLists } from '@sb/contract';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { getPickLists } from '../ticker/api/get-pick-lists';
import { setMarketSuspension } from '../events/api/set-market-suspension';
import { getEventLiability } from './api/get-event-liability';
import { getLiabilityBook } from './api/get-liability-book';
import type { LiabilityFilters } from './liability-query';
import type { LiabilityTexts } from './liability-texts';

const REFRESH_MS = 2_000;

/** A local date-time field's value as an instant (ISO), or undefined when empty or not a date. */
const instant = (local: string) => {
  const t = local ? new Date(local).getTime() : NaN;
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
};

/** A counter that moves every `ms`: the reads below depend on it, so each tick reads again. */
function useTick(ms: number) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return tick;
}

/** The book for the filters, read again at each tick, and the pick lists for the filters' selects, read once. */
function useBook(lang: Lang, lt: LiabilityTexts, filters: LiabilityFilters, sort: OpsBookSort, tick: number) {
  const [book, setBook] = useState<OpsLiabilityBook | null>(null);
  const [bookError, setBookError] = useState<string | null>(null);
  const [picks, setPicks] = useState<OpsPickLists | null>(null);
  useEffect(() => {
    getPickLists()
      .then(setPicks)
      .catch(() => setPicks(null));
  }, []);

  const { sport, competition } = filters;
  const from = instant(filters.from);
  const to = instant(filters.to);
  const badWindow = from !== undefined && to !== undefined && to <= from;
  useEffect(() => {
    if (badWindow) return setBookError(lt.badWindow);
    let current = true;
    getLiabilityBook({ sport, competition, from, to, sort })
      .then((b) => {
        if (!current) return;
        setBook(b);
        setBookError(null);
      })
      .catch((e: unknown) => current && setBookError(errorText(lang, e)));
    return () => {
      current = false;
    };
  }, [tick, lang, sport, competition, from, to, sort, badWindow]);
  return { book, bookError, picks };
}

/** One event's liability, read again at each tick, and a market's suspend or resume with the reason chosen. */
function useEventLiability(lang: Lang, eventId: number | null, tick: number) {
  const [detail, setDetail] = useState<OpsEventLiability | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState<string>('liability');
  // Another event (a link, Back): its own figures, never the previous event's while they load.
  useEffect(() => {
    setDetail(null);
    setError(null);
  }, [eventId]);
  const loadDetail = useCallback(() => {
    if (eventId === null) return setDetail(null);
    getEventLiability(eventId)
      .then((d) => {
        setDetail(d);
        setError(null);
      })
      .catch((e: unknown) => setError(errorText(lang, e)));
  }, [eventId, lang]);
  useEffect(loadDetail, [loadDetail, tick]);

  async function act(marketId: number, action: 'suspend' | 'resume') {
    setError(null);
    try {
      await setMarketSuspension(marketId, action, reason);
      loadDetail();
    } catch (e) {
      setError(errorText(lang, e));
    }
  }
  return { detail, error, reason, setReason, act };
}

/**
 * The liability view's data: the book for the filters and one event's liability, both refreshed every 2 s, the
 * pick lists read once, and a market's suspend or resume with the reason chosen.
 */
export function useLiability(
  lang: Lang,
  lt: LiabilityTexts,
  filters: LiabilityFilters,
  sort: OpsBookSort,
  eventId: number | null,
) {
  const tick = useTick(REFRESH_MS);
  return { ...useBook(lang, lt, filters, sort, tick), ...useEventLiability(lang, eventId, tick) };
}
