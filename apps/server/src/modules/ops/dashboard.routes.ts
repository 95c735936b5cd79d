import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import type { DashboardRepository } from './dashboard.repository';

const DAY_MS = 86_400_000;
/** The bets-per-minute series covers the last hour. */
const BETS_PER_MINUTE_SPAN = 60;

/**
 * `GET /ops/v1/dashboard`: turnover, GGR and hold per day, sport and brand; bets per minute; live events; casino
 * RTP per game family. Registered inside `/ops/v1` (authentication, role and brand checks apply); the desk polls it.
 */
export function dashboardRoutes(
  repo: DashboardRepository,
  now: () => number,
  /** Sports with their names (en, tr): the desk names sports, never shows their ids. */
  sports: () => Promise<{ id: number; name: { en: string; tr: string } }[]> = async () => [],
): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/ops/v1/dashboard',
      {
        config: { opsAccess: 'read' },
        schema: {
          tags: ['ops'],
          summary:
            'Dashboard: turnover, GGR, hold % per day/sport/brand, bets per minute, live events, casino RTP',
          querystring: z.object({
            days: z.coerce.number().int().min(1).max(90).default(7),
            brand: z.coerce.number().int().positive().optional(),
          }),
        },
      },
      async (request) => {
        const ctx = request.operator!;
        const q = request.query;
        if (ctx.brandId !== null && q.brand !== undefined && q.brand !== ctx.brandId)
          throw new HttpError(404, 'not_found', 'brand not found');
        const brandId = ctx.brandId ?? q.brand ?? null;
        const at = now();
        // From the start of the first UTC day shown.
        const from = new Date(Math.floor(at / DAY_MS) * DAY_MS - (q.days - 1) * DAY_MS);
        const [book, betsPerMinute, liveEvents, rtp, sportList] = await Promise.all([
          repo.book(from, brandId),
          repo.betsPerMinute(new Date(at), BETS_PER_MINUTE_SPAN, brandId),
          repo.liveEvents(),
          repo.rtp(from, brandId),
          sports(),
        ]);
        const shown = new Set(book.map((r) => r.sportId));
        return {
          result: {
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
          },
        };
      },
    );
  };
}
