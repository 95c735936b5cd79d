import type { OpsClient360, OpsTickerBet } from '@sb/contract';
import { formatOdds } from '@sb/betting';
import { Link } from 'react-router';
import { money } from '../../api';
import { dateTime } from '../../app/format';
import type { Lang, Texts } from '../../i18n';
import type { RiskTexts } from '../../risk-texts';
import { deviceOf } from '../bets/bet-page';
import { BET_TEXTS } from '../bets/bet-texts';
import { CLIENT_TEXTS, type ClientTexts } from './clients-texts';

type LinkedBet = OpsTickerBet & { link?: string };

/** Bets as a short table: number (the bet's page), time, type, selections with odds, stake, payout, status. */
export function BetTable({
  t,
  lang,
  bets,
  testId,
}: {
  t: Texts;
  lang: Lang;
  bets: LinkedBet[];
  testId: string;
}) {
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
              <td>
                {/* The bet's page on the desk (the server's link is under /backoffice, the router's base). */}
                <Link to={(b.link ?? `/backoffice/bets/${b.id}`).replace(/^\/backoffice/, '')}>{b.id}</Link>
              </td>
              <td>{dateTime(lang, b.createdAt)}</td>
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
              <td data-status={b.status}>{BET_TEXTS[lang].statuses[b.status] ?? b.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The client's ledger entries on cash and bonus, newest first. */
export function TransactionTable(props: { t: Texts; lang: Lang; r: RiskTexts; page: OpsClient360 }) {
  const { t, lang, r, page } = props;
  return (
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
              <td>{dateTime(lang, x.at)}</td>
              <td>
                {CLIENT_TEXTS[lang].movements[x.type] ?? x.type}
                {x.account === 'client_bonus' ? ` (${r.bonus})` : ''}
              </td>
              <td className={`num ${x.amount < 0 ? 'neg' : 'pos'}`}>{money(x.amount)}</td>
              <td className="num">{x.balanceAfter === null ? '—' : money(x.balanceAfter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The client's last logins: when, from where, on what. */
export function LoginTable(props: { t: Texts; lang: Lang; ct: ClientTexts; page: OpsClient360 }) {
  const { t, lang, ct, page } = props;
  return (
    <div className="scroll">
      <table data-testid="client-logins">
        <thead>
          <tr>
            <th>{t.time}</th>
            <th>{ct.address}</th>
            <th>{ct.device}</th>
            <th>{ct.ended}</th>
          </tr>
        </thead>
        <tbody>
          {page.logins.length === 0 && (
            <tr>
              <td colSpan={4}>{ct.noLogins}</td>
            </tr>
          )}
          {page.logins.map((l) => (
            <tr key={l.at}>
              <td>{dateTime(lang, l.at)}</td>
              <td>{l.ip ?? '—'}</td>
              <td title={l.device ?? ''}>{deviceOf(l.device) ?? '—'}</td>
              <td>{dateTime(lang, l.endedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
