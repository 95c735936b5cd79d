import { useCallback, useEffect, useRef, useState } from 'react';
import type { OpsReferral } from '@sb/contract';
import { formatOdds } from '@sb/betting';
import { ApiError, money } from '../../api';
import type { Me } from '../../app/me';
import type { Lang } from '../../i18n';
import { errorText } from '../../app/error-text';
import { minorOf } from '../../risk-api';
import { connectTicker } from '../../ticker-socket';
import { acceptReferral } from './api/accept-referral';
import { getReferrals } from './api/get-referrals';
import { offerReferral } from './api/offer-referral';
import { rejectReferral } from './api/reject-referral';
import { REFERRAL_TEXTS, type ReferralTexts } from './referrals-texts';
import './referrals.css';
import { may } from '../../app/may';

/** A refusal as a sentence in the desk's language; a referral decided meanwhile says so. */
const sentence = (lang: Lang, rt: ReferralTexts, e: unknown) =>
  e instanceof ApiError && e.code === 'referral_closed' ? rt.closed : errorText(lang, e);

/** How often the queue is read again besides the live topic (a missed push, the seconds left of every row). */
const REFRESH_MS = 10_000;

/**
 * The referral queue (issue 34 item 3): bets over a threshold waiting for the desk, by name, soonest due first;
 * accept, reject with a reason or counter-offer a lower stake, by button or key (A, J, O; ↑ ↓ choose). New
 * referrals and every decision (another operator's, the client's, the timeout) arrive on the operators' live topic.
 */
