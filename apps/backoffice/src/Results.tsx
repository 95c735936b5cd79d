import type { OpsResultsMarkets } from '@sb/contract';
import { useState } from 'react';
import { call } from './api';
import { errorText } from './app/error-text';
import type { Me } from './app/me';
import type { Lang } from './i18n';
import type { ResultReport, ResultsEvent, ResultsMarket } from './results-api';
import { RESULTS_TEXTS } from './results-texts';
import { MoneyReport } from './MoneyReport';
import { formatOdds } from '@sb/betting';
import { dateTime } from './app/format';
import { may } from './app/may';
import { usePolled } from './app/use-polled';

const REFRESH_MS = 5_000;
const NO_EVENTS: ResultsEvent[] = [];
const NO_MARKETS: ResultsMarket[] = [];
type Facts = { home: string; away: string; htHome: string; htAway: string; goals: string; periods: string };
const NO_FACTS: Facts = { home: '', away: '', htHome: '', htAway: '', goals: '', periods: '' };

/** The form's text as the API's facts: empty fields left out; goals "12:h:PLAYER, 55:a", periods "6:4, 3:6". */
function factsOf(f: Facts) {
  const n = (v: string) => (v.trim() === '' ? undefined : Number(v));
  const list = (v: string) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => x.split(':'));
  const goals = list(f.goals).map(([minute, team, player]) => ({
    minute: Number(minute),
    team,
    ...(player ? { playerId: Number(player) } : {}),
  }));
  const periods = list(f.periods).map(([h, a]) => ({ home: Number(h), away: Number(a) }));
  return {
    home: n(f.home),
    away: n(f.away),
    htHome: n(f.htHome),
    htAway: n(f.htAway),
    ...(goals.length ? { goals } : {}),
    ...(periods.length ? { periods } : {}),
  };
}

/** The results list's filters in the query string. */
export const RESULTS_FILTERS = { state: 'waiting', event: '' };

