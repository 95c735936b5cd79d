import { money } from './api';
import type { ResultReport } from './results-api';
import type { ResultsTexts } from './results-texts';

const signed = (n: number) => `${n > 0 ? '+' : ''}${money(n)}`;
const wordOf = (rt: ResultsTexts, w: string | null) => (w === null ? '—' : (rt.words[w] ?? w));

/** What a result, void or resettlement changed in money: per bet and in total (per currency). */
export function MoneyReport({ rt, report }: { rt: ResultsTexts; report: ResultReport }) {
  const word = (w: string | null) => wordOf(rt, w);
  return (
    <div className="report" data-testid="money-report">
      <h3>{rt.report}</h3>
      {report.preview && <p className="status">{rt.previewed}</p>}
      {report.unchanged && <p className="status">{rt.unchanged}</p>}
      {report.voided && <p className="status">{rt.voided}</p>}
      <p>
        {report.selections.map((s) => (
          <span key={s.id} className="tag">
            {s.name}: {word(s.before)} → {word(s.after)}
          </span>
        ))}
      </p>
      <MoneyTable rt={rt} report={report} />
    </div>
  );
}

/** Each bet's money before and after, and the totals per currency. */
function MoneyTable({ rt, report }: { rt: ResultsTexts; report: ResultReport }) {
  const word = (w: string | null) => wordOf(rt, w);
  return (
    <table>
      <thead>
        <tr>
          <th>{rt.bet}</th>
          <th>{rt.brand}</th>
          <th>{rt.client}</th>
          <th>{rt.before}</th>
          <th>{rt.after}</th>
          <th className="num">{rt.paidBefore}</th>
          <th className="num">{rt.paidAfter}</th>
          <th className="num">{rt.change}</th>
          <th className="num">{rt.debt}</th>
        </tr>
      </thead>
      <tbody>
        {report.bets.map((b) => (
          <tr key={b.betId} data-bet={b.betId}>
            <td>#{b.betId}</td>
            <td>{b.brand}</td>
            <td>{b.username}</td>
            <td>{word(b.statusBefore)}</td>
            <td>{word(b.statusAfter)}</td>
            <td className="num">{money(b.paidBefore)}</td>
            <td className="num">{money(b.paidAfter)}</td>
            <td className={`num ${b.change < 0 ? 'neg' : 'pos'}`}>{signed(b.change)}</td>
            <td className="num">{b.debt ? money(b.debt) : ''}</td>
          </tr>
        ))}
        {report.bets.length === 0 && (
          <tr>
            <td colSpan={9}>{rt.noMoney}</td>
          </tr>
        )}
      </tbody>
      <tfoot>
        {report.totals.map((t) => (
          <tr key={t.currency} data-testid="money-total">
            <th colSpan={7}>
              {rt.total} ({t.currency}, {t.bets})
            </th>
            <th className={`num ${t.change < 0 ? 'neg' : 'pos'}`}>{signed(t.change)}</th>
            <th className="num">{t.debt ? money(t.debt) : ''}</th>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}
