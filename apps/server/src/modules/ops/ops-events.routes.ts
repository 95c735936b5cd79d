import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsCatalogueResponseSchema, opsEventViewResponseSchema } from '@sb/contract';
import { brandScope, ctxOf } from './access';
import { opsIdParam, opsAnswers } from './ops.schemas';
import type { OpsEvents } from './ops-events.service';

const boolQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * The event navigator and the event view (issue 34 item 2), registered inside `/ops/v1` (its authentication,
 * role check and refusal audit apply; OPS_ACCESS declares them).
 */
export function opsEventsRoutes(events: OpsEvents): FastifyPluginAsync {
  return async (fastify) => {
    registerCatalogue(fastify, events);
    registerEventView(fastify, events);
  };
}

/** GET /ops/v1/catalogue: the event navigator. */
function registerCatalogue(fastify: FastifyInstance, events: OpsEvents): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/catalogue',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Event navigator: events by team, competition or event id, sport, region, competition, live or pre-match and start window, with the tree sport › region › competition and its counts',
        querystring: z
          .object({
            q: z.string().trim().min(1).max(100).optional(),
            sport: opsIdParam.optional(),
            region: opsIdParam.optional(),
            competition: opsIdParam.optional(),
            live: boolQuery.optional(),
            from: z.iso.datetime({ offset: true }).optional(),
            to: z.iso.datetime({ offset: true }).optional(),
            ended: boolQuery.optional(),
            limit: z.coerce.number().int().min(1).max(500).default(100),
          })
          .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
            message: 'must be after from',
            path: ['to'],
          }),
        response: opsAnswers(opsCatalogueResponseSchema),
      },
    },
    async (request) => {
      const q = request.query;
      return {
        result: await events.catalogue({
          q: q.q,
          sportId: q.sport,
          regionId: q.region,
          competitionId: q.competition,
          live: q.live,
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
          ended: q.ended,
          limit: q.limit,
        }),
      };
    },
  );
}

/** GET /ops/v1/events/:id: one event's markets and selections, in the brand's scope. */
function registerEventView(fastify: FastifyInstance, events: OpsEvents): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/events/:id',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Event view: header (teams, start, status, score, minute, producer state) and every market and selection by name with price, model price, state and liability',
        params: z.object({ id: opsIdParam }),
        querystring: z.object({ brand: opsIdParam.optional() }),
        response: opsAnswers(opsEventViewResponseSchema),
      },
    },
    async (request) => {
      const brandId = brandScope(ctxOf(request), request.query.brand);
      return { result: await events.event(request.params.id, brandId) };
    },
  );
}