export function ReferralsPage({ lang, me }: { lang: Lang; me: Me }) {
  const rt = REFERRAL_TEXTS[lang];
  const [rows, setRows] = useState<OpsReferral[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [form, setForm] = useState<'reject' | 'offer' | null>(null);
  const [input, setInput] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [connected, setConnected] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const inputRef = useRef<HTMLInputElement>(null);
  const canDecide = may(me, 'trade');

  const load = useCallback(async () => {
    try {
      const list = await getReferrals();
      setRows(list);
      setSelected((id) => (id !== null && list.some((r) => r.betId === id) ? id : (list[0]?.betId ?? null)));
    } catch (e) {
      setError(errorText(lang, e));
    }
  }, [lang]);

  useEffect(() => {
    void load();
    const refresh = window.setInterval(() => void load(), REFRESH_MS);
    const tick = window.setInterval(() => setNow(Date.now()), 1_000);
    // The live topic: a new referred bet (pending) or a change of one (a decision, an offer answered, a timeout).
    const stop = connectTicker({
      onBets: (bets) => {
        if (bets.some((b) => b.status === 'pending' || b.status === 'rejected' || b.status === 'waiting'))
          void load();
      },
      onConnected: setConnected,
    });
    return () => {
      window.clearInterval(refresh);
      window.clearInterval(tick);
      stop();
    };
  }, [load]);

  const current = rows?.find((r) => r.betId === selected) ?? null;

  const decide = useCallback(
    async (kind: 'accept' | 'reject' | 'offer', value = '') => {
      if (!current || busy) return;
      setError(null);
      setMessage(null);
      if (kind === 'reject' && value.trim().length < 3) return setError(rt.needReason);
      const stake = kind === 'offer' ? minorOf(value) : null;
      if (kind === 'offer' && (stake === null || stake <= 0 || stake >= current.stake))
        return setError(rt.badStake);
      setBusy(true);
      try {
        const id = current.betId;
        const done =
          kind === 'accept'
            ? await acceptReferral(id)
            : kind === 'reject'
              ? await rejectReferral(id, value.trim())
              : await offerReferral(id, stake!);
        setMessage(
          kind === 'offer'
            ? rt.offered(id, `${money(done.offerStake ?? 0)} ${current.currency}`)
            : kind === 'reject'
              ? rt.rejected(id)
              : done.status === 'waiting'
                ? rt.accepted(id)
                : rt.acceptedRejected(id, rt.why_codes[done.rejectReason ?? ''] ?? done.rejectReason ?? ''),
        );
        setForm(null);
        setInput('');
      } catch (e) {
        setError(sentence(lang, rt, e));
      } finally {
        setBusy(false);
        void load();
      }
    },
    [current, busy, rt, lang, load],
  );

  const openForm = (kind: 'reject' | 'offer') => {
    setForm(kind);
    setInput('');
    setError(null);
    window.setTimeout(() => inputRef.current?.focus(), 0);
  };

  // Keys: ↑ ↓ choose, A accept, J reject, O counter-offer, Esc closes the form; not while typing in a field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') return setForm(null);
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (e.ctrlKey || e.metaKey || e.altKey || !rows?.length) return;
      const at = rows.findIndex((r) => r.betId === selected);
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const next = Math.min(rows.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)));
        setSelected(rows[next]!.betId);
        setForm(null);
        return;
      }
      if (!canDecide) return;
      const key = e.key.toLowerCase();
      if (key === 'a') void decide('accept');
      else if (key === 'j') openForm('reject');
      else if (key === 'o' && current?.state === 'open') openForm('offer');
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rows, selected, canDecide, current, decide]);

  const left = (r: OpsReferral) => Math.max(0, Math.ceil((Date.parse(r.dueAt) - now) / 1000));

  return (
    <section className="panel referrals" data-testid="referrals">
      <h2>
        {rt.title}{' '}
        <span className={`tag ${connected ? 'live' : ''}`} title={connected ? rt.live : rt.offline}>
          {rows?.length ?? 0}
        </span>
      </h2>
      <p className="status">
        {connected ? rt.live : rt.offline} {canDecide ? `· ${rt.keys}` : ''}
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {message && (
        <p className="status" role="status" data-testid="referral-message">
          {message}
        </p>
      )}
      {rows === null && !error && <p className="status">{rt.loading}</p>}
      {rows?.length === 0 && <p className="status">{rt.empty}</p>}
      {rows && rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>{rt.bet}</th>
              <th>{rt.client}</th>
              <th>{rt.selections}</th>
              <th className="num">{rt.stake}</th>
              <th className="num">{rt.payout}</th>
              <th>{rt.why}</th>
              <th>{rt.state}</th>
              <th className="num">{rt.timeLeft}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={r.betId}
                className={r.betId === selected ? 'selected' : ''}
                aria-selected={r.betId === selected}
                onClick={() => {
                  setSelected(r.betId);
                  setForm(null);
                }}
                data-testid={`referral-${r.betId}`}
              >
                <td>
                  <a href={`/backoffice/bets/${r.betId}`}>#{r.betId}</a> · {r.type}
                </td>
                <td>
                  {r.client.username}
                  <br />
                  <small>{r.brand.name}</small>
                </td>
                <td>
                  {r.legs.map((l, i) => (
                    <div key={i}>
                      {l.event.isLive && <span className="tag live">LIVE</span>} {l.event.home} –{' '}
                      {l.event.away}
                      <br />
                      <small>
                        {l.market.name[lang]} · <strong>{l.selection.name[lang]}</strong> @{' '}
                        {formatOdds(l.odds)}
                      </small>
                    </div>
                  ))}
                </td>
                <td className="num">
                  {money(r.stake)} {r.currency}
                </td>
                <td className="num">
                  {money(r.potentialPayout)} {r.currency}
                </td>
                <td>{rt.reasons[r.reason]}</td>
                <td>
                  {rt.states[r.state]}
                  {r.offerStake !== null && (
                    <>
                      <br />
                      <small>{rt.offerOf(`${money(r.offerStake)} ${r.currency}`)}</small>
                    </>
                  )}
                </td>
                <td className={`num ${left(r) <= 10 ? 'neg' : ''}`}>{rt.seconds(left(r))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {current && canDecide && (
        <div className="referral-actions" data-testid="referral-actions">
          <strong>
            #{current.betId} · {current.client.username} · {money(current.stake)} {current.currency}
          </strong>
          <button disabled={busy} onClick={() => void decide('accept')}>
            {rt.accept}
          </button>
          <button className="danger" disabled={busy} onClick={() => openForm('reject')}>
            {rt.reject}
          </button>
          <button disabled={busy || current.state !== 'open'} onClick={() => openForm('offer')}>
            {rt.offer}
          </button>
          {form && (
            <form
              className="filters"
              onSubmit={(e) => {
                e.preventDefault();
                void decide(form, input);
              }}
            >
              <label>
                {form === 'reject' ? rt.rejectReason : `${rt.offerStake} (${current.currency})`}
                <input
                  ref={inputRef}
                  value={input}
                  inputMode={form === 'offer' ? 'decimal' : 'text'}
                  maxLength={form === 'offer' ? 13 : 200}
                  onChange={(e) => setInput(e.target.value)}
                  data-testid="referral-input"
                />
              </label>
              <button type="submit" disabled={busy}>
                {rt.send}
              </button>
              <button type="button" onClick={() => setForm(null)}>
                {rt.cancel}
              </button>
            </form>
          )}
        </div>
      )}
    </section>
  );
}
