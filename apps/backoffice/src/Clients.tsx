import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { call, money, type TickerBet } from './api';
import type { Me } from './App';
import { errorText } from './Controls';
import type { Texts } from './i18n';
import {
  RISK_LABELS,
  minorOf,
  type ClientPage,
  type ClientRisk,
  type ClientRow,
  type RiskLabel,
} from './risk-api';
import type { RiskTexts } from './risk-texts';
import './risk.css';
import { formatOdds } from '@sb/betting';

/** Bets as a short table: id, time, type, selections with odds, stake, payout, status. */
function BetTable({ t, bets, testId }: { t: Texts; bets: TickerBet[]; testId: string }) {
  return (
    <div className="scroll">
      <table data-testid={testId}>
        <thead>
          <tr>
            <th>#</th>
            <th>{t.time}</th>
            <th>{t.type}</th>
            <th>{t.selections}</th>
            <th className="num">{t.stake}</th>
            <th className="num">{t.payout}</th>
            <th>{t.status}</th>
          </tr>
        </thead>
        <tbody>
          {bets.length === 0 && (
            <tr>
              <td colSpan={7}>{t.noBets}</td>
            </tr>
          )}
          {bets.map((b) => (
            <tr key={b.id} data-bet={b.id}>
              <td>{b.id}</td>
              <td>{new Date(b.createdAt).toLocaleString()}</td>
              <td>
                {b.type} {b.isLive && <span className="tag live">{t.live}</span>}
              </td>
              <td>
                {b.selections.map((s, i) => (
                  <div key={i}>
                    {s.event}: {s.name} @ {formatOdds(s.odds)}
                  </div>
                ))}
              </td>
              <td className="num">{money(b.stake)}</td>
              <td className="num">{money(b.potentialPayout)}</td>
              <td>{b.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The client page: find a client, then balance, risk settings, GGR, bets, transactions, responsible gambling. */
export function Clients({
  t,
  r,
  me,
  clientId,
  onClient,
  query,
  onQuery,
}: {
  t: Texts;
  r: RiskTexts;
  me: Me;
  clientId: number | null;
  onClient: (id: number) => void;
  /** The search the URL holds (`/backoffice/clients/12?q=dem`): its results show beside the client. */
  query: string;
  onQuery: (q: string) => void;
}) {
  const canTrade = me.role !== 'support';
  const [q, setQ] = useState(query);
  const [searches, setSearches] = useState(0);
  const [found, setFound] = useState<ClientRow[] | null>(null);
  const [page, setPage] = useState<ClientPage | null>(null);
  const [risk, setRisk] = useState({
    stakeFactor: '1',
    label: 'standard' as RiskLabel,
    noLive: false,
    noCashout: false,
    maxStake: '',
    reason: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (clientId === null) return setPage(null);
    const p = await call<ClientPage>('GET', `/ops/v1/clients/${clientId}`);
    setPage(p);
    setRisk({
      stakeFactor: String(p.risk.stakeFactor),
      label: p.risk.label,
      noLive: p.risk.noLive,
      noCashout: p.risk.noCashout,
      maxStake: p.risk.maxStake === null ? '' : (p.risk.maxStake / 100).toFixed(2),
      reason: '',
    });
  }, [clientId]);
  useEffect(() => {
    load().catch((e: unknown) => setError(errorText(t, e)));
  }, [load, t]);

  useEffect(() => setQ(query), [query]);
  useEffect(() => {
    if (!query) return setFound(null);
    setError(null);
    call<ClientRow[]>('GET', `/ops/v1/clients?q=${encodeURIComponent(query)}`)
      .then(setFound)
      .catch((err: unknown) => setError(errorText(t, err)));
  }, [query, searches, t]);
  const search = (e: FormEvent) => {
    e.preventDefault();
    if (q === query) setSearches((n) => n + 1);
    else onQuery(q);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setNotice(null);
    const body: Partial<ClientRisk> & { reason: string } = {
      stakeFactor: Number(risk.stakeFactor.replace(',', '.')),
      label: risk.label,
      noLive: risk.noLive,
      noCashout: risk.noCashout,
      maxStake: minorOf(risk.maxStake),
      reason: risk.reason,
    };
    try {
      await call('PUT', `/ops/v1/clients/${clientId}/risk`, body);
      setNotice(r.saved);
      await load();
    } catch (err) {
      setError(errorText(t, err));
    }
  };

  const cash = page?.balances.find((b) => b.kind === 'client_cash');
  const bonus = page?.balances.find((b) => b.kind === 'client_bonus');
  const rg = page?.responsibleGambling;
  return (
    <div className="client-page">
      <section className="panel">
        <form className="filters" onSubmit={search}>
          <label className="wide">
            {r.findClient}
            <input name="q" value={q} onChange={(e) => setQ(e.target.value)} />
          </label>
          <button type="submit">{r.search}</button>
          {found?.length === 0 && <span className="status">{r.noClients}</span>}
          {found?.map((c) => (
            <button
              key={c.id}
              className="link"
              data-client={c.id}
              onClick={() => onClient(c.id)}
              type="button"
            >
              {c.username} ({c.brand.name})
              {c.debt > 0 && (
                <span className="tag susp">
                  {' '}
                  {r.debt} {money(c.debt)}
                </span>
              )}
            </button>
          ))}
        </form>
      </section>
      {(error || notice) && (
        <div className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
          {error ?? notice}
        </div>
      )}
      {page && (
        <>
          <section className="panel" data-testid="client-head">
            <div className="client-head">
              <h2>{page.client.username}</h2>
              <span className="tag">{r.labels[page.risk.label]}</span>
              {page.risk.noLive && <span className="tag live">{r.noLive}</span>}
              {page.risk.noCashout && <span className="tag live">{r.noCashout}</span>}
              <span className="status">
                {[
                  `#${page.client.id}`,
                  page.client.brand.name,
                  page.client.name,
                  page.client.email,
                  `${r.joined} ${new Date(page.client.createdAt).toLocaleDateString()}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </div>
            <div className="cards">
              <div className="card">
                <div className="k">
                  {r.cash} ({page.client.currency})
                </div>
                <div className="v" data-testid="client-cash">
                  {money(cash?.balance ?? 0)}
                </div>
              </div>
              <div className="card">
                <div className="k">{r.bonus}</div>
                <div className="v">{money(bonus?.balance ?? 0)}</div>
              </div>
              {page.debt.map((d) => (
                <div className="card" key={d.currency} data-testid="client-debt">
                  <div className="k">
                    {r.debt} ({d.currency})
                  </div>
                  <div className="v neg">{money(d.owed)}</div>
                  <div className="k">{r.debtRule}</div>
                </div>
              ))}
              <div className="card">
                <div className="k">
                  {r.ggr} · {r.sports}
                </div>
                <div className={`v ${page.ggr.sports.ggr < 0 ? 'neg' : ''}`} data-testid="ggr-sports">
                  {money(page.ggr.sports.ggr)}
                </div>
                <div className="k">
                  {page.ggr.sports.bets} {r.settledBets} · {t.stakes} {money(page.ggr.sports.stakes)} ·{' '}
                  {r.paid} {money(page.ggr.sports.paid)}
                </div>
              </div>
              <div className="card">
                <div className="k">
                  {r.ggr} · {r.casino}
                </div>
                <div className={`v ${page.ggr.casino.ggr < 0 ? 'neg' : ''}`}>
                  {money(page.ggr.casino.ggr)}
                </div>
                <div className="k">
                  {t.stakes} {money(page.ggr.casino.stakes)}
                </div>
              </div>
            </div>
          </section>
          <div className="three">
            <section className="panel">
              <h3>{r.riskSettings}</h3>
              <form className="filters" onSubmit={save} data-testid="risk-form">
                <label>
                  {r.stakeFactor}
                  <input
                    name="stakeFactor"
                    inputMode="decimal"
                    value={risk.stakeFactor}
                    onChange={(e) => setRisk({ ...risk, stakeFactor: e.target.value })}
                  />
                </label>
                <label>
                  {r.label}
                  <select
                    name="label"
                    value={risk.label}
                    onChange={(e) => setRisk({ ...risk, label: e.target.value as RiskLabel })}
                  >
                    {RISK_LABELS.map((l) => (
                      <option key={l} value={l}>
                        {r.labels[l]}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  {r.ownLimit}
                  <input
                    name="maxStake"
                    inputMode="decimal"
                    placeholder={r.none}
                    value={risk.maxStake}
                    onChange={(e) => setRisk({ ...risk, maxStake: e.target.value })}
                  />
                </label>
                <label className="check">
                  <input
                    type="checkbox"
                    name="noLive"
                    checked={risk.noLive}
                    onChange={(e) => setRisk({ ...risk, noLive: e.target.checked })}
                  />
                  {r.noLive}
                </label>
                <label className="check">
                  <input
                    type="checkbox"
                    name="noCashout"
                    checked={risk.noCashout}
                    onChange={(e) => setRisk({ ...risk, noCashout: e.target.checked })}
                  />
                  {r.noCashout}
                </label>
                <label className="wide">
                  {r.why}
                  <input
                    name="reason"
                    value={risk.reason}
                    onChange={(e) => setRisk({ ...risk, reason: e.target.value })}
                  />
                </label>
                <button className="primary" type="submit" disabled={!canTrade}>
                  {r.save}
                </button>
              </form>
            </section>
            <section className="panel">
              <h3>{r.effectiveLimits}</h3>
              <table>
                <tbody>
                  {page.stakeLimits.length === 0 && (
                    <tr>
                      <td>{r.noLimits}</td>
                    </tr>
                  )}
                  {page.stakeLimits.map((l) => (
                    <tr key={`${l.level}:${l.brandId}:${l.refId}`}>
                      <td>
                        {r.levels[l.level]} {l.refId ?? ''}
                      </td>
                      <td className="num">
                        {money(l.amount)} × {page.risk.stakeFactor}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section className="panel" data-testid="client-rg">
              <h3>{r.responsibleGambling}</h3>
              <table>
                <tbody>
                  {rg?.limits.length === 0 && (
                    <tr>
                      <td>{r.noRgLimits}</td>
                    </tr>
                  )}
                  {rg?.limits.map((l) => (
                    <tr key={`${l.type}:${l.period}`}>
                      <td>
                        {l.type} · {l.period}
                      </td>
                      <td className="num">{l.amount === null ? '—' : money(l.amount)}</td>
                      <td className="num">
                        {l.pendingAmount !== null && `${r.pending}: ${money(l.pendingAmount)}`}
                      </td>
                    </tr>
                  ))}
                  <tr>
                    <td>{r.realityCheck}</td>
                    <td className="num" colSpan={2}>
                      {rg?.realityCheckMinutes ? r.minutes(rg.realityCheckMinutes) : r.none}
                    </td>
                  </tr>
                  <tr>
                    <td>{r.exclusion}</td>
                    <td className="num" colSpan={2}>
                      {rg?.exclusion
                        ? `${rg.exclusion.kind}, ${r.until} ${new Date(rg.exclusion.until).toLocaleString()}`
                        : r.none}
                    </td>
                  </tr>
                </tbody>
              </table>
            </section>
          </div>
          <div className="two">
            <section className="panel">
              <h3>{r.openBets}</h3>
              <BetTable t={t} bets={page.openBets} testId="client-open-bets" />
            </section>
            <section className="panel">
              <h3>{r.settled}</h3>
              <BetTable t={t} bets={page.settledBets} testId="client-settled-bets" />
            </section>
          </div>
          <section className="panel">
            <h3>{r.transactions}</h3>
            <div className="scroll">
              <table data-testid="client-transactions">
                <thead>
                  <tr>
                    <th>#</th>
                    <th>{t.time}</th>
                    <th>{t.type}</th>
                    <th className="num">{r.amountCol}</th>
                    <th className="num">{r.balanceAfter}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.transactions.map((x) => (
                    <tr key={`${x.id}:${x.account}`}>
                      <td>{x.id}</td>
                      <td>{new Date(x.at).toLocaleString()}</td>
                      <td>
                        {x.type}
                        {x.account === 'client_bonus' ? ` (${r.bonus})` : ''}
                      </td>
                      <td className={`num ${x.amount < 0 ? 'neg' : 'pos'}`}>{money(x.amount)}</td>
                      <td className="num">{x.balanceAfter === null ? '—' : money(x.balanceAfter)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
