import {
  OPS_BOOK_SORTS,
  opsEventSuspensionResponseSchema,
  opsLiabilityBookResponseSchema,
  opsLiabilityResponseSchema,
  opsMarketSuspensionResponseSchema,
  opsSelectionSuspensionResponseSchema,
} from '@sb/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, badRequest } from '../../plugins/errors';
import type { SportsModule } from '../sports/index';
import { brandScope, ctxOf } from './access';
import { auditedInTransaction } from './audit-hook';
import type { DeskService } from './desk.service';
import { opsBigIdParam, opsIdParam, opsAnswers } from './ops.schemas';
import { SUSPEND_REASONS, type createTrading } from './trading';

const reasonBody = z.object({
  reason: z.enum(SUSPEND_REASONS),
  note: z.string().max(500).optional(),
});

type TradingRoutesDeps = {
  desk: DeskService;
  sports: SportsModule;
  trading: ReturnType<typeof createTrading>;
};
type SuspendAction = 'suspend' | 'resume';

/** Liability (`GET /ops/v1/liability`) and suspension of a selection, a market or a whole event (suspend / resume). */
export function tradingRoutes(deps: TradingRoutesDeps): FastifyPluginAsync {
  return async (fastify) => {
    registerLiabilityReads(fastify, deps);
    registerBookReads(fastify, deps);
    registerSuspensions(fastify, deps);
  };
}

/** GET the liability of an event or of the matches, in the operator's brand scope. */
function registerLiabilityReads(fastify: FastifyInstance, { desk, sports }: TradingRoutesDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/liability',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsLiabilityResponseSchema),
        summary: 'Liability of an event per market and selection (eventId), or the matches list by net risk',
        querystring: z.object({
          eventId: opsIdParam.optional(),
          brand: opsIdParam.optional(),
          limit: z.coerce.number().int().min(1).max(500).default(50),
        }),
      },
    },
    async (request) => {
      const q = request.query;
      const brandId = brandScope(ctxOf(request), q.brand);
      if (q.eventId !== undefined) {
        if (!(await sports.eventExists(q.eventId))) throw new HttpError(404, 'not_found', 'event not found');
        return { result: await desk.eventLiability(q.eventId, brandId) };
      }
      return { result: await desk.matchesLiability(brandId, q.limit) };
    },
  );
}

/** GET the open book, in the operator's brand scope. */
function registerBookReads(fastify: FastifyInstance, { desk }: TradingRoutesDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/liability/book',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsLiabilityBookResponseSchema),
        summary:
          'The open book: events with their worst case and payout if every bet wins, rolled up by sport, competition and client; filtered by sport, competition and start time, sorted',
        querystring: z.object({
          sport: opsIdParam.optional(),
          competition: opsIdParam.optional(),
          from: z.iso.datetime({ offset: true }).optional(),
          to: z.iso.datetime({ offset: true }).optional(),
          sort: z.enum(OPS_BOOK_SORTS).default('worst'),
          brand: opsIdParam.optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
      },
    },
    async (request) => {
      const q = request.query;
      const brandId = brandScope(ctxOf(request), q.brand);
      const from = q.from === undefined ? undefined : new Date(q.from);
      const to = q.to === undefined ? undefined : new Date(q.to);
      if (from && to && to <= from) throw badRequest('to', 'the window ends after it starts');
      const result = await desk.bookLiability(brandId, {
        sportId: q.sport,
        competitionId: q.competition,
        from,
        to,
        sort: q.sort,
        limit: q.limit,
      });
      return { result };
    },
  );
}

/**
 * POST suspend and resume of a market, a selection and an event, registered action by action.
 * Suspension is audited by the trading service, in the transaction that changes the market's state.
 */
function registerSuspensions(fastify: FastifyInstance, deps: TradingRoutesDeps): void {
  for (const action of ['suspend', 'resume'] as const) {
    registerMarketSuspension(fastify, deps, action);
    registerSelectionSuspension(fastify, deps, action);
    registerEventSuspension(fastify, deps, action);
  }
}

/** POST /ops/v1/markets/:id/{suspend,resume}. */
function registerMarketSuspension(
  fastify: FastifyInstance,
  { trading }: TradingRoutesDeps,
  action: SuspendAction,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    `/ops/v1/markets/:id/${action}`,
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsMarketSuspensionResponseSchema),
        summary: `${action === 'suspend' ? 'Suspend' : 'Resume'} a market (reason code required to suspend)`,
        params: z.object({ id: opsBigIdParam }),
        body: action === 'suspend' ? reasonBody : reasonBody.partial().optional(),
      },
    },
    async (request) => {
      const reason = (request.body as { reason?: string } | undefined)?.reason ?? null;
      const result = await trading.market(ctxOf(request), request.params.id, action, reason, request.ip);
      auditedInTransaction(request);
      return { result };
    },
  );
}

/** POST /ops/v1/selections/:id/{suspend,resume}. */
function registerSelectionSuspension(
  fastify: FastifyInstance,
  { trading }: TradingRoutesDeps,
  action: SuspendAction,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    `/ops/v1/selections/:id/${action}`,
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsSelectionSuspensionResponseSchema),
        summary: `${action === 'suspend' ? 'Suspend' : 'Resume'} one selection alone (reason code required to suspend)`,
        params: z.object({ id: opsBigIdParam }),
        body: action === 'suspend' ? reasonBody : reasonBody.partial().optional(),
      },
    },
    async (request) => {
      const reason = (request.body as { reason?: string } | undefined)?.reason ?? null;
      const result = await trading.selection(ctxOf(request), request.params.id, action, reason, request.ip);
      auditedInTransaction(request);
      return { result };
    },
  );
}

/** POST /ops/v1/events/:id/{suspend,resume}. */
function registerEventSuspension(
  fastify: FastifyInstance,
  { sports, trading }: TradingRoutesDeps,
  action: SuspendAction,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    `/ops/v1/events/:id/${action}`,
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsEventSuspensionResponseSchema),
        summary: `${action === 'suspend' ? 'Suspend' : 'Resume'} every open market of an event`,
        params: z.object({ id: opsIdParam }),
        body: action === 'suspend' ? reasonBody : reasonBody.partial().optional(),
      },
    },
    async (request) => {
      const reason = (request.body as { reason?: string } | undefined)?.reason ?? null;
      const result = await trading.event(
        ctxOf(request),
        request.params.id,
        action,
        reason,
        request.ip,
        sports.eventExists,
      );
      auditedInTransaction(request);
      return { result };
    },
  );
}
