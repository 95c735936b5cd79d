import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  favouriteRequestSchema,
  favouritesResponseSchema,
  localeQuerySchema,
} from '@sb/contract';
import { bearerToken, type Auth } from '../identity/index';
import type { FavouritesService } from './favourites.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** `X-Token: <token>` (spec §7; a `Bearer ` prefix is tolerated), else the usual bearer headers. */
function xToken(request: FastifyRequest): string | null {
  const header = request.headers['x-token'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim().replace(/^Bearer\s+/i, '');
  return bearerToken(request);
}

export function favouritesRoutes(service: FavouritesService, auth: Auth): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['favourites'];

    app.get(
      '/api/v2/favs',
      {
        schema: {
          tags,
          summary: "The client's favourite matches (type 1) and competitions (type 2) (X-Token or bearer)",
          querystring: localeQuerySchema,
          response: { 200: favouritesResponseSchema, ...errors },
        },
      },
      async (request) => {
        const client = await auth.requireClientToken(request, xToken(request));
        return { result: { data: await service.list(client) } };
      },
    );

    const change = (path: string, summary: string, run: 'save' | 'remove') =>
      app.post(
        path,
        {
          schema: {
            tags,
            summary,
            querystring: localeQuerySchema,
            body: favouriteRequestSchema,
            response: { 200: favouritesResponseSchema, 409: errorBodySchema, ...errors },
          },
        },
        async (request) => {
          const client = await auth.requireClient(request);
          return { result: { data: await service[run](client, request.body) } };
        },
      );
    change(
      '/api/v1/favorite/save',
      'Add a favourite {type, id}; saving again changes nothing (bearer)',
      'save',
    );
    change('/api/v1/favorite/remove', 'Remove a favourite {type, id} (bearer)', 'remove');
  };
}
