import { useState } from 'react';
import {
  OPS_REPORT_GROUPS,
  OPS_REPORT_MONEY_COLUMNS,
  OPS_REPORTS,
  type OpsReportName,
  type OpsReportResponse,
} from '@sb/contract';
import { call, money, percent } from '../../api';
import { errorText } from '../../app/error-text';
import { calendarDay } from '../../app/format';
import type { Lang } from '../../i18n';
import { Empty, Loading, Outage } from '../../components/view-state';
import { REPORTS_TEXTS } from './reports-texts';
import { daysOf, ReportChart } from './report-chart';

type Report = OpsReportResponse['result'];
type Row = Record<string, unknown>;

const MONEY = OPS_REPORT_MONEY_COLUMNS;
const COUNTS = ['bets', 'cashouts', 'voids', 'rounds', 'clients', 'inRange'];
const KEYS = [
  'section',
  'rank',
  'username',
  'day',
  'brand',
  'sport',
  'competition',
  'marketFamily',
  'betType',
  'provider',
  'game',
  'currency',
];
/** Ratios in basis points, shown as percentages. */
const RATIOS = ['holdBp', 'rtpBp', 'theoreticalRtpBp'];
const isNumber = (c: string) => MONEY.includes(c) || COUNTS.includes(c) || RATIOS.includes(c);
/** wins / stakes in basis points, rounded half up, in integers (the server's rule); null without stakes. */
const ratioBp = (part: number, whole: number) =>
  whole > 0 ? Math.floor((part * 20_000 + whole) / (2 * whole)) : null;

/** A calendar day in the browser's own zone as YYYY-MM-DD (`daysAgo` before today). */
const localDay = (daysAgo = 0) => {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** The operator's time zone: the report's days are theirs. */
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The report's address: the JSON shown here and the same as CSV for the download. */
function reportUrl(name: OpsReportName, from: string, to: string, groups: string[], format: 'json' | 'csv') {
  const q = new URLSearchParams({ from, to, tz: zone(), format });
  if (OPS_REPORT_GROUPS[name].allowed.length > 0) q.set('groupBy', groups.join(','));
  return `/ops/v1/reports/${name}?${q}`;
}

/**
 * The reports (issue 35 §4): the book (turnover, GGR, bonus cost, NGR, hold) by day, brand, sport and bet type, and
 * the cash-outs and voids, over days in the operator's time zone; a totals line per currency; the same as a CSV
 * download (the session's cookie authenticates the link). The operator's brand only, unless they see every brand.
 */
export function ReportsPage({ lang }: { lang: Lang }) {
  const rt = REPORTS_TEXTS[lang];
  const [name, setName] = useState<OpsReportName>('book');
  const [from, setFrom] = useState(() => localDay(6));
  const [to, setTo] = useState(() => localDay());
  // Each report keeps its own breakdown while the operator switches between them.
  const [groupsOf, setGroupsOf] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(OPS_REPORTS.map((n) => [n, OPS_REPORT_GROUPS[n].default])),
  );
  const groups = groupsOf[name] ?? [];
  const [report, setReport] = useState<Report | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const show = async () => {
    setLoading(true);
    setError(null);
    try {
      setReport(await call<Report>('GET', reportUrl(name, from, to, groups, 'json')));
    } catch (e) {
      setReport(null);
      setError(errorText(lang, e));
    } finally {
      setLoading(false);
    }
  };
  const toggle = (g: string) =>
    setGroupsOf((all) => {
      const gs = all[name] ?? [];
      return {
        ...all,
        [name]: gs.includes(g) ? (gs.length > 1 ? gs.filter((x) => x !== g) : gs) : [...gs, g],
      };
    });

  const rows = (report?.rows ?? []) as Row[];
  const columns = [...KEYS, ...COUNTS, ...MONEY, ...RATIOS].filter((c) =>
    rows.some((r) => r[c] !== undefined),
  );
  const cell = (c: string, r: Row) => {
    const v = r[c];
    if (RATIOS.includes(c)) return percent(v as number | null);
    if (MONEY.includes(c)) return money(v as number);
    // The desk's one date style, as the chart's axis and the other pages say a day.
    if (c === 'day' && typeof v === 'string') return calendarDay(lang, v);
    if (c === 'betType') return rt.betTypes[String(v)] ?? String(v);
    if (c === 'marketFamily') return rt.families[String(v)] ?? String(v);
    if (c === 'section') return rt.sections[String(v)] ?? String(v);
    if (c === 'sport') return r.sportId === 0 ? rt.mixed : String((lang === 'tr' && r.sportTr) || v);
    if (c === 'competition')
      return r.competitionId === 0 ? rt.mixedCompetitions : String((lang === 'tr' && r.competitionTr) || v);
    return String(v ?? '');
  };
  const currencies = [...new Set(rows.map((r) => String(r.currency)))];
  const totalOf = (currency: string): Row => {
    const mine = rows.filter((r) => r.currency === currency);
    const sum = (c: string) => mine.reduce((t, r) => t + ((r[c] as number | undefined) ?? 0), 0);
    const t: Row = { currency };
    for (const c of [...COUNTS, ...MONEY]) if (mine.some((r) => r[c] !== undefined)) t[c] = sum(c);
    if (t.settledStakes !== undefined) t.holdBp = ratioBp(t.ggr as number, t.settledStakes as number);
    if (t.stakes !== undefined) t.rtpBp = ratioBp(t.wins as number, t.stakes as number);
    return t;
  };

  return (
    <section className="panel" data-testid="reports">
      <h2>{rt.title}</h2>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          void show();
        }}
      >
        <label>
          {rt.report}{' '}
          <select
            value={name}
            onChange={(e) => setName(e.target.value as OpsReportName)}
            data-testid="report-name"
          >
            {OPS_REPORTS.map((n) => (
              <option key={n} value={n}>
                {rt.names[n]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {rt.from} <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
        </label>
        <label>
          {rt.to} <input type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
        </label>
        {OPS_REPORT_GROUPS[name].allowed.length > 0 && (
          <fieldset className="report-groups">
            <legend>{rt.groupBy}</legend>
            {OPS_REPORT_GROUPS[name].allowed.map((g) => (
              <label key={g} className="check">
                <input type="checkbox" checked={groups.includes(g)} onChange={() => toggle(g)} />{' '}
                {rt.groups[g]}
              </label>
            ))}
          </fieldset>
        )}
        <button type="submit" disabled={loading}>
          {rt.show}
        </button>
        <a href={reportUrl(name, from, to, groups, 'csv')} download data-testid="report-csv">
          {rt.csv}
        </a>
      </form>
      <p className="status">{rt.zone(zone())}</p>
      {name === 'clients' && <p className="status">{rt.clientsNote}</p>}
      {loading && <Loading label={rt.loading} />}
      {error && <Outage message={error} />}
      {report && !loading && rows.length === 0 && <Empty>{rt.empty}</Empty>}
      {report && rows.length > 0 && report.groupBy.includes('day') && (
        <ReportChart lang={lang} name={report.name} rows={rows} days={daysOf(report.from, report.to)} />
      )}
      {report && rows.length > 0 && (
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
            {(report.name === 'clients' ? [] : currencies).map((cur) => {
              const t = totalOf(cur);
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
      )}
    </section>
  );
}
