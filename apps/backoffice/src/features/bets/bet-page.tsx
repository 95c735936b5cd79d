import { useEffect, useState } from 'react';
import type { OpsBetDetail } from '@sb/contract';
import { formatOdds } from '@sb/betting';
import { errorText } from '../../app/error-text';
import { ApiError, money } from '../../api';
import type { Me } from '../../app/me';
import type { Lang } from '../../i18n';
import { RESULTS_TEXTS } from '../../results-texts';
import { getBetDetail } from './api/get-bet-detail';
import { voidBet } from './api/void-bet';
import { BET_TEXTS, type BetTexts } from './bet-texts';
import { BuilderLegs } from '../../components/builder-legs';
import { may } from '../../app/may';

/** A refusal or an outage as a sentence in the desk's language. */
function sentence(e: unknown, bt: BetTexts, lang: Lang): string {
  // Unreachable or failing: the desk's general sentences (app/error-text.ts), the same on every screen.
  if (!(e instanceof ApiError) || e.status === 0 || e.status >= 500) return errorText(lang, e);
  if (e.status === 404 || e.status === 400) return bt.errors.not_found;
  if (e.status === 409) return bt.errors.final;
  if (e.status === 403) return bt.errors.forbidden;
  return errorText(lang, e);
}

/** A User-Agent as an operator reads it: the browser and the system ("Chrome on Android"), else the raw text. */
export function deviceOf(agent: string | null): string | null {
  if (!agent) return null;
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /OPR\//.test(agent)
      ? 'Opera'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Chrome\//.test(agent)
          ? 'Chrome'
          : /Safari\//.test(agent)
            ? 'Safari'
            : null;
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return browser && system ? `${browser} · ${system}` : agent.slice(0, 80);
}

