import { OPS_REPORT_GROUPS, OPS_REPORT_MONEY_COLUMNS, type OpsReportName } from '@sb/contract';
import { money, percent } from '../../api';
import { calendarDay } from '../../app/format';
import type { Lang } from '../../i18n';
import type { REPORTS_TEXTS } from './reports-texts';

/** The reports' texts in one language. */
export type ReportsTexts = (typeof REPORTS_TEXTS)[Lang];

/** A report's row as the server sends it: its keys and figures by column name. */
export type Row = Record<string, unknown>;

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
/** Whether a column holds a figure (right-aligned). */
export const isNumber = (c: string) => MONEY.includes(c) || COUNTS.includes(c) || RATIOS.includes(c);
/** wins / stakes in basis points, rounded half up, in integers (the server's rule); null without stakes. */
const ratioBp = (part: number, whole: number) =>
  whole > 0 ? Math.floor((part * 20_000 + whole) / (2 * whole)) : null;

/** A calendar day in the browser's own zone as YYYY-MM-DD (`daysAgo` before today). */
export const localDay = (daysAgo = 0) => {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** The operator's time zone: the report's days are theirs. */
export const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The report's address: the JSON shown here and the same as CSV for the download. */
export function reportUrl(
  name: OpsReportName,
  from: string,
  to: string,
  groups: string[],
  format: 'json' | 'csv',
) {
  const q = new URLSearchParams({ from, to, tz: zone(), format });
  if (OPS_REPORT_GROUPS[name].allowed.length > 0) q.set('groupBy', groups.join(','));
  return `/ops/v1/reports/${name}?${q}`;
}

/** The columns any row has, keys first, then counts, money and ratios. */
export const columnsOf = (rows: Row[]) =>
  [...KEYS, ...COUNTS, ...MONEY, ...RATIOS].filter((c) => rows.some((r) => r[c] !== undefined));

/** One currency's totals line: counts and money summed, hold and RTP recomputed from the sums. */
export function totalOf(rows: Row[], currency: string): Row {
  const mine = rows.filter((r) => r.currency === currency);
  const sum = (c: string) => mine.reduce((t, r) => t + ((r[c] as number | undefined) ?? 0), 0);
  const t: Row = { currency };
  for (const c of [...COUNTS, ...MONEY]) if (mine.some((r) => r[c] !== undefined)) t[c] = sum(c);
  if (t.settledStakes !== undefined) t.holdBp = ratioBp(t.ggr as number, t.settledStakes as number);
  if (t.stakes !== undefined) t.rtpBp = ratioBp(t.wins as number, t.stakes as number);
  return t;
}

/** A cell's text: ratios as percentages, money, days, names in the desk's language ("mixed" for several). */
export function cellText(rt: ReportsTexts, lang: Lang, c: string, r: Row): string {
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
}
