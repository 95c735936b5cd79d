import {
  OPS_REPORT_MONEY_COLUMNS,
  type OpsReportName,
  type OpsReportQuery,
  type OpsReportResponse,
} from '@sb/contract';
import { stringify } from 'csv-stringify/sync';
import type { ReportsRepository } from './reports.repository';
import type { SportName } from './dashboard.service';

type Report = OpsReportResponse['result'];
type Row = Report['rows'][number];

/** Minor units as a spreadsheet reads a number: `-1234.56` (no grouping, two decimals, exact). */
export function decimal(minor: number): string {
  const abs = Math.abs(minor);
  const text = `${Math.floor(abs / 100)}.${(abs % 100).toString().padStart(2, '0')}`;
  return minor < 0 ? `-${text}` : text;
}

const MONEY = new Set(OPS_REPORT_MONEY_COLUMNS);

/**
 * A report as CSV that opens in a spreadsheet: UTF-8 with a byte-order mark, a header row, days as ISO dates,
 * money as decimals, hold as a percentage with two decimals.
 */
export function reportCsv(report: Report): string {
  const columns = [...new Set(report.rows.flatMap((r) => Object.keys(r)))];
  const cell = (key: string, value: unknown) => {
    if (value === undefined || value === null) return '';
    if (MONEY.has(key)) return decimal(value as number);
    if (key === 'holdBp') return decimal(value as number);
    return String(value);
  };
  const header = columns.map((c) => (c === 'holdBp' ? 'holdPercent' : c));
  const body = report.rows.map((r) => columns.map((c) => cell(c, (r as Record<string, unknown>)[c])));
  return `\uFEFF${stringify([header, ...body], { record_delimiter: 'windows' })}`;
}

export interface ReportsDeps {
  repo: ReportsRepository;
  sports: () => Promise<SportName[]>;
}

/** The desk's reports (issue 35 §4): the range in the report's time zone, names for every key. */
export function createReportsService(deps: ReportsDeps) {
  const names = async (rows: Row[]) => {
    const ids = [...new Set(rows.map((r) => r.brandId).filter((id): id is number => id !== undefined))];
    const brands = new Map(
      await Promise.all(ids.map(async (id) => [id, (await deps.repo.brand(id))?.name ?? ''] as const)),
    );
    const sports = new Map((await deps.sports()).map((s) => [s.id, s.name.en]));
    return rows.map((r) => ({
      ...r,
      ...(r.brandId !== undefined && { brand: brands.get(r.brandId) ?? '' }),
      ...('sportId' in r &&
        r.sportId !== undefined && { sport: r.sportId === 0 ? 'Mixed' : (sports.get(r.sportId) ?? '') }),
    }));
  };
  return {
    /** The report, or null when the brand asked for does not exist. */
    async report(name: OpsReportName, query: OpsReportQuery, brandId: number | null): Promise<Report | null> {
      const brand = brandId === null ? null : await deps.repo.brand(brandId);
      if (brandId !== null && !brand) return null;
      const timeZone = query.tz ?? brand?.timeZone ?? 'UTC';
      const next = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const [from, to] = await Promise.all([
        deps.repo.dayStart(query.from, timeZone),
        deps.repo.dayStart(next, timeZone),
      ]);
      const range = { from, to, timeZone, brandId };
      const rows: Row[] =
        name === 'book'
          ? (await deps.repo.book(range, query.groupBy)).map((r) => ({
              ...r,
              holdBp: r.settledStakes > 0 ? Math.round((r.ggr / r.settledStakes) * 10_000) : null,
            }))
          : (await deps.repo.cashouts(range)).map((r) => ({ ...r, brand: '' }));
      return {
        name,
        from: query.from,
        to: query.to,
        timeZone,
        groupBy: name === 'book' ? query.groupBy : ['day', 'brand'],
        rows: await names(rows),
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
