import { ClientRewards } from './features/clients/client-rewards';
import { useCallback, useEffect, useState } from 'react';
import type { OpsClient360 } from '@sb/contract';
import { money } from './api';
import type { Me } from './app/me';
import { errorText } from './Controls';
import type { Lang, Texts } from './i18n';
import { RISK_TEXTS, type RiskTexts } from './risk-texts';
import { dateTime } from './app/format';
import './risk.css';
import { getClient360 } from './features/clients/api/clients-api';
import { ClientActions } from './features/clients/client-actions';
import { ResetPasswordPanel, mayManageAccounts } from './features/clients/client-accounts';
import { NewClientForm } from './features/clients/new-client-form';
import { BetTable, LoginTable, TransactionTable } from './features/clients/client-history';
import { ClientSearch } from './features/clients/client-search';
import { RiskForm } from './features/clients/client-risk-form';
import { CLIENT_TEXTS, type ClientNotice } from './features/clients/clients-texts';

/**
 * The client page (the client 360 of issue 35 §2): find a client, then balances, stakes, GGR, risk settings,
 * responsible gambling, block, adjustments, notes, bets (each a link to its page), logins and transactions.
 */
export function Clients({
  t,
  r,
  lang,
  me,
  clientId,
  onClient,
  query,
  onQuery,
}: {
  t: Texts;
  r: RiskTexts;
  lang: Lang;
  me: Me;
  clientId: number | null;
  onClient: (id: number) => void;
  /** The search the URL holds (`/backoffice/clients/12?q=dem`): its results show beside the client. */
  query: string;
  onQuery: (q: string) => void;
}) {
  const ct = CLIENT_TEXTS[lang];
  const [page, setPage] = useState<OpsClient360 | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A notice by its key (the risk form's, or an action's): it follows the desk's language.
  const [notice, setNotice] = useState<ClientNotice | 'saved' | null>(null);

  const load = useCallback(async () => {
    if (clientId === null) return setPage(null);
    const p = await getClient360(clientId);
    setPage(p);
  }, [clientId]);
  useEffect(() => {
    load().catch((e: unknown) => setError(errorText(t, e)));
  }, [load, t]);

  const onRiskSaved = () => {
    setError(null);
    setNotice('saved');
    load().catch((e: unknown) => setError(errorText(t, e)));
  };

  const cash = page?.balances.find((b) => b.kind === 'client_cash');
  const bonus = page?.balances.find((b) => b.kind === 'client_bonus');
  const rg = page?.responsibleGambling;
  return (
    <div className="client-page">
      {mayManageAccounts(me) && <NewClientForm lang={lang} me={me} onClient={onClient} />}
      <ClientSearch
        lang={lang}
        r={r}
        query={query}
        onQuery={onQuery}
        onClient={onClient}
        onError={setError}
      />
      {(error || notice) && (
        <div className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
          {error ?? (notice === 'saved' ? RISK_TEXTS[lang].saved : notice && ct[notice])}
        </div>
      )}
      {page && (
        <>
          <section className="panel" data-testid="client-head">
            <div className="client-head">
              <h2>{page.client.username}</h2>
              <span className="tag">{r.labels[page.risk.label]}</span>
              {page.blocked && (
                <span className="tag susp" data-testid="client-blocked">
                  {ct.blocked}
                </span>
              )}
              {page.risk.noLive && <span className="tag live">{r.noLive}</span>}
              {page.risk.noCashout && <span className="tag live">{r.noCashout}</span>}
              <span className="status">
                {[
                  `#${page.client.id}`,
                  page.client.brand.name,
                  page.client.name,
                  page.client.email,
                  `${r.joined} ${dateTime(lang, page.client.createdAt)}`,
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
                <div className="k">{ct.lifetime}</div>
                <div className="v" data-testid="client-lifetime">
                  {money(page.lifetime.sportsStakes + page.lifetime.casinoStakes)}
                </div>
                <div className="k">
                  {r.sports} {money(page.lifetime.sportsStakes)} · {r.casino}{' '}
                  {money(page.lifetime.casinoStakes)}
                </div>
              </div>
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
            <RiskForm t={t} r={r} me={me} page={page} onSaved={onRiskSaved} onError={setError} />
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
                        ? `${rg.exclusion.kind}, ${r.until} ${dateTime(lang, rg.exclusion.until)}`
                        : r.none}
                    </td>
                  </tr>
                </tbody>
              </table>
            </section>
          </div>
          <ClientActions
            lang={lang}
            ct={ct}
            me={me}
            page={page}
            onDone={(done, failed) => {
              setNotice(done);
              setError(failed);
              load().catch((e: unknown) => setError(errorText(t, e)));
            }}
          />
          <ResetPasswordPanel key={page.client.id} lang={lang} me={me} clientId={page.client.id} />
          <div className="two">
            <section className="panel">
              <h3>{r.openBets}</h3>
              <BetTable t={t} lang={lang} bets={page.openBets} testId="client-open-bets" />
            </section>
            <section className="panel">
              <h3>{r.settled}</h3>
              <BetTable t={t} lang={lang} bets={page.settledBets} testId="client-settled-bets" />
            </section>
          </div>
          <ClientRewards lang={lang} clientId={page.client.id} />
          <div className="two">
            <section className="panel">
              <h3>{ct.logins}</h3>
              <LoginTable t={t} lang={lang} ct={ct} page={page} />
            </section>
            <section className="panel">
              <h3>{r.transactions}</h3>
              <TransactionTable t={t} lang={lang} r={r} page={page} />
            </section>
          </div>
        </>
      )}
    </div>
  );
}
