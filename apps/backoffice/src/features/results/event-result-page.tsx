import { useEffect, useState } from 'react';
import type { OpsEventResult, OpsResultsEvent } from '@sb/contract';
import { ApiError, money } from '../../api';
import type { Me } from '../../app/me';
import type { Lang } from '../../i18n';
import { RESULTS_TEXTS } from '../../results-texts';
import { getWaitingEvents } from './api/get-waiting-events';
import { resultEvent, type EventResultForm } from './api/result-event';
import { EVENT_RESULT_TEXTS, type EventResultTexts } from './event-result-texts';
import '../events/events.css';
import { errorText } from '../../app/error-text';
import { dateTime } from '../../app/format';
import { may } from '../../app/may';

type Scores = { home: string; away: string; htHome: string; htAway: string };
const EMPTY: Scores = { home: '', away: '', htHome: '', htAway: '' };

/** A refusal or an outage as a sentence in the desk's language, naming the form's field when the server does. */
function sentence(e: unknown, rt: EventResultTexts, lang: Lang): string {
  // Unreachable or failing: the desk's general sentences (app/error-text.ts), the same on every screen.
  if (!(e instanceof ApiError) || e.status === 0 || e.status >= 500) return errorText(lang, e);
  if (e.status === 403) return rt.errors.forbidden;
  if (e.status === 409 && e.code === 'event_live') return rt.errors.live;
  if (e.status === 409 && e.code === 'event_not_started') return rt.errors.notStarted;
  if (e.status === 409) return rt.errors.conflict;
  if (e.status === 400) {
    const field = (e.field ?? '').replace(/^facts\./, '');
    return rt.errors.field(rt.fields[field] ?? field);
  }
  return errorText(lang, e);
}

/**
 * One-form resulting (issue 34 item 4): the events waiting for results; the final and half-time scores result
 * every market of the chosen event at once; a preview shows each market's outcome and the money per brand, and
 * only a previewed form can be confirmed.
 */
