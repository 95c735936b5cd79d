import type { OpsEventResult } from '@sb/contract';
import { money } from '../../api';
import type { Lang } from '../../i18n';
import type { EventResultTexts } from './event-result-texts';

/** The money per brand and currency: bets, stakes, the change, what was reversed, debt and the net. */
function MoneyTable({ rt, report }: { rt: EventResultTexts; report: OpsEventResult }) {
  return (
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
  );
}

/** Each market's outcome, its winning (or voided) selections — four at most — and its bets. */
function MarketsTable({ rt, lang, report }: { rt: EventResultTexts; lang: Lang; report: OpsEventResult }) {
  const words = (after: string | null) => (after === null ? '—' : (rt.words[after] ?? after));
  return (
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
              <span className={`tag ${m.outcome === 'voided' ? 'susp' : ''}`}>{rt.outcomes[m.outcome]}</span>
            </td>
            <td>
              {m.selections
                .filter((s) => s.after === 'win' || s.after === 'half_win' || m.outcome === 'voided')
                .map((s) => `${s.name[lang]}: ${words(s.after)}`)
                .slice(0, 4)
                .join(' · ') || '—'}
            </td>
            <td className="num">{m.bets}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A preview's or a confirmed result's report: the money per brand, then each market's outcome. */
export function EventResultReport(props: { rt: EventResultTexts; lang: Lang; report: OpsEventResult }) {
  const { rt, report } = props;
  return (
    <div className="report">
      <p className="status">{report.preview ? rt.previewNote : rt.confirmed}</p>
      {report.money.length === 0 ? <p>{rt.noMoney}</p> : <MoneyTable {...props} />}
      <MarketsTable {...props} />
    </div>
  );
}
