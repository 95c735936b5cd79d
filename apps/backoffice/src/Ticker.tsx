import { useEffect, useRef, useState } from 'react';
import { call, money, type TickerBet } from './api';
import type { Lang, Texts } from './i18n';
import { connectTicker } from './ticker-socket';
import { formatOdds } from '@sb/betting';
import { errorText, isRetryable } from './app/error-text';
import { TableState, viewStateOf } from './components/view-state';

/** The ticker's filters, as they stand in the query string (`/backoffice/ticker?client=12&live=true`). */
export const TICKER_FILTERS = { brand: '', sport: '', event: '', client: '', minStake: '', live: '' };
type Filters = typeof TICKER_FILTERS;
const MAX_ROWS = 200;

function query(f: Filters): string {
  const q = new URLSearchParams({ limit: '100' });
  if (f.brand) q.set('brand', f.brand);
  if (f.sport) q.set('sport', f.sport);
  if (f.event) q.set('event', f.event);
  if (f.client) q.set('client', f.client);
  if (f.minStake) q.set('minStake', String(Math.round(Number(f.minStake.replace(',', '.')) * 100)));
  if (f.live) q.set('live', 'true');
  return q.toString();
}

/** Whether a bet pushed by the live feed passes the filters the list was loaded with. */
function passes(b: TickerBet, f: Filters): boolean {
  if (f.brand && b.brand.id !== Number(f.brand)) return false;
  if (f.client && b.client.id !== Number(f.client)) return false;
  if (f.minStake && b.stake < Number(f.minStake) * 100) return false;
  if (f.live === 'true' && !b.isLive) return false;
  if (f.event && !b.selections.some((s) => s.eventId === Number(f.event))) return false;
  if (f.sport && !b.selections.some((s) => s.sportId === Number(f.sport))) return false;
  return true;
}

/** Newest bets first, live: the list loads over HTTP, then new bets arrive on the operator WebSocket. */
export function Ticker({
  t,
  lang,
  filters,
  onFilters,
  onEvent,
  onClient,
}: {
  t: Texts;
  lang: Lang;
  /** The applied filters (the URL's); the form edits a draft of them until Apply. */
  filters: Filters;
  onFilters: (next: Filters) => void;
  onEvent: (eventId: number) => void;
  /** Opens the client page. */
  onClient?: (clientId: number) => void;
}) {
  const [draft, setDraft] = useState<Filters>(filters);
  const [bets, setBets] = useState<TickerBet[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [retryable, setRetryable] = useState(false);
  const [connected, setConnected] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  // Back, Forward or a link changed the URL's filters: the form shows them.
  useEffect(() => setDraft(filters), [filters]);

  useEffect(() => {
    let cancelled = false;
    setLoaded(false);
    call<TickerBet[]>('GET', `/ops/v1/bets?${query(filters)}`)
      .then((list) => {
        if (cancelled) return;
        setError(null);
        setBets(list);
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

  const maxId = useRef(0);
  maxId.current = Math.max(maxId.current, ...bets.map((b) => b.id));

  useEffect(
    () =>
      connectTicker({
        sinceId: () => maxId.current || undefined,
        onConnected: setConnected,
        onBets: (bets) => {
          const incoming = bets.filter((b) => passes(b, filtersRef.current));
          if (incoming.length === 0) return;
          setBets((list) => {
            const known = new Set(list.map((b) => b.id));
            const added = incoming.filter((b) => !known.has(b.id)).reverse();
            return [...added, ...list].sort((a, b) => b.id - a.id).slice(0, MAX_ROWS);
          });
          setFresh(new Set(incoming.map((b) => b.id)));
        },
      }),
    [],
  );

  const field = (name: keyof Filters, label: string) => (
    <label>
      {label}
      <input
        name={name}
        inputMode="numeric"
        value={draft[name]}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      />
    </label>
  );

  return (
    <section className="panel">
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          onFilters(draft);
        }}
      >
        {field('brand', t.brand)}
        {field('sport', t.sport)}
        {field('event', t.event)}
        {field('client', t.client)}
        {field('minStake', t.minStake)}
        <label>
          {t.liveOnly}
          <input
            type="checkbox"
            checked={draft.live === 'true'}
            onChange={(e) => setDraft({ ...draft, live: e.target.checked ? 'true' : '' })}
          />
        </label>
        <button className="primary" type="submit">
          {t.apply}
        </button>
        <button type="button" onClick={() => onFilters(TICKER_FILTERS)}>
          {t.clear}
        </button>
        <span className="status" data-testid="feed-status">
          {connected ? t.connected : t.disconnected}
        </span>
      </form>
      <table data-testid="ticker">
        <thead>
          <tr>
            <th>#</th>
            <th>{t.time}</th>
            <th>{t.brand}</th>
            <th>{t.client}</th>
            <th>{t.type}</th>
            <th>{t.selections}</th>
            <th className="num">{t.stake}</th>
            <th className="num">{t.payout}</th>
            <th className="num">{t.risk}</th>
            <th>{t.status}</th>
          </tr>
        </thead>
        <tbody>
          <TableState
            colSpan={10}
            state={viewStateOf(loaded, bets.length, error)}
            loading={t.loading}
            empty={t.noBets}
            outage={error}
            retry={t.retry}
            onRetry={retryable ? () => setAttempt((n) => n + 1) : undefined}
          />
          {loaded &&
            bets.map((b) => (
              <tr key={b.id} data-bet={b.id} className={fresh.has(b.id) ? 'fresh' : undefined}>
                <td>{b.id}</td>
                <td>{new Date(b.createdAt).toLocaleTimeString()}</td>
                <td>{b.brand.name}</td>
                <td>
                  <button
                    className="link"
                    onClick={() => onFilters({ ...TICKER_FILTERS, client: String(b.client.id) })}
                  >
                    {b.client.username}
                  </button>
                  {onClient && (
                    <button
                      className="link"
                      data-client-page={b.client.id}
                      title={t.clients}
                      onClick={() => onClient(b.client.id)}
                    >
                      ↗
                    </button>
                  )}
                </td>
                <td>
                  {b.type} {b.isLive && <span className="tag live">{t.live}</span>}
                </td>
                <td>
                  {b.selections.map((s, i) => (
                    <div key={i}>
                      <button className="link" data-event={s.eventId} onClick={() => onEvent(s.eventId)}>
                        {s.event}
                      </button>{' '}
                      · {s.name} @ {formatOdds(s.odds)}
                    </div>
                  ))}
                </td>
                <td className="num">{money(b.stake)}</td>
                <td className="num">{money(b.potentialPayout)}</td>
                <td className="num neg">{money(b.risk)}</td>
                <td>{b.status}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </section>
  );
}