/** Events waiting for results or resulted lately; an event's markets; result, void or resettle one market. */
export function Results({
  lang,
  me,
  filters,
  onFilters,
  eventId,
  onEvent,
}: {
  lang: Lang;
  me: Me;
  /** The list's state and event search, as the URL holds them (`/backoffice/results/12?state=resulted`). */
  filters: typeof RESULTS_FILTERS;
  onFilters: (next: Partial<typeof RESULTS_FILTERS>) => void;
  eventId: number | null;
  onEvent: (id: number) => void;
}) {
  const rt = RESULTS_TEXTS[lang];
  const canAct = may(me, 'settle') && me.brandId === null;
  const state = filters.state === 'resulted' ? 'resulted' : 'waiting';
  const search = filters.event;
  const [marketId, setMarketId] = useState<number | null>(null);
  const [facts, setFacts] = useState<Facts>(NO_FACTS);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [report, setReport] = useState<ResultReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The list and the chosen event's markets, refreshed every 5 s (a slow answer is waited for, never dropped).
  const q = search.trim() ? `&event=${encodeURIComponent(search.trim())}` : '';
  const list = usePolled(
    `${state}${q}`,
    () => call<ResultsEvent[]>('GET', `/ops/v1/results/events?state=${state}${q}`),
    NO_EVENTS,
    REFRESH_MS,
  );
  const events = list.data;
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
  const loadMarkets = marketsOf.refresh;

  const market = markets.find((m) => m.marketId === marketId) ?? null;
  async function act(action: 'result' | 'void' | 'resettle', preview: boolean) {
    if (!market) return;
    setError(null);
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
      setReport(await call<ResultReport>('POST', `/ops/v1/markets/${market.marketId}/${action}`, body));
      loadMarkets();
    } catch (e) {
      setError(errorText(lang, e));
    }
  }
  const field = (key: keyof Facts, label: string, wide = false) => (
    <label className={wide ? 'wide' : undefined}>
      {label}
      <input
        name={key}
        inputMode={wide ? 'text' : 'numeric'}
        value={facts[key]}
        onChange={(e) => setFacts({ ...facts, [key]: e.target.value })}
      />
    </label>
  );
  const reasons = market?.state === 'resolved' ? rt.resettleReasons : rt.voidReasons;

  return (
    <div className="split results">
      <section className="panel">
        <div className="filters">
          {(['waiting', 'resulted'] as const).map((s) => (
            <button key={s} aria-pressed={state === s} onClick={() => onFilters({ state: s })}>
              {rt[s]}
            </button>
          ))}
          <label>
            {rt.eventId}
            <input name="event" value={search} onChange={(e) => onFilters({ event: e.target.value })} />
          </label>
        </div>
        {listError && (
          <div className="error" role="alert">
            {listError}
          </div>
        )}
        <table className="results-events" data-testid="results-events">
          <thead>
            <tr>
              <th>{rt.start}</th>
              <th>{rt.event}</th>
              <th>{rt.status}</th>
              <th className="num">{rt.unresolved}</th>
              <th className="num">{rt.bets}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.eventId} aria-selected={e.eventId === eventId}>
                <td>{dateTime(lang, e.startAt)}</td>
                <td>
                  <button className="link" data-event={e.eventId} onClick={() => onEvent(e.eventId)}>
                    {e.home} – {e.away}
                  </button>{' '}
                  {e.score && (
                    <span className="tag">
                      {e.score.home}:{e.score.away}
                    </span>
                  )}
                </td>
                <td>{rt.words[e.status] ?? e.status}</td>
                <td className="num">{e.unresolved}</td>
                <td className="num">
                  {e.openBets} / {e.settledBets}
                </td>
              </tr>
            ))}
            {events.length === 0 && (
              <tr>
                <td colSpan={5}>{rt.noEvents}</td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
      <section className="panel">
        {eventId !== null && (
          <div className="market-list" data-testid="results-markets">
            {markets.map((m) => (
              <button
                key={m.marketId}
                className="market-pick"
                aria-pressed={m.marketId === marketId}
                data-market={m.marketId}
                onClick={() => {
                  setMarketId(m.marketId);
                  setReport(null);
                  setReason('');
                }}
              >
                <span>
                  {m.name[lang]} {m.s}
                </span>
                <span className={`tag ${m.state === 'resolved' ? '' : 'susp'}`}>{rt.state[m.state]}</span>
                <span className="num">
                  {m.openBets}/{m.settledBets}
                </span>
              </button>
            ))}
          </div>
        )}
        {market ? (
          <div className="result-form" data-testid="result-form">
            <h3>
              {market.name[lang]} {market.s}
            </h3>
            <table>
              <tbody>
                {market.selections.map((s) => (
                  <tr key={s.id}>
                    <td>{s.name}</td>
                    <td className="num">{formatOdds(s.odd)}</td>
                    <td data-result={s.result ?? ''}>{s.result ? (rt.words[s.result] ?? s.result) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <fieldset disabled={!canAct}>
              <legend>{rt.facts}</legend>
              {field('home', rt.home)}
              {field('away', rt.away)}
              {field('htHome', rt.htHome)}
              {field('htAway', rt.htAway)}
              {field('goals', rt.goals, true)}
              {field('periods', rt.periods, true)}
              <label>
                {rt.reason}
                <select name="reason" value={reason} onChange={(e) => setReason(e.target.value)}>
                  <option value="">—</option>
                  {Object.entries(reasons).map(([k, v]) => (
                    <option key={k} value={k}>
                      {v}
                    </option>
                  ))}
                </select>
              </label>
              <label className="wide">
                {rt.note}
                <input name="note" value={note} onChange={(e) => setNote(e.target.value)} />
              </label>
              <div className="actions">
                {market.state === 'resolved' ? (
                  <>
                    <button onClick={() => void act('resettle', true)}>{rt.preview}</button>
                    <button className="primary" onClick={() => void act('resettle', false)}>
                      {rt.resettle}
                    </button>
                  </>
                ) : (
                  <>
                    <button onClick={() => void act('result', true)}>{rt.preview}</button>
                    <button className="primary" onClick={() => void act('result', false)}>
                      {rt.result}
                    </button>
                  </>
                )}
                <button className="danger" onClick={() => void act('void', false)}>
                  {rt.void}
                </button>
              </div>
            </fieldset>
            {error && (
              <p className="error" role="alert">
                {error}
              </p>
            )}
            {report && <MoneyReport rt={rt} report={report} />}
          </div>
        ) : (
          <p className="status">{eventId === null ? rt.pickEvent : rt.pickMarket}</p>
        )}
      </section>
    </div>
  );
}
