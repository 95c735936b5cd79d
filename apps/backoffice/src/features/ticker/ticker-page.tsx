import { useEffect, useMemo, useRef, useState } from 'react';
import type { OpsPickLists, OpsTickerBet } from '@sb/contract';
import { formatOdds } from '@sb/betting';
import { money } from '../../api';
import { errorText, isRetryable } from '../../app/error-text';
import { dateTime, timeOfDay } from '../../app/format';
import { TableState, viewStateOf } from '../../components/view-state';
import type { Lang, Texts } from '../../i18n';
import { connectTicker } from '../../ticker-socket';
import { BET_TEXTS } from '../bets/bet-texts';
import { findClients } from './api/find-clients';
import { getBets } from './api/get-bets';
import { getPickLists } from './api/get-pick-lists';
import { chime, isBigBet, readBigBet, saveBigBet, type BigBetSetting } from './big-bet';
import { TICKER_TEXTS } from './ticker-texts';
import { BuilderLegs } from '../../components/builder-legs';

type TickerBet = OpsTickerBet;

/** The ticker's filters, as they stand in the query string (`/backoffice/ticker?client=12&live=true`). */
export const TICKER_FILTERS = { brand: '', sport: '', event: '', client: '', minStake: '', live: '' };
type Filters = typeof TICKER_FILTERS;
/** Rows per page; older pages are added below with "Older bets". */
const PAGE = 100;
/** Rows kept while the live feed adds new ones on top (older pages loaded by hand stay). */
const MAX_LIVE_ROWS = 1000;

function query(f: Filters, before?: number): URLSearchParams {
  const q = new URLSearchParams({ limit: String(PAGE) });
  if (f.brand) q.set('brand', f.brand);
  if (f.sport) q.set('sport', f.sport);
  if (f.event) q.set('event', f.event);
  if (f.client) q.set('client', f.client);
  // An amount the server cannot read is sent as typed: its refusal names the field, in the desk's words.
  if (f.minStake) {
    const major = Number(f.minStake.replace(',', '.'));
    q.set('minStake', Number.isFinite(major) ? String(Math.round(major * 100)) : f.minStake);
  }
  if (f.live) q.set('live', 'true');
  if (before !== undefined) q.set('before', String(before));
  return q;
}

/** Whether a bet pushed by the live feed passes the filters the list was loaded with. */
function passes(b: TickerBet, f: Filters): boolean {
  if (f.brand && b.brand.id !== Number(f.brand)) return false;
  if (f.client && b.client.id !== Number(f.client)) return false;
  if (f.minStake && b.stake < Number(f.minStake.replace(',', '.')) * 100) return false;
  if (f.live === 'true' && !b.isLive) return false;
  if (f.event && !b.selections.some((s) => s.eventId === Number(f.event))) return false;
  if (f.sport && !b.selections.some((s) => s.sportId === Number(f.sport))) return false;
  return true;
}

type SortKey = 'id' | 'stake' | 'potentialPayout' | 'risk' | 'status' | 'client' | 'brand';
interface Sort {
  key: SortKey;
  desc: boolean;
}
const valueOf = (b: TickerBet, key: SortKey): number | string =>
  key === 'client' ? b.client.username : key === 'brand' ? b.brand.name : b[key];

