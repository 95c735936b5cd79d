import type { OpsResultsMarkets } from '@sb/contract';
import { useState } from 'react';
import { call } from '../../api';
import { errorText } from '../../app/error-text';
import { usePolled } from '../../app/use-polled';
import type { Lang } from '../../i18n';
import type { ResultReport, ResultsEvent, ResultsMarket } from '../../results-api';
import { factsOf, NO_FACTS, type Facts } from './results-facts';

const REFRESH_MS = 5_000;
const NO_EVENTS: ResultsEvent[] = [];
const NO_MARKETS: ResultsMarket[] = [];

/** The result form's state: the market chosen, its facts, reason and note, and the last answer or refusal. */
function useResultForm() {
  const [marketId, setMarketId] = useState<number | null>(null);
  const [facts, setFacts] = useState<Facts>(NO_FACTS);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [report, setReport] = useState<ResultReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    marketId,
    setMarketId,
    facts,
    setFacts,
    reason,
    setReason,
    note,
    setNote,
    report,
    setReport,
    error,
    setError,
  };
}

/**
 * The results desk's data: the events list for the state and search and the chosen event's markets, refreshed every
 * 5 s (a slow answer is waited for, never dropped), and a market's result, void or resettle (or its preview).
 */
export function useResultsDesk(
  lang: Lang,
  state: 'waiting' | 'resulted',
  search: string,
  eventId: number | null,
) {
  const form = useResultForm();
  const q = search.trim() ? `&event=${encodeURIComponent(search.trim())}` : '';
  const list = usePolled(
    `${state}${q}`,
    () => call<ResultsEvent[]>('GET', `/ops/v1/results/events?state=${state}${q}`),
    NO_EVENTS,
    REFRESH_MS,
  );
  const listError = list.error === null ? null : errorText(lang, list.error);
  const marketsOf = usePolled(
    String(eventId),
    () =>
      eventId === null
        ? Promise.resolve(NO_MARKETS)
        : call<OpsResultsMarkets>('GET', `/ops/v1/results/events/${eventId}`).then(
            (r) => r.markets,
            () => NO_MARKETS,
          ),
    NO_MARKETS,
    REFRESH_MS,
  );
  const markets = marketsOf.data;
  const market = markets.find((m) => m.marketId === form.marketId) ?? null;

  async function act(action: 'result' | 'void' | 'resettle', preview: boolean) {
    if (!market) return;
    const { reason, note, facts } = form;
    form.setError(null);
    const body =
      action === 'void'
        ? { reason, note: note || undefined, preview }
        : {
            facts: factsOf(facts),
            note: note || undefined,
            preview,
            ...(action === 'resettle' ? { reason } : {}),
          };
    try {
      form.setReport(await call<ResultReport>('POST', `/ops/v1/markets/${market.marketId}/${action}`, body));
      marketsOf.refresh();
    } catch (e) {
      form.setError(errorText(lang, e));
    }
  }
  // Another market: its own report and reason, never the previous market's.
  function pick(id: number) {
    form.setMarketId(id);
    form.setReport(null);
    form.setReason('');
  }

  return { ...form, events: list.data, listError, markets, market, act, pick };
}
