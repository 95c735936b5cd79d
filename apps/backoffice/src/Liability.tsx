import { useCallback, useEffect, useState } from 'react';
import { call, money, type EventLiability, type MatchRisk } from './api';
import { errorText } from './app/error-text';
import { Loading, TableState, viewStateOf } from './components/view-state';
import { REASONS, type Texts } from './i18n';
import type { Me } from './App';
import { formatOdds } from '@sb/betting';

const REFRESH_MS = 2_000;

/** The matches list by net risk and one event's liability per market, refreshed every 2 s; suspend / resume. */
export function Liability({
  t,
  me,
  eventId,
  onEvent,
}: {
  t: Texts;
  me: Me;
  eventId: number | null;
  onEvent: (id: number) => void;
}) {
  const [matches, setMatches] = useState<MatchRisk[] | null>(null);
  const [matchesError, setMatchesError] = useState<string | null>(null);
  const [detail, setDetail] = useState<EventLiability | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState<string>('liability');
  const [tick, setTick] = useState(0);
  const canTrade = me.role !== 'support' && me.brandId === null;

  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    call<MatchRisk[]>('GET', '/ops/v1/liability')
      .then((list) => {
        setMatches(list);
        setMatchesError(null);
      })
      .catch((e: unknown) => setMatchesError(errorText(t.lang, e)));
  }, [tick, t.lang]);

  // Another event (a link, Back): its own figures, never the previous event's while they load.
  useEffect(() => {
    setDetail(null);
    setError(null);
  }, [eventId]);
  const loadDetail = useCallback(() => {
    if (eventId === null) return setDetail(null);
    call<EventLiability>('GET', `/ops/v1/liability?eventId=${eventId}`)
      .then((d) => {
        setDetail(d);
        setError(null);
      })
      .catch((e: unknown) => setError(errorText(t.lang, e)));
  }, [eventId, t.lang]);
  useEffect(loadDetail, [loadDetail, tick]);

  async function act(marketId: number, action: 'suspend' | 'resume') {
    setError(null);
    try {
      await call('POST', `/ops/v1/markets/${marketId}/${action}`, action === 'suspend' ? { reason } : {});
      loadDetail();
    } catch (e) {
      setError(errorText(t.lang, e));
    }
  }

  return (
    <div className="split">
      <section className="panel">
        <h2>{t.matches}</h2>
        <table data-testid="matches">
          <thead>
            <tr>
              <th>{t.event}</th>
              <th className="num">{t.bets}</th>
              <th className="num">{t.stakes}</th>
              <th className="num">{t.netRisk}</th>
            </tr>
          </thead>
          <tbody>
            <TableState
              colSpan={4}
              state={viewStateOf(matches !== null, matches?.length ?? 0, matchesError)}
              loading={t.loading}
              empty={t.noMatches}
              outage={matchesError}
            />
            {matches?.map((m) => (
              <tr key={m.eventId} aria-selected={m.eventId === eventId}>
                <td>
                  <button className="link" data-event={m.eventId} onClick={() => onEvent(m.eventId)}>
                    {m.event}
                  </button>{' '}
                  {m.isLive && <span className="tag live">{t.live}</span>}
                </td>
                <td className="num">{m.bets}</td>
                <td className="num">{money(m.stakes)}</td>
                <td className={`num ${m.netRisk < 0 ? 'neg' : ''}`}>{money(m.netRisk)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
              {detail.event ?? `#${detail.eventId}`} — {t.netRisk}:{' '}
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
                  {t.market} {m.marketType}
                  {m.special ? ` (${m.special})` : ''}
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
                      <tr key={s.selectionId}>
                        <td>{s.name}</td>
                        <td className="num">
                          {s.odd === null || s.odd === undefined ? '—' : formatOdds(s.odd)}
                        </td>
                        <td className="num">{s.bets}</td>
                        <td className="num">{money(s.stakes)}</td>
                        <td className="num">{money(s.payoutIfWins)}</td>
                        <td className={`num ${s.net < 0 ? 'neg' : 'pos'}`}>{money(s.net)}</td>
                      </tr>
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