/** One bet in full (issue 34 item 3): every leg by name, its money and timeline; void it with a reason. */
export function BetPage({
  lang,
  me,
  betId,
  onBet,
}: {
  lang: Lang;
  me: Me;
  /** The bet the URL names (`/backoffice/bets/{id}`), or null. */
  betId: number | null;
  onBet: (id: number) => void;
}) {
  const bt = BET_TEXTS[lang];
  const reasons = RESULTS_TEXTS[lang].voidReasons;
  const [number, setNumber] = useState('');
  const [bet, setBet] = useState<OpsBetDetail | null>(null);
  const [reason, setReason] = useState('palpable_error');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const when = (iso: string | null) =>
    iso === null
      ? '—'
      : new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
          dateStyle: 'medium',
          timeStyle: 'medium',
        }).format(new Date(iso));
  const canVoid = may(me, 'settle');

  // The URL's bet (a deep link, Back, a new number): opened, its number in the field.
  useEffect(() => {
    if (betId === null) return;
    setNumber(String(betId));
    void open(betId);
  }, [betId]);

  async function open(id: number) {
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      setBet(await getBetDetail(id));
    } catch (e) {
      setBet(null);
      setError(sentence(e, bt, lang));
    } finally {
      setBusy(false);
    }
  }
  async function doVoid() {
    if (!bet) return;
    setBusy(true);
    setError(null);
    try {
      const done = await voidBet(bet.id, reason);
      setMessage(
        done.unchanged
          ? bt.already
          : bt.voided(money(done.refunded), done.reversed ? money(done.reversed) : ''),
      );
      setBet(await getBetDetail(bet.id));
    } catch (e) {
      setError(sentence(e, bt, lang));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel">
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          if (/^\d{1,9}$/.test(number)) {
            if (Number(number) === betId) void open(betId);
            else onBet(Number(number));
          } else setError(bt.errors.not_found);
        }}
      >
        <label>
          {bt.number}
          <input
            inputMode="numeric"
            value={number}
            onChange={(e) => setNumber(e.target.value.replace(/\D/g, '').slice(0, 9))}
          />
        </label>
        <button type="submit" disabled={busy}>
          {bt.open}
        </button>
      </form>
      {!bet && !error && <p className="status">{bt.enter}</p>}
      {error && <p className="error">{error}</p>}
      {message && <p className="status">{message}</p>}
      {bet && (
        <>
          <h2 data-testid="bet-title">
            #{bet.id} · {bet.client.username} · {bet.brand.name}{' '}
            <span className={`tag ${bet.status === 'cancelled' ? 'susp' : ''}`}>
              {bt.statuses[bet.status] ?? bet.status}
            </span>
          </h2>
          <p>
            {bt.stake}: {money(bet.stake)} {bet.currency} · {bt.paid}: {money(bet.paid)} · {bt.cashedOut}:{' '}
            {money(bet.cashedOut)} · {bt.placed}: {when(bet.placedAt)}
            {bet.acceptAt ? ` · ${bt.accepted}: ${when(bet.acceptAt)}` : ''} · {bt.settled}:{' '}
            {when(bet.settledAt)}
          </p>
          <p data-testid="bet-origin">
            {bt.origin}: {bt.ip} {bet.origin.ip ?? bt.unknownOrigin} · {bt.device}{' '}
            <span title={bet.origin.userAgent ?? ''}>
              {deviceOf(bet.origin.userAgent) ?? bt.unknownOrigin}
            </span>
          </p>
          <h3>{bt.timeline}</h3>
          <ol className="timeline" data-testid="bet-timeline">
            {bet.timeline.map((s, i) => (
              <li key={i} data-step={s.step}>
                {when(s.at)} · {bt.steps[s.step] ?? s.step}
                {s.step === 'accepted' && s.delayMs !== null
                  ? ` (${s.delayMs > 0 ? bt.afterDelay((s.delayMs / 1000).toFixed(1)) : bt.atOnce})`
                  : ''}
              </li>
            ))}
          </ol>
          {canVoid && bet.status !== 'cancelled' && (
            <div className="filters">
              <label>
                {bt.reason}
                <select value={reason} onChange={(e) => setReason(e.target.value)}>
                  {Object.entries(reasons).map(([code, label]) => (
                    <option key={code} value={code}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              <button className="danger" disabled={busy} onClick={() => void doVoid()}>
                {bt.voidBet}
              </button>
            </div>
          )}
          <table>
            <thead>
              <tr>
                <th>{bt.event}</th>
                <th>{bt.market}</th>
                <th>{bt.selection}</th>
                <th className="num">{bt.oddsTaken}</th>
                <th className="num">{bt.oddsNow}</th>
                <th>{bt.result}</th>
              </tr>
            </thead>
            <tbody>
              {bet.legs.map((l) => (
                <tr key={l.idx}>
                  <td>
                    {l.event.home} – {l.event.away}
                    {l.event.score ? ` (${l.event.score.home}:${l.event.score.away})` : ''}
                  </td>
                  <td>{l.market.name[lang]}</td>
                  <td>
                    {l.selection.name[lang]}
                    <BuilderLegs legs={l.builder} lang={lang} />
                  </td>
                  <td className="num">{formatOdds(l.oddsTaken)}</td>
                  <td className="num">{l.oddsNow === null ? '—' : formatOdds(l.oddsNow)}</td>
                  <td>{l.result ? (bt.results[l.result] ?? l.result) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{bt.money}</h3>
          <table>
            <tbody>
              {bet.movements.map((m, i) => (
                <tr key={i}>
                  <td>{when(m.at)}</td>
                  <td>{bt.kinds[m.kind] ?? m.kind}</td>
                  <td className={`num ${m.amount < 0 ? 'neg' : 'pos'}`}>{money(m.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {bet.actions.length > 0 && (
            <>
              <h3>{bt.actions}</h3>
              <ul>
                {bet.actions.map((a, i) => (
                  <li key={i}>
                    {when(a.at)} · {a.actor} ·{' '}
                    {a.reason ? (reasons[a.reason as keyof typeof reasons] ?? '') : ''}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
