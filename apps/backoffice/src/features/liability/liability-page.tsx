import { Fragment, useCallback, useEffect, useState } from 'react';
import type { OpsBookSort, OpsEventLiability, OpsLiabilityBook, OpsPickLists } from '@sb/contract';
import { OPS_BOOK_SORTS } from '@sb/contract';
import { formatOdds } from '@sb/betting';
import { money } from '../../api';
import { errorText } from '../../app/error-text';
import { dateTime } from '../../app/format';
import { BuilderLegs } from '../../components/builder-legs';
import { Loading, TableState, viewStateOf } from '../../components/view-state';
import { REASONS, type Lang, type Texts } from '../../i18n';
import type { Me } from '../../app/me';
import { getPickLists } from '../ticker/api/get-pick-lists';
import { setMarketSuspension } from '../events/api/set-market-suspension';
import { getEventLiability } from './api/get-event-liability';
import { getLiabilityBook } from './api/get-liability-book';
import { LIABILITY_TEXTS } from './liability-texts';
import { may } from '../../app/may';

const REFRESH_MS = 2_000;
const VIEWS = ['events', 'sports', 'competitions', 'clients'] as const;
type BookView = (typeof VIEWS)[number];

/** The view's filters in the query string: start times as the operator typed them (local, `YYYY-MM-DDTHH:mm`). */
export const LIABILITY_FILTERS = {
  sport: '',
  competition: '',
  from: '',
  to: '',
  sort: 'worst',
  view: 'events',
};
export type LiabilityFilters = typeof LIABILITY_FILTERS;

/** A local date-time field's value as an instant (ISO), or undefined when empty or not a date. */
const instant = (local: string) => {
  const t = local ? new Date(local).getTime() : NaN;
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
};

/**
 * The liability view (issue 34 item 2): the open book filtered by sport, competition and start time, its events by
 * worst case (or payout, stakes, bets, start), rolled up by sport, competition and client, with the book's bets,
 * stakes and max payout; one event's named markets and selections beside it, suspend and resume there. Refreshed
 * every 2 s.
 */
