import {
  opsResultReportResponseSchema,
  opsResultsEventsResponseSchema,
  opsResultsMarketsResponseSchema,
} from '@sb/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsIdParam, opsBigIdParam, opsAnswers } from './ops.schemas';
import { HttpError } from '../../plugins/errors';
import { auditedInTransaction } from './audit-hook';
import type { OperatorContext } from './operators';
import { resultFactsSchema } from './result-facts.schema';
import { RESETTLE_REASONS, VOID_REASONS, type ResultsDesk } from './results-desk';

const note = z.string().max(500).optional();
const preview = z.boolean().optional();
const marketParams = z.object({ id: opsBigIdParam });
const WINDOW_DAYS = 7;

/** A brand filter: an operator of one brand sees only it; naming another brand is a 404 (as on the ticker). */
function scoped(ctx: OperatorContext, requested: number | undefined): number | null {
  if (ctx.brandId === null) return requested ?? null;
  if (requested !== undefined && requested !== ctx.brandId)
    throw new HttpError(404, 'not_found', 'brand not found');
  return ctx.brandId;
}

/** The operator of a request inside `/ops/v1` (its authentication hook set it). */
const ctxOf = (request: FastifyRequest) => request.operator!;

/** The handler of a market action: the desk acts and audits in its transaction. */
const act =
  (desk: ResultsDesk, action: 'result' | 'void' | 'resettle') =>
  async (request: FastifyRequest<{ Params: { id: number }; Body: Record<string, unknown> }>) => {
    const body = request.body as {
      facts?: z.infer<typeof resultFactsSchema>;
      reason?: string;
      note?: string;
      preview?: boolean;
    };
    const result = await desk.act(ctxOf(request), request.params.id, { action, ...body }, request.ip);
    // Audited by the action in its transaction; a refusal (thrown) by the refusal hook; a preview is a read.
    auditedInTransaction(request);
    return { result };
  };

/**
 * The results and resettlement workspace's routes, registered inside `/ops/v1` (its authentication, role check
 * and refusal audit apply): events waiting for results or resulted lately, an event's markets, and the actions.
 */
export function resultsDeskRoutes(desk: ResultsDesk, now: () => number): FastifyPluginAsync {
  return async (fastify) => {
    registerResultsReads(fastify, desk, now);
    registerMarketActions(fastify, desk);
  };
}

/** GET the events waiting for results and one event's markets, in the operator's brand scope. */
function registerResultsReads(fastify: FastifyInstance, desk: ResultsDesk, now: () => number): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/results/events',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsResultsEventsResponseSchema),
        summary: 'Events waiting for results (started, not live, a market unresolved) or resulted lately',
        querystring: z.object({
          state: z.enum(['waiting', 'resulted']).default('waiting'),
          event: opsIdParam.optional(),
          brand: opsIdParam.optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
      },
    },
    async (request) => {
      const q = request.query;
      const brandId = scoped(ctxOf(request), q.brand);
      const events = await desk.events({
        state: q.state,
        now: new Date(now()),
        windowDays: WINDOW_DAYS,
        brandId,
        eventId: q.event,
        limit: q.limit,
      });
      return { result: events };
    },
  );

  app.get(
    '/ops/v1/results/events/:id',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsResultsMarketsResponseSchema),
        summary: "An event's markets with their results and the bets on each (brand-scoped counts)",
        params: z.object({ id: opsIdParam }),
        querystring: z.object({ brand: opsIdParam.optional() }),
      },
    },
    async (request) => {
      const brandId = scoped(ctxOf(request), request.query.brand);
      const markets = await desk.eventMarkets(request.params.id, brandId);
      if (markets.length === 0) throw new HttpError(404, 'not_found', 'event not found or has no markets');
      return { result: { eventId: request.params.id, markets } };
    },
  );
}

/** POST result, void and resettle of one market. */
function registerMarketActions(fastify: FastifyInstance, desk: ResultsDesk): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/ops/v1/markets/:id/result',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsResultReportResponseSchema),
        summary:
          "Result a market from the match's facts (undecidable markets are voided); its bets settle at once",
        params: marketParams,
        body: z.object({ facts: resultFactsSchema, note, preview }),
      },
    },
    act(desk, 'result'),
  );

  app.post(
    '/ops/v1/markets/:id/void',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsResultReportResponseSchema),
        summary: 'Void a market with a reason (a settled one is resettled as void)',
        params: marketParams,
        body: z.object({ reason: z.enum(VOID_REASONS), note, preview }),
      },
    },
    act(desk, 'void'),
  );

  app.post(
    '/ops/v1/markets/:id/resettle',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsResultReportResponseSchema),
        summary: 'Resettle a settled market on corrected facts: reverse, then settle, exactly once',
        params: marketParams,
        body: z.object({ facts: resultFactsSchema, reason: z.enum(RESETTLE_REASONS), note, preview }),
      },
    },
    act(desk, 'resettle'),
  );
}
