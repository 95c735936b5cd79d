import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, localeQuerySchema, marketsResponseSchema } from '@sb/contract';
import { requestLocale } from '../../lib/locale';
import type { MarketsService } from './markets.service';

const marketsQuerySchema = localeQuerySchema.extend({ sport: idParamSchema.optional() });

export function marketsRoutes(markets: MarketsService): FastifyPluginAsync {
  return async (fastify) => {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/api/v2/markets',
      {
        schema: {
          tags: ['bsapi'],
          summary: 'Market definitions of every market the product offers',
          querystring: marketsQuerySchema,
          response: { 200: marketsResponseSchema },
        },
      },
      async (request) => {
        return { result: await markets.definitions(requestLocale(request), request.query.sport) };
      },
    );
  };
}
