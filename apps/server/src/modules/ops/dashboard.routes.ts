import { opsDashboardResponseSchema } from '@sb/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsIdParam, opsAnswers } from './ops.schemas';
import { HttpError } from '../../plugins/errors';
import type { DashboardService } from './dashboard.service';

/**
 * `GET /ops/v1/dashboard`: turnover, GGR and hold per day, sport and brand; bets per minute; live events; casino
 * RTP per game family. Registered inside `/ops/v1` (authentication, role and brand checks apply); the desk polls it.
 */
export function dashboardRoutes(dashboard: DashboardService): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/ops/v1/dashboard',
      {
        schema: {
          tags: ['ops'],
          response: opsAnswers(opsDashboardResponseSchema),
          summary:
            'Dashboard: turnover, GGR, hold % per day/sport/brand, bets per minute, live events, casino RTP',
          querystring: z.object({
            days: z.coerce.number().int().min(1).max(90).default(7),
            brand: opsIdParam.optional(),
          }),
        },
      },
      async (request) => {
        const ctx = request.operator!;
        const q = request.query;
        if (ctx.brandId !== null && q.brand !== undefined && q.brand !== ctx.brandId)
          throw new HttpError(404, 'not_found', 'brand not found');
        return { result: await dashboard.snapshot(q.days, ctx.brandId ?? q.brand ?? null) };
      },
    );
  };
}
