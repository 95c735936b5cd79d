import type { Lang } from '../../i18n';
import { cellText, columnsOf, isNumber, totalOf, type ReportsTexts, type Row } from './report-columns';

/** The report's rows, and a totals line per currency (none for the clients report, a ranking). */
export function ReportTable({
  rt,
  lang,
  name,
  rows,
}: {
  rt: ReportsTexts;
  lang: Lang;
  name: string;
  rows: Row[];
}) {
  const columns = columnsOf(rows);
  const cell = (c: string, r: Row) => cellText(rt, lang, c, r);
  const currencies = [...new Set(rows.map((r) => String(r.currency)))];
  return (
    <table data-testid="report-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} className={isNumber(c) ? 'num' : undefined}>
              {rt.columns[c]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {columns.map((c) => (
              <td key={c} className={isNumber(c) ? 'num' : undefined}>
                {cell(c, r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        {(name === 'clients' ? [] : currencies).map((cur) => {
          const t = totalOf(rows, cur);
          return (
            <tr key={cur} data-testid={`report-total-${cur}`}>
              {columns.map((c, i) => (
                <th key={c} className={i === 0 ? undefined : 'num'} data-column={c}>
                  {i === 0 ? rt.total : t[c] === undefined ? '' : cell(c, t)}
                </th>
              ))}
            </tr>
          );
        })}
      </tfoot>
    </table>
  );
}