/** Newest bets first, live: the list loads over HTTP, then new bets arrive on the operator WebSocket. */
export function Ticker({
  t,
  lang,
  username,
  filters,
  onFilters,
  onEvent,
  onClient,
}: {
  t: Texts;
  lang: Lang;
  /** The signed-in operator (their big-bet setting is theirs). */
  username: string;
  /** The applied filters (the URL's); the form edits a draft of them until Apply. */
  filters: Filters;
  onFilters: (next: Filters) => void;
  onEvent: (eventId: number) => void;
  /** Opens the client page. */
  onClient?: (clientId: number) => void;
}) {
  const tt = TICKER_TEXTS[lang];
  const statuses = BET_TEXTS[lang].statuses;
  const [draft, setDraft] = useState<Filters>(filters);
  const [lists, setLists] = useState<OpsPickLists | null>(null);
  const [clientText, setClientText] = useState('');
  const [clientMatches, setClientMatches] = useState<{ id: number; username: string }[]>([]);
  /** The name typed for a client none has (said in the desk's language), or the pick-lists' failure. */
  const [missingClient, setMissingClient] = useState<string | null>(null);
  const [listsError, setListsError] = useState<unknown>(null);
  const [bets, setBets] = useState<TickerBet[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [more, setMore] = useState(false);
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [retryable, setRetryable] = useState(false);
  const [connected, setConnected] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [sort, setSort] = useState<Sort>({ key: 'id', desc: true });
  const [big, setBig] = useState<BigBetSetting>(() => readBigBet(username));
  const [bigText, setBigText] = useState(() => (big.threshold ? String(big.threshold / 100) : ''));
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const bigRef = useRef(big);
  bigRef.current = big;

  // Back, Forward or a link changed the URL's filters: the form shows them, the client by name.
  useEffect(() => {
    setDraft(filters);
    setMissingClient(null);
    let cancelled = false;
    getPickLists(filters.client || undefined).then(
      (l) => {
        if (cancelled) return;
        setLists(l);
        setListsError(null);
        setClientText(l.client?.username ?? '');
      },
      (e: unknown) => !cancelled && setListsError(e),
    );
    return () => {
      cancelled = true;
    };
  }, [filters]);

  // The client field finds clients by the start of their username.
  useEffect(() => {
    const text = clientText.trim();
    if (!text || text === lists?.client?.username) return setClientMatches([]);
    let cancelled = false;
    const timer = setTimeout(() => {
      findClients(text).then(
        (found) => !cancelled && setClientMatches(found),
        () => !cancelled && setClientMatches([]),
      );
    }, 150);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [clientText, lists]);

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

  function apply() {
    const text = clientText.trim();
    let client = '';
    if (text) {
      const match =
        lists?.client?.username === text
          ? lists.client
          : clientMatches.find((c) => c.username.toLowerCase() === text.toLowerCase());
      if (!match) return setMissingClient(text);
      client = String(match.id);
    }
    setMissingClient(null);
    onFilters({ ...draft, client });
  }

  function setBigBet(next: BigBetSetting) {
    setBig(next);
    saveBigBet(username, next);
  }

  const sorted = useMemo(() => {
    const dir = sort.desc ? -1 : 1;
    return [...bets].sort((a, b) => {
      const x = valueOf(a, sort.key);
      const y = valueOf(b, sort.key);
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return c * dir || b.id - a.id;
    });
  }, [bets, sort]);

  const eventName = useMemo(() => {
    const leg = bets.flatMap((b) => b.selections).find((s) => String(s.eventId) === filters.event);
    return leg?.event ?? `#${filters.event}`;
  }, [bets, filters.event]);

  const header = (key: SortKey, label: string, className?: string) => (
    <th
      className={className}
      aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
    >
      <button
        type="button"
        className="sort"
        data-sort={key}
        title={tt.sortBy(label)}
        onClick={() =>
          setSort((s) => ({ key, desc: s.key === key ? !s.desc : key !== 'client' && key !== 'brand' }))
        }
      >
        {label} {sort.key === key ? (sort.desc ? '▼' : '▲') : ''}
      </button>
    </th>
  );

  return (
    <section className="panel">
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <label>
          {t.brand}
          <select
            name="brand"
            value={draft.brand}
            onChange={(e) => setDraft({ ...draft, brand: e.target.value })}
          >
            {(lists?.brands.length ?? 0) !== 1 && <option value="">{tt.allBrands}</option>}
            {lists?.brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.sport}
          <select
            name="sport"
            value={draft.sport}
            onChange={(e) => setDraft({ ...draft, sport: e.target.value })}
          >
            <option value="">{tt.allSports}</option>
            {lists?.sports.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name[lang]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {tt.clientSearch}
          <input
            name="client"
            list="ticker-clients"
            autoComplete="off"
            placeholder={tt.anyClient}
            value={clientText}
            onChange={(e) => setClientText(e.target.value)}
          />
          <datalist id="ticker-clients">
            {clientMatches.map((c) => (
              <option key={c.id} value={c.username} />
            ))}
          </datalist>
        </label>
        <label>
          {t.minStake}
          <input
            name="minStake"
            inputMode="decimal"
            value={draft.minStake}
            onChange={(e) => setDraft({ ...draft, minStake: e.target.value })}
          />
        </label>
        <label>
          {t.liveOnly}
          <input
            type="checkbox"
            checked={draft.live === 'true'}
            onChange={(e) => setDraft({ ...draft, live: e.target.checked ? 'true' : '' })}
          />
        </label>
        {filters.event && (
          <span className="chip" data-filter="event">
            {tt.eventFilter}: {eventName}{' '}
            <button
              type="button"
              className="link"
              aria-label={tt.removeFilter}
              onClick={() => onFilters({ ...filters, event: '' })}
            >
              ✕
            </button>
          </span>
        )}
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
      <div className="filters big-bet" title={tt.bigBetHint}>
        <label>
          {tt.bigBet}
          <input
            name="bigBet"
            inputMode="decimal"
            value={bigText}
            onChange={(e) => setBigText(e.target.value)}
            onBlur={() => {
              const major = Number(bigText.replace(',', '.'));
              setBigBet({
                ...big,
                threshold: Number.isFinite(major) && major > 0 ? Math.round(major * 100) : 0,
              });
            }}
          />
        </label>
        <label>
          {tt.sound}
          <input
            name="bigBetSound"
            type="checkbox"
            checked={big.sound}
            onChange={(e) => {
              setBigBet({ ...big, sound: e.target.checked });
              if (e.target.checked) chime();
            }}
          />
        </label>
        {loaded && <span className="status">{tt.shown(bets.length)}</span>}
      </div>
      {(missingClient !== null || listsError !== null) && (
        <p className="error" role="alert" data-testid="filter-error">
          {missingClient !== null ? tt.noSuchClient(missingClient) : errorText(lang, listsError)}
        </p>
      )}
      <table data-testid="ticker">
        <thead>
          <tr>
            {header('id', '#')}
            <th>{t.time}</th>
            {header('brand', t.brand)}
            {header('client', t.client)}
            <th>{t.type}</th>
            <th>{t.selections}</th>
            {header('stake', t.stake, 'num')}
            {header('potentialPayout', t.payout, 'num')}
            {header('risk', t.risk, 'num')}
            {header('status', t.status)}
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
            sorted.map((b) => (
              <tr
                key={b.id}
                data-bet={b.id}
                className={
                  [fresh.has(b.id) ? 'fresh' : '', isBigBet(b.stake, big) ? 'big' : ''].join(' ').trim() ||
                  undefined
                }
              >
                <td>{b.id}</td>
                <td>{timeOfDay(lang, b.createdAt)}</td>
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
                    <div key={i} className="leg">
                      <button className="link" data-event={s.eventId} onClick={() => onEvent(s.eventId)}>
                        {s.event}
                      </button>{' '}
                      <span className="status">
                        {s.score ? `${s.score.home}:${s.score.away}` : ''} {dateTime(lang, s.startAt)}
                      </span>
                      <br />
                      <span data-market>{s.market[lang]}</span> · <strong>{s.selection[lang]}</strong> @{' '}
                      {formatOdds(s.odds)}
                      <BuilderLegs legs={s.builder} lang={lang} />
                    </div>
                  ))}
                </td>
                <td className="num">
                  {money(b.stake)} <span className="currency">{b.currency}</span>
                </td>
                <td className="num">
                  {money(b.potentialPayout)} <span className="currency">{b.currency}</span>
                </td>
                <td className="num neg">{money(b.risk)}</td>
                <td data-status={b.status}>{statuses[b.status] ?? b.status}</td>
              </tr>
            ))}
        </tbody>
      </table>
      {loaded && bets.length > 0 && (
        <p>
          {more ? (
            <button type="button" data-testid="older" onClick={() => void loadOlder()}>
              {tt.older}
            </button>
          ) : (
            <span className="status">{tt.noOlder}</span>
          )}
        </p>
      )}
    </section>
  );
}
