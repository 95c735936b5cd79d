import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bonusesResponseSchema, errorBodySchema, localeQuerySchema } from '@sb/contract';
import type { Auth } from '../identity/index';
import type { PromotionsService } from './promotions.service';

/** `GET /api/v1/bonuses`: the client's own rewards (bearer; nobody else's can be asked for). */
export function bonusesRoutes(service: PromotionsService, auth: Auth): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/v1/bonuses',
      {
        schema: {
          tags: ['api'],
          summary: 'The client’s rewards (free bets), newest first, with their terms and status',
          querystring: localeQuerySchema,
          response: { 200: bonusesResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) => {
        const client = await auth.requireClient(request);
        return { result: await service.rewardsOf(client) };
      },
    );
  };
}
