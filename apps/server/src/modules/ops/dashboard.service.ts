import type { DashboardRepository } from './dashboard.repository';

const DAY_MS = 86_400_000;
/** The bets-per-minute series covers the last hour. */
const BETS_PER_MINUTE_SPAN = 60;

/** A sport with its names (en, tr): the desk names sports, never shows their ids. */
export interface SportName {
  id: number;
  name: { en: string; tr: string };
}

/**
 * The desk's dashboard: turnover, GGR and hold per day, sport and brand over the last `days` UTC days; bets per
 * minute over the last hour; live events; casino RTP per game family.
 */
export function createDashboardService(
  repo: DashboardRepository,
  now: () => number,
  sports: () => Promise<SportName[]> = async () => [],
) {
  return {
    async snapshot(days: number, brandId: number | null) {
      const at = now();
      // From the start of the first UTC day shown.
      const from = new Date(Math.floor(at / DAY_MS) * DAY_MS - (days - 1) * DAY_MS);
      const [book, betsPerMinute, liveEvents, rtp, sportList] = await Promise.all([
        repo.book(from, brandId),
        repo.betsPerMinute(new Date(at), BETS_PER_MINUTE_SPAN, brandId),
        repo.liveEvents(),
        repo.rtp(from, brandId),
        sports(),
      ]);
      const shown = new Set(book.map((r) => r.sportId));
      return {
        from: from.toISOString(),
        at: new Date(at).toISOString(),
        book: book.map((r) => ({
          ...r,
          holdBp: r.settledStakes > 0 ? Math.round((r.ggr / r.settledStakes) * 10_000) : null,
        })),
        betsPerMinute,
        liveEvents,
        rtp,
        /** The names of the sports the book rows name (0 = mixed is the desk's own word). */
        sports: sportList.filter((s) => shown.has(s.id)),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
