import type { FastifyPluginAsync } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  builderCompatibleRequestSchema,
  builderCompatibleResponseSchema,
  builderConflictSchema,
  builderPriceRequestSchema,
  builderPriceResponseSchema,
  errorBodySchema,
} from '@sb/contract';
import { badRequest, HttpError } from '../../plugins/errors';
import type { BetBuilder, BuilderRefusal } from './bet-builder.service';
import type { BrandOf } from './fixtures.routes';

const STATE_TEXT: Record<string, string> = {
  closed: 'is closed',
  suspended: 'is suspended',
  event_ended: 'is of an ended event',
  producer_down: 'is suspended (the live feed is down)',
  odd_too_low: 'is not on sale',
  live_blocked: 'is not on sale',
  not_found: 'was not found',
};

/** A refused combination as the player API answers it: 400 naming the field, or 409 for the combination. */
export function builderError(r: BuilderRefusal, eventId: number): HttpError {
  switch (r.code) {
    case 'incompatible':
      return new HttpError(
        409,
        'incompatible',
        `selections ${r.oddIds.join(', ')} cannot all win together`,
        undefined,
        undefined,
        { oddIds: r.oddIds },
      );
    case 'not_offered':
      return new HttpError(409, 'not_offered', 'this combination is not offered at a price within the band');
    case 'not_football':
      return badRequest('eventId', `eventId: event ${eventId} has no bet builder (not a football event)`);
    case 'not_found':
      return badRequest('oddIds', `oddIds: selection ${r.oddId} was not found`);
    case 'other_event':
      return badRequest('oddIds', `oddIds: selection ${r.oddId} is not of event ${eventId}`);
    case 'not_builder':
      return badRequest('oddIds', `oddIds: selection ${r.oddId} cannot be part of a bet builder`);
    case 'leg':
      return badRequest('oddIds', `oddIds: selection ${r.oddId} ${STATE_TEXT[r.state] ?? 'is not on sale'}`);
  }
}

/** The price call's answer (`builderPriceResponseSchema`'s fields). */
interface PriceAnswer {
  result: { odd: number; oddIds: number[]; maxStake: number; id: number };
}

/**
 * The price call's 200 body, its schema's fields written out by name (so nothing else is sent): checking an
 * answer the handler has just built field by field against the schema was a tenth of the call's work. Other
 * statuses (the refusals) go through the schema's serializer.
 */
const priceSerializer = (route: { httpStatus?: string }) =>
  route.httpStatus === '200'
    ? (data: unknown) => {
        const { odd, oddIds, maxStake, id } = (data as PriceAnswer).result;
        return JSON.stringify({ result: { odd, oddIds, maxStake, id } });
      }
    : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);

/** `POST /api/v1/bet-builder/price` and `/compatible` (issue 37): anonymous, priced for the request's brand. */
export function betBuilderRoutes(builder: BetBuilder, brandOf: BrandOf): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/v1/bet-builder/price',
      {
        schema: {
          tags: ['api'],
          summary: 'Price a bet builder: 2–10 selections of one football event, priced together',
          body: builderPriceRequestSchema,
          response: { 200: builderPriceResponseSchema, 400: errorBodySchema, 409: builderConflictSchema },
        },
        serializerCompiler: priceSerializer,
      },
      async (request) => {
        const { eventId, oddIds } = request.body;
        const q = await builder.quote(await brandOf(request), eventId, oddIds);
        if (!('odd' in q)) throw builderError(q, eventId);
        // The quote checked every leg is a selection of the event.
        const id = await builder.idOf(eventId, oddIds);
        return { result: { odd: q.odd, oddIds: q.oddIds, maxStake: q.maxStake, id } };
      },
    );
    app.post(
      '/api/v1/bet-builder/compatible',
      {
        schema: {
          tags: ['api'],
          summary: "The event's selections that can still join the bet builder's legs",
          body: builderCompatibleRequestSchema,
          response: { 200: builderCompatibleResponseSchema, 400: errorBodySchema },
        },
      },
      async (request) => {
        const { eventId, oddIds } = request.body;
        const r = await builder.compatible(await brandOf(request), eventId, oddIds);
        if (r.code !== 'ok') throw builderError(r, eventId);
        return { result: { oddIds: r.oddIds } };
      },
    );
  };
}
