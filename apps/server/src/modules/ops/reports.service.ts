import {
  OPS_REPORT_GROUPS,
  OPS_REPORT_MONEY_COLUMNS,
  type OpsBookGroup,
  type OpsCasinoGroup,
  type OpsReportName,
  type OpsReportQuery,
  type OpsReportResponse,
} from '@sb/contract';
import { stringify } from 'csv-stringify/sync';
import { badRequest } from '../../plugins/errors';
import type { ReportRange, ReportsRepository } from './reports.repository';
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
/** Sport 0: a multiple across sports, or money of no bet. */
const MIXED = { en: 'Mixed', tr: 'Karma' };

/** A ratio column in basis points (`holdBp`, `rtpBp`, `theoreticalRtpBp`): a percentage in the CSV. */
const isBp = (key: string) => key.endsWith('Bp');

/**
 * A report as CSV that opens in a spreadsheet: UTF-8 with a byte-order mark, a header row, days as ISO dates,
 * money as decimals, ratios (hold, RTP) as percentages with two decimals (`holdPercent`, `rtpPercent`).
 */
export function reportCsv(report: Report): string {
  const columns = [...new Set(report.rows.flatMap((r) => Object.keys(r)))];
  const cell = (key: string, value: unknown) => {
    if (value === undefined || value === null) return '';
    if (MONEY.has(key) || isBp(key)) return decimal(value as number);
    return String(value);
  };
  const header = columns.map((c) => (isBp(c) ? `${c.slice(0, -2)}Percent` : c));
  const body = report.rows.map((r) => columns.map((c) => cell(c, (r as Record<string, unknown>)[c])));
  return `\uFEFF${stringify([header, ...body], { record_delimiter: 'windows' })}`;
}

export interface ReportsDeps {
  repo: ReportsRepository;
  sports: () => Promise<SportName[]>;
  /** Competitions' names in both languages, by id. */
  competitions: () => Promise<Map<number, { en: string; tr: string }>>;
  now: () => Date;
}

/** The groups a report is asked for, else its default; a group the report does not take is a 400 on `groupBy`. */
export function reportGroups(name: OpsReportName, asked: string[]): string[] {
  const { allowed, default: fallback } = OPS_REPORT_GROUPS[name];
  if (asked.length === 0) return fallback;
  const wrong = asked.find((g) => !allowed.includes(g));
  if (wrong !== undefined) throw badRequest('groupBy', `the ${name} report cannot be grouped by ${wrong}`);
  return asked;
}

/** The desk's reports (issue 35 §4): the range in the report's time zone, names for every key. */
export function createReportsService(deps: ReportsDeps) {
  return {
    /** The report, or null when the brand asked for does not exist. */
    async report(name: OpsReportName, query: OpsReportQuery, brandId: number | null): Promise<Report | null> {
      const groupBy = reportGroups(name, query.groupBy);
      const brand = brandId === null ? null : await deps.repo.brand(brandId);
      if (brandId !== null && !brand) return null;
      const timeZone = query.tz ?? brand?.timeZone ?? 'UTC';
      const next = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const [from, to] = await Promise.all([
        deps.repo.dayStart(query.from, timeZone),
        deps.repo.dayStart(next, timeZone),
      ]);
      const rows = await reportRows(deps, name, { from, to, timeZone, brandId }, groupBy);
      return {
        name,
        from: query.from,
        to: query.to,
        timeZone,
        groupBy,
        rows: await names(deps, rows),
      };
    },
  };
}

/** The rows with the names of their brands, sports and competitions (sport and competition 0: mixed). */
async function names(deps: ReportsDeps, rows: Row[]) {
  const ids = [...new Set(rows.map((r) => r.brandId).filter((id): id is number => id !== undefined))];
  const brands = new Map(
    await Promise.all(ids.map(async (id) => [id, (await deps.repo.brand(id))?.name ?? ''] as const)),
  );
  const sports = new Map((await deps.sports()).map((s) => [s.id, s.name]));
  const sportName = (id: number) => (id === 0 ? MIXED : (sports.get(id) ?? { en: '', tr: '' }));
  const competitions = rows.some((r) => 'competitionId' in r) ? await deps.competitions() : new Map();
  const competitionName = (id: number) =>
    id === 0
      ? MIXED
      : ((competitions.get(id) as { en: string; tr: string } | undefined) ?? { en: '', tr: '' });
  return rows.map((r) => ({
    ...r,
    ...(r.brandId !== undefined && { brand: brands.get(r.brandId) ?? '' }),
    ...('sportId' in r &&
      r.sportId !== undefined && { sport: sportName(r.sportId).en, sportTr: sportName(r.sportId).tr }),
    ...('competitionId' in r &&
      r.competitionId !== undefined && {
        competition: competitionName(r.competitionId).en,
        competitionTr: competitionName(r.competitionId).tr,
      }),
  }));
}

/** One report's rows over a range, before names (the book with its hold, casino rows with their game names). */
async function reportRows(
  deps: ReportsDeps,
  name: OpsReportName,
  range: ReportRange,
  groups: string[],
): Promise<Row[]> {
  switch (name) {
    case 'book':
      return (await deps.repo.book(range, groups as OpsBookGroup[])).map((r) => ({
        ...r,
        holdBp: r.settledStakes > 0 ? Math.round((r.ggr / r.settledStakes) * 10_000) : null,
      }));
    case 'cashouts':
      return (await deps.repo.cashouts(range)).map((r) => ({ ...r, brand: '' }));
    case 'casino':
      return casinoNamed(deps, await deps.repo.casino(range, groups as OpsCasinoGroup[]));
    case 'clients':
      return (await deps.repo.clients(range, deps.now())).map((r) => ({ ...r, brand: '' }));
  }
}

/** Casino rows with their providers' and games' names. */
async function casinoNamed(deps: ReportsDeps, rows: Awaited<ReturnType<ReportsRepository['casino']>>) {
  const ids = (key: 'providerId' | 'gameId') => [
    ...new Set(rows.map((r) => r[key]).filter((id): id is number => id !== undefined)),
  ];
  const { providers, games } = await deps.repo.casinoNames(ids('providerId'), ids('gameId'));
  return rows.map((r) => ({
    ...r,
    ...(r.providerId !== undefined && { provider: providers.get(r.providerId) ?? '' }),
    ...(r.gameId !== undefined && {
      game: games.get(r.gameId)?.name ?? '',
      // One game: its declared RTP, stakes or not.
      theoreticalRtpBp: games.get(r.gameId)?.rtpBp ?? r.theoreticalRtpBp,
    }),
  }));
}

export type ReportsService = ReturnType<typeof createReportsService>;