export function LiabilityPage({
  t,
  lang,
  me,
  eventId,
  filters,
  onFilters,
  onEvent,
  onClient,
}: {
  t: Texts;
  lang: Lang;
  me: Me;
  eventId: number | null;
  filters: LiabilityFilters;
  onFilters: (next: Partial<LiabilityFilters>) => void;
  onEvent: (id: number) => void;
  onClient: (id: number) => void;
}) {
  const lt = LIABILITY_TEXTS[lang];
  const [book, setBook] = useState<OpsLiabilityBook | null>(null);
  const [bookError, setBookError] = useState<string | null>(null);
  const [picks, setPicks] = useState<OpsPickLists | null>(null);
  const [detail, setDetail] = useState<OpsEventLiability | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState<string>('liability');
  const [tick, setTick] = useState(0);
  const [draft, setDraft] = useState({ from: filters.from, to: filters.to });
  const canTrade = may(me, 'trade') && me.brandId === null;
  const view: BookView = (VIEWS as readonly string[]).includes(filters.view)
    ? (filters.view as BookView)
    : 'events';
  const sort: OpsBookSort = (OPS_BOOK_SORTS as readonly string[]).includes(filters.sort)
    ? (filters.sort as OpsBookSort)
    : 'worst';

  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => setDraft({ from: filters.from, to: filters.to }), [filters.from, filters.to]);
  useEffect(() => {
    getPickLists()
      .then(setPicks)
      .catch(() => setPicks(null));
  }, []);

  const from = instant(filters.from);
  const to = instant(filters.to);
  const badWindow = from !== undefined && to !== undefined && to <= from;
  useEffect(() => {
    if (badWindow) return setBookError(lt.badWindow);
    let current = true;
    getLiabilityBook({ sport: filters.sport, competition: filters.competition, from, to, sort })
      .then((b) => {
        if (!current) return;
        setBook(b);
        setBookError(null);
      })
      .catch((e: unknown) => current && setBookError(errorText(lang, e)));
    return () => {
      current = false;
    };
  }, [tick, lang, filters.sport, filters.competition, from, to, sort, badWindow]);

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

  const sortHeader = (key: OpsBookSort, label: string, className = 'num') => (
    <th
      className={className}
      aria-sort={sort === key ? (key === 'start' ? 'ascending' : 'descending') : 'none'}
    >
      <button className="link" data-sort={key} onClick={() => onFilters({ sort: key })}>
        {label}
        {sort === key ? (key === 'start' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
  const figures = (r: { bets: number; stakes: number; maxPayout: number; worstCase: number }) => (
    <>
      <td className="num">{r.bets}</td>
      <td className="num">{money(r.stakes)}</td>
      <td className="num">{money(r.maxPayout)}</td>
      <td className={`num ${r.worstCase < 0 ? 'neg' : ''}`}>{money(r.worstCase)}</td>
    </>
  );
  const figureHeads = (
    <>
      <th className="num">{lt.bets}</th>
      <th className="num">{lt.stakes}</th>
      <th className="num">{lt.maxPayout}</th>
      <th className="num">{lt.worstCase}</th>
    </>
  );
  const state = (count: number | undefined, cols: number) => (
    <TableState
      colSpan={cols}
      state={viewStateOf(book !== null, count ?? 0, bookError)}
      loading={t.loading}
      empty={lt.noRows}
      outage={bookError}
    />
  );
  const competitions = book?.competitions ?? [];

  return (
    <div className="split book-split">
      <section className="panel" data-testid="book">
        <h2>{lt.book}</h2>
        <form
          className="filters"
          onSubmit={(e) => {
            e.preventDefault();
            onFilters(draft);
          }}
        >
          <label>
            {lt.sport}
            <select
              name="sport"
              value={filters.sport}
              onChange={(e) => onFilters({ sport: e.target.value, competition: '' })}
            >
              <option value="">{lt.every}</option>
              {picks?.sports.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.name[lang]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {lt.competition}
            <select
              name="competition"
              value={filters.competition}
              onChange={(e) => onFilters({ competition: e.target.value })}
            >
              <option value="">{lt.every}</option>
              {competitions.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name[lang]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {lt.from}
            <input
              type="datetime-local"
              name="from"
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </label>
          <label>
            {lt.to}
            <input
              type="datetime-local"
              name="to"
              value={draft.to}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </label>
          <label>
            {lt.sortBy}
            <select name="sort" value={sort} onChange={(e) => onFilters({ sort: e.target.value })}>
              {OPS_BOOK_SORTS.map((s) => (
                <option key={s} value={s}>
                  {lt.sorts[s]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">{lt.apply}</button>
          <button
            type="button"
            onClick={() => onFilters({ sport: '', competition: '', from: '', to: '', sort: 'worst' })}
          >
            {lt.clear}
          </button>
        </form>
        {book && (
          <p className="totals" data-testid="book-totals">
            {lt.totals}: {lt.bets} <strong data-figure="bets">{book.book.bets}</strong> · {lt.stakes}{' '}
            <strong data-figure="stakes">{money(book.book.stakes)}</strong> · {lt.maxPayout}{' '}
            <strong data-figure="maxPayout">{money(book.book.maxPayout)}</strong> · {lt.worstCase}{' '}
            <strong data-figure="worstCase" className={book.book.worstCase < 0 ? 'neg' : ''}>
              {money(book.book.worstCase)}
            </strong>
          </p>
        )}
        <div className="tabs" role="tablist">
          {VIEWS.map((v) => (
            <button
              key={v}
              role="tab"
              aria-selected={view === v}
              data-view={v}
              onClick={() => onFilters({ view: v })}
            >
              {lt.views[v]}
            </button>
          ))}
        </div>
        {view === 'events' && (
          <table data-testid="matches">
            <thead>
              <tr>
                <th>{t.event}</th>
                {sortHeader('start', lt.start, '')}
                {sortHeader('bets', lt.bets)}
                {sortHeader('stakes', lt.stakes)}
                {sortHeader('payout', lt.maxPayout)}
                {sortHeader('worst', lt.worstCase)}
              </tr>
            </thead>
            <tbody>
              {state(book?.events.length, 6)}
              {book?.events.map((e) => (
                <tr key={e.eventId} aria-selected={e.eventId === eventId} data-row={e.eventId}>
                  <td>
                    <button className="link" data-event={e.eventId} onClick={() => onEvent(e.eventId)}>
                      {e.event}
                    </button>{' '}
                    {e.isLive && <span className="tag live">{t.live}</span>}
                    <div className="muted">
                      {e.sport.name[lang]} · {e.competition.name[lang]}
                    </div>
                  </td>
                  <td>{dateTime(lang, e.startAt)}</td>
                  {figures(e)}
                </tr>
              ))}
            </tbody>
            {book && book.eventCount > book.events.length && (
              <caption>{lt.shown(book.events.length, book.eventCount)}</caption>
            )}
          </table>
        )}
        {view === 'sports' && (
          <table data-testid="by-sport">
            <thead>
              <tr>
                <th>{lt.sport}</th>
                <th className="num">{lt.events}</th>
                {figureHeads}
              </tr>
            </thead>
            <tbody>
              {state(book?.sports.length, 6)}
              {book?.sports.map((s) => (
                <tr key={s.id}>
                  <td>
                    <button
                      className="link"
                      data-sport={s.id}
                      onClick={() => onFilters({ sport: String(s.id), competition: '', view: 'events' })}
                    >
                      {s.name[lang]}
                    </button>
                  </td>
                  <td className="num">{s.events}</td>
                  {figures(s)}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {view === 'competitions' && (
          <table data-testid="by-competition">
            <thead>
              <tr>
                <th>{lt.competition}</th>
                <th className="num">{lt.events}</th>
                {figureHeads}
              </tr>
            </thead>
            <tbody>
              {state(competitions.length, 6)}
              {competitions.map((c) => (
                <tr key={c.id}>
                  <td>
                    <button
                      className="link"
                      data-competition={c.id}
                      onClick={() => onFilters({ competition: String(c.id), view: 'events' })}
                    >
                      {c.name[lang]}
                    </button>
                    <div className="muted">{c.sport.name[lang]}</div>
                  </td>
                  <td className="num">{c.events}</td>
                  {figures(c)}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {view === 'clients' && (
          <table data-testid="by-client">
            <thead>
              <tr>
                <th>{lt.client}</th>
                <th>{lt.brand}</th>
                {figureHeads}
              </tr>
            </thead>
            <tbody>
              {state(book?.clients.length, 6)}
              {book?.clients.map((c) => (
                <tr key={c.id}>
                  <td>
                    <button className="link" data-client={c.id} onClick={() => onClient(c.id)}>
                      {c.username}
                    </button>
                  </td>
                  <td>{c.brand.name}</td>
                  {figures(c)}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="panel" data-testid="event-liability">
        {error && (
          <div className="error" role="alert">
            {error}
          </div>
        )}
        {eventId === null ? (
          <p>{t.pickEvent}</p>
        ) : !detail ? (
          !error && <Loading label={t.loading} />
        ) : (
          <>
            <h2>
              {detail.event ?? '—'} — {t.netRisk}:{' '}
              <span className={detail.netRisk < 0 ? 'neg' : ''} data-testid="net-risk">
                {money(detail.netRisk)}
              </span>{' '}
              · {t.stakes}: <span data-testid="event-stakes">{money(detail.stakes)}</span> · {t.bets}:{' '}
              {detail.bets}
            </h2>
            <label className="filters">
              {t.reason}
              <select value={reason} onChange={(e) => setReason(e.target.value)} name="reason">
                {REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t.reasons[r]}
                  </option>
                ))}
              </select>
            </label>
            {detail.markets.length === 0 && <p>{t.noOpenBets}</p>}
            {detail.markets.map((m) => (
              <div
                className="market"
                key={m.marketId ?? `${m.marketType}:${m.special}`}
                data-market={m.marketId}
              >
                <h3>
                  {m.name[lang]}
                  {m.suspended && (
                    <span className="tag susp">
                      {t.suspended}: {t.reasons[m.suspended as keyof Texts['reasons']] ?? m.suspended}
                    </span>
                  )}
                  <span className="actions">
                    {m.marketId !== null &&
                      (m.suspended ? (
                        <button disabled={!canTrade} onClick={() => act(m.marketId!, 'resume')}>
                          {t.resume}
                        </button>
                      ) : (
                        <button
                          className="danger"
                          disabled={!canTrade}
                          onClick={() => act(m.marketId!, 'suspend')}
                        >
                          {t.suspend}
                        </button>
                      ))}
                  </span>
                </h3>
                <table>
                  <thead>
                    <tr>
                      <th>{t.selection}</th>
                      <th className="num">{t.odd}</th>
                      <th className="num">{t.bets}</th>
                      <th className="num">{t.stakes}</th>
                      <th className="num">{t.payoutIfWins}</th>
                      <th className="num">{t.net}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {m.selections.map((s) => (
                      <Fragment key={s.selectionId}>
                        <tr>
                          <td>
                            {s.label[lang]}
                            <BuilderLegs legs={s.builder} lang={lang} />
                          </td>
                          <td className="num">{s.odd === null ? '—' : formatOdds(s.odd)}</td>
                          <td className="num">{s.bets}</td>
                          <td className="num">{money(s.stakes)}</td>
                          <td className="num">{money(s.payoutIfWins)}</td>
                          <td className={`num ${s.net < 0 ? 'neg' : 'pos'}`}>{money(s.net)}</td>
                        </tr>
                        {s.boosted && (
                          <tr data-testid="boosted-line">
                            <td>↳ {t.boostedLine}</td>
                            <td className="num">{formatOdds(s.boosted.odd)}</td>
                            <td className="num">{s.boosted.bets}</td>
                            <td className="num">{money(s.boosted.stakes)}</td>
                            <td className="num">{money(s.boosted.payoutIfWins)}</td>
                            <td />
                          </tr>
                        )}
                        {s.insured && (
                          <tr data-testid="insured-line">
                            <td>↳ {t.insuredLine}</td>
                            <td />
                            <td className="num">{s.insured.bets}</td>
                            <td />
                            <td className="num">{money(s.insured.refundIfLoses)}</td>
                            <td />
                          </tr>
                        )}
                      </Fragment>
                    ))}
                  </tbody>
                </table>
              </div>
            ))}
          </>
        )}
      </section>
    </div>
  );
}
