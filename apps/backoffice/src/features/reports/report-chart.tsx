import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { Lang } from '../../i18n';
import { bars, formats } from '../../app/chart-formats';
import { UChart } from '../../UChart';
import { REPORTS_TEXTS } from './reports-texts';

type Row = Record<string, unknown>;

/** The money series each report draws per day: the first as bars, the others as lines. */
const SERIES: Record<string, string[]> = {
  book: ['turnover', 'ggr', 'ngr'],
  casino: ['stakes', 'wins', 'ggr'],
  cashouts: ['cashoutStakes', 'cashoutPaid', 'voidStakes'],
};
const COLOURS = ['#2f7de1', '#1f9d55', '#d97706'];

/**
 * A report broken down by day, drawn with uPlot (issue 35 §4: charts on the desk): one chart per currency (money of
 * two currencies is never added), each day the sum of the report's rows of that day (other breakdowns — brand,
 * sport, bet type — added up), in major units; the days of the range the report has no row for are zero.
 */
export function ReportChart({
  lang,
  name,
  rows,
  days,
}: {
  lang: Lang;
  name: string;
  rows: Row[];
  days: string[];
}) {
  const rt = REPORTS_TEXTS[lang];
  const keys = SERIES[name];
  const fmt = useMemo(() => formats(lang), [lang]);
  const options = useMemo(
    () => ({
      series: [
        { label: rt.columns.day, value: (_: uPlot, v: number | null) => (v === null ? '—' : fmt.longDay(v)) },
        ...(keys ?? []).map((k, i) => ({
          label: rt.columns[k] ?? k,
          stroke: COLOURS[i],
          ...(i === 0 ? { fill: 'rgba(47,125,225,0.25)', paths: bars } : { width: 2 }),
        })),
      ],
      axes: [
        {
          values: (_: uPlot, ticks: number[]) => ticks.map(fmt.day),
          space: 60,
          incrs: [86_400, 7 * 86_400, 30 * 86_400],
        },
        { values: fmt.numbers },
      ],
    }),
    [rt, fmt, keys],
  );
  if (!keys || rows.length === 0 || !rows.some((r) => typeof r.day === 'string')) return null;
  const currencies = [...new Set(rows.map((r) => String(r.currency)))].sort();
  return (
    <div className="report-charts" data-testid="report-chart">
      {currencies.map((currency) => {
        const data = dailyData(rows, days, keys, currency);
        return (
          <figure key={currency}>
            <figcaption>{rt.chartOf(currency)}</figcaption>
            <UChart options={options} data={data} label={rt.chartOf(currency)} />
          </figure>
        );
      })}
    </div>
  );
}

/**
 * One currency's series per day of the range, in major units. A day without a value either side of the range: the
 * axis spans it with room for its first and last bars (one day alone would be a bar at the edge of an axis of years).
 */
function dailyData(rows: Row[], days: string[], keys: string[], currency: string): uPlot.AlignedData {
  const sums = new Map(days.map((d) => [d, keys.map(() => 0)]));
  for (const r of rows) {
    const day = sums.get(String(r.day));
    if (r.currency !== currency || !day) continue;
    keys.forEach((k, i) => (day[i]! += (r[k] as number | undefined) ?? 0));
  }
  const at = (d: string) => Date.parse(`${d}T00:00:00Z`) / 1000;
  const first = days[0] ?? '1970-01-01';
  const last = days[days.length - 1] ?? first;
  return [
    [at(first) - 86_400, ...days.map(at), at(last) + 86_400],
    ...keys.map((_, i) => [null, ...days.map((d) => sums.get(d)![i]! / 100), null]),
  ] as uPlot.AlignedData;
}

/** Every calendar day from `from` to `to` (YYYY-MM-DD, both included). */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
