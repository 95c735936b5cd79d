import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bonusesResponseSchema,
  cashbackClaimResponseSchema,
  cashbackClaimSchema,
  errorBodySchema,
  localeQuerySchema,
  optInResponseSchema,
  optInSchema,
} from '@sb/contract';
import type { Auth } from '../identity/index';
import type { Cashback } from './cashback';
import type { PromotionsService } from './promotions.service';

/** What a client's action on a campaign may answer besides 200 (bad input, no token, not theirs, refused). */
const refusals = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/**
 * `GET /api/v1/bonuses`: the client's own rewards (bearer; nobody else's can be asked for), cashback not claimed
 * yet and opt-in campaigns to join; `POST /api/v1/bonuses/cashback` claims a cashback campaign's amount, once;
 * `POST /api/v1/bonuses/opt-in` joins an opt-in campaign.
 */
export function bonusesRoutes(
  service: PromotionsService,
  cashback: Cashback,
  auth: Auth,
): FastifyPluginAsync {
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
    app.post(
      '/api/v1/bonuses/opt-in',
      {
        schema: {
          tags: ['api'],
          summary:
            'Join an opt-in campaign of the client’s brand: its reward is given at once, once (bearer)',
          body: optInSchema,
          response: { 200: optInResponseSchema, ...refusals },
        },
      },
      async (request) => {
        const client = await auth.requireClient(request);
        return { result: await service.optIn(client, request.body.campaignId) };
      },
    );
    app.post(
      '/api/v1/bonuses/cashback',
      {
        schema: {
          tags: ['api'],
          summary: 'Claim a cashback campaign’s amount into the cash balance, once (bearer)',
          body: cashbackClaimSchema,
          response: { 200: cashbackClaimResponseSchema, ...refusals },
        },
      },
      async (request) => {
        const client = await auth.requireClient(request);
        return { result: await cashback.claim(client, request.body.campaignId) };
      },
    );
  };
}