export function EventResultPage({ lang, me }: { lang: Lang; me: Me }) {
  const rt = EVENT_RESULT_TEXTS[lang];
  const reasons = RESULTS_TEXTS[lang].voidReasons;
  const canAct = may(me, 'settle') && me.brandId === null;
  const [events, setEvents] = useState<OpsResultsEvent[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [event, setEvent] = useState<OpsResultsEvent | null>(null);
  const [scores, setScores] = useState<Scores>(EMPTY);
  const [undecided, setUndecided] = useState<'open' | 'void'>('open');
  const [reason, setReason] = useState<string>('feed_error');
  const [report, setReport] = useState<OpsEventResult | null>(null);
  const [previewed, setPreviewed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let live = true;
    getWaitingEvents()
      .then((list) => live && (setEvents(list), setListError(null)))
      .catch((e: unknown) => live && setListError(sentence(e, rt, lang)));
    return () => {
      live = false;
    };
  }, [reloads, rt]);

  const form = (): EventResultForm => {
    const n = (v: string) => (v.trim() === '' ? undefined : Number(v));
    return {
      facts: {
        home: n(scores.home),
        away: n(scores.away),
        htHome: n(scores.htHome),
        htAway: n(scores.htAway),
      },
      undecided,
      reason,
    };
  };
  const key = JSON.stringify([event?.eventId, form()]);

  async function run(step: 'preview' | 'confirm') {
    if (!event) return;
    setBusy(true);
    setError(null);
    try {
      const done = await resultEvent(event.eventId, step, form());
      setReport(done);
      setPreviewed(step === 'preview' ? key : null);
      if (step === 'confirm') setReloads((n) => n + 1);
    } catch (e) {
      setError(sentence(e, rt, lang));
    } finally {
      setBusy(false);
    }
  }

  const score = (field: keyof Scores, label: string) => (
    <label>
      {label}
      <input
        inputMode="numeric"
        value={scores[field]}
        onChange={(e) => setScores({ ...scores, [field]: e.target.value.replace(/\D/g, '').slice(0, 3) })}
      />
    </label>
  );
  const words = (after: string | null) => (after === null ? '—' : (rt.words[after] ?? after));

  return (
    <div className="split">
      <section className="panel">
        <h2>{rt.waiting}</h2>
        {listError && <p className="error">{listError}</p>}
        {events === null && !listError && <p className="status">{rt.loading}</p>}
        {events?.length === 0 && <p>{rt.none}</p>}
        <ul className="events-list">
          {events?.map((e) => (
            <li key={e.eventId}>
              <button
                className="market-pick"
                aria-pressed={event?.eventId === e.eventId}
                onClick={() => {
                  setEvent(e);
                  setScores(EMPTY);
                  setReport(null);
                  setPreviewed(null);
                  setError(null);
                }}
              >
                <strong>
                  {e.home} – {e.away}
                </strong>
                <br />
                <span className="status">
                  {dateTime(lang, e.startAt)} · {rt.markets(e.unresolved)} · {money(e.stakes)}
                </span>
                {e.status === 'live' && (
                  <>
                    {' '}
                    <span className="tag susp">{rt.inPlaySuspended}</span>
                  </>
                )}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="panel" aria-live="polite">
        {!event && <p className="status">{rt.pick}</p>}
        {event && (
          <>
            <h2 data-testid="result-event-title">
              {event.home} – {event.away}
            </h2>
            <div className="result-form">
              <fieldset>
                <legend>{rt.fullTime}</legend>
                {score('home', `${rt.home} (${event.home})`)}
                {score('away', `${rt.away} (${event.away})`)}
              </fieldset>
              <fieldset>
                <legend>{rt.halfTime}</legend>
                {score('htHome', rt.home)}
                {score('htAway', rt.away)}
              </fieldset>
              <fieldset>
                <legend>{rt.undecided}</legend>
                <label>
                  <input type="radio" checked={undecided === 'open'} onChange={() => setUndecided('open')} />
                  {rt.leaveOpen}
                </label>
                <label>
                  <input type="radio" checked={undecided === 'void'} onChange={() => setUndecided('void')} />
                  {rt.voidThem}
                </label>
                <label>
                  {rt.reason}
                  <select value={reason} onChange={(e) => setReason(e.target.value)}>
                    {Object.entries(reasons).map(([code, label]) => (
                      <option key={code} value={code}>
                        {label}
                      </option>
                    ))}
                  </select>
                </label>
              </fieldset>
              {canAct && (
                <div className="actions">
                  <button disabled={busy} onClick={() => void run('preview')}>
                    {rt.preview}
                  </button>
                  <button
                    className="primary"
                    disabled={busy || previewed !== key}
                    onClick={() => void run('confirm')}
                  >
                    {rt.confirm}
                  </button>
                </div>
              )}
            </div>
            {error && <p className="error">{error}</p>}
            {report && (
              <div className="report">
                <p className="status">{report.preview ? rt.previewNote : rt.confirmed}</p>
                {report.money.length === 0 ? (
                  <p>{rt.noMoney}</p>
                ) : (
                  <table>
                    <thead>
                      <tr>
                        <th>{rt.brand}</th>
                        <th>{rt.currency}</th>
                        <th className="num">{rt.bets}</th>
                        <th className="num">{rt.stakes}</th>
                        <th className="num">{rt.change}</th>
                        <th className="num">{rt.reversed}</th>
                        <th className="num">{rt.debt}</th>
                        <th className="num" title={rt.netHint}>
                          {rt.net}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {report.money.map((m) => (
                        <tr key={`${m.brand.id}:${m.currency}`}>
                          <td>{m.brand.name}</td>
                          <td>{m.currency}</td>
                          <td className="num">{m.bets}</td>
                          <td className="num">{money(m.stakes)}</td>
                          <td className="num">{money(m.change)}</td>
                          <td className="num">{money(m.reversed)}</td>
                          <td className="num">{money(m.debt)}</td>
                          <td className={`num ${m.net < 0 ? 'neg' : 'pos'}`} data-testid="result-net">
                            {money(m.net)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                <table>
                  <thead>
                    <tr>
                      <th>{rt.market}</th>
                      <th>{rt.outcome}</th>
                      <th>{rt.results}</th>
                      <th className="num">{rt.bets}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.markets.map((m) => (
                      <tr key={m.marketId}>
                        <td>{m.name[lang]}</td>
                        <td>
                          <span className={`tag ${m.outcome === 'voided' ? 'susp' : ''}`}>
                            {rt.outcomes[m.outcome]}
                          </span>
                        </td>
                        <td>
                          {m.selections
                            .filter(
                              (s) => s.after === 'win' || s.after === 'half_win' || m.outcome === 'voided',
                            )
                            .map((s) => `${s.name[lang]}: ${words(s.after)}`)
                            .slice(0, 4)
                            .join(' · ') || '—'}
                        </td>
                        <td className="num">{m.bets}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
