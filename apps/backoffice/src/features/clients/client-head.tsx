import type { OpsClient360 } from '@sb/contract';
import { money } from '../../api';
import { dateTime } from '../../app/format';
import type { Lang, Texts } from '../../i18n';
import type { RiskTexts } from '../../risk-texts';
import type { ClientTexts } from './clients-texts';

/** What the client's head shows: the 360 page and the texts it is said in. */
interface ClientHeadProps {
  t: Texts;
  r: RiskTexts;
  ct: ClientTexts;
  lang: Lang;
  page: OpsClient360;
}

/** The client's balances, debts, lifetime stakes and GGR (sports and casino), one card each. */
function ClientCards({ t, r, ct, page }: ClientHeadProps) {
  const cash = page.balances.find((b) => b.kind === 'client_cash');
  const bonus = page.balances.find((b) => b.kind === 'client_bonus');
  return (
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
          {r.sports} {money(page.lifetime.sportsStakes)} · {r.casino} {money(page.lifetime.casinoStakes)}
        </div>
      </div>
      <GgrCards t={t} r={r} page={page} />
    </div>
  );
}

/** The client's GGR on sports (settled bets, stakes, paid) and casino (stakes). */
function GgrCards({ t, r, page }: Pick<ClientHeadProps, 't' | 'r' | 'page'>) {
  return (
    <>
      <div className="card">
        <div className="k">
          {r.ggr} · {r.sports}
        </div>
        <div className={`v ${page.ggr.sports.ggr < 0 ? 'neg' : ''}`} data-testid="ggr-sports">
          {money(page.ggr.sports.ggr)}
        </div>
        <div className="k">
          {page.ggr.sports.bets} {r.settledBets} · {t.stakes} {money(page.ggr.sports.stakes)} · {r.paid}{' '}
          {money(page.ggr.sports.paid)}
        </div>
      </div>
      <div className="card">
        <div className="k">
          {r.ggr} · {r.casino}
        </div>
        <div className={`v ${page.ggr.casino.ggr < 0 ? 'neg' : ''}`}>{money(page.ggr.casino.ggr)}</div>
        <div className="k">
          {t.stakes} {money(page.ggr.casino.stakes)}
        </div>
      </div>
    </>
  );
}

/** The client's name, risk label and flags, who they are and since when, and their money in cards. */
export function ClientHead(props: ClientHeadProps) {
  const { r, ct, lang, page } = props;
  return (
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
      <ClientCards {...props} />
    </section>
  );
}
