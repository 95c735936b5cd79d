import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  casinoFavoriteRequestSchema,
  casinoGameListResponseSchema,
  casinoGamesQuerySchema,
  casinoGamesResponseSchema,
  casinoProvidersResponseSchema,
  casinoSearchQuerySchema,
  casinoSearchResponseSchema,
  errorBodySchema,
  idParamSchema,
  localeQuerySchema,
} from '@sb/contract';
import type { ZodApp } from '../../../lib/zod-app';
import { notFound } from '../../../plugins/errors';
import type { Auth } from '../../identity/index';
import type { CatalogueService } from './catalogue.service';
import type { ThumbnailStore } from './thumbnail-store';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const both = <T>(a: T[] | undefined, b: T[] | undefined) =>
  a || b ? [...(a ?? []), ...(b ?? [])] : undefined;

const tags = ['casino'];

/** What the catalogue's routes use. */
interface CatalogueRoutesDeps {
  catalogue: CatalogueService;
  auth: Auth;
  thumbnails: ThumbnailStore;
  /** The brand of the request (its overlay applies), or null when the host is no brand's: the shared catalogue. */
  brandOf: (request: FastifyRequest) => Promise<number | null>;
}

/** Spec §7 catalogue calls, casino favourites and recently played, and the server-drawn thumbnails (§8). */
export function catalogueRoutes(deps: CatalogueRoutesDeps): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    registerCatalogueReads(app, deps);
    registerFavourites(app, deps);
    registerRecent(app, deps);
    registerThumbnails(app, deps);
  };
}

/** The lobby's games, the search and the studios, each with the request's brand overlay. */
function registerCatalogueReads(app: ZodApp, { catalogue, brandOf }: CatalogueRoutesDeps): void {
  app.get(
    '/api/v1/casino/games',
    {
      schema: {
        tags,
        summary: 'Casino games, paged (per_page 14; 7 for provider strips, 60 on slot/live pages)',
        querystring: casinoGamesQuerySchema,
        response: { 200: casinoGamesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const filter = {
        isPopular: q.isPopular,
        category: q.category,
        providers: both(q.provider, q['provider[]']),
        isLive: q.isLive,
        appId: await brandOf(request),
      };
      return catalogue.games(filter, q.page, q.per_page);
    },
  );

  app.get(
    '/api/v1/search/casino/:text',
    {
      schema: {
        tags,
        summary: 'Games whose name (or studio) contains the text; live limits to live or non-live studios',
        params: z.object({ text: z.string().trim().min(1).max(100) }),
        querystring: casinoSearchQuerySchema,
        response: { 200: casinoSearchResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const result = await catalogue.search(request.params.text, {
        providers: both(q.provider, q['provider[]']),
        isLive: q.live,
        appId: await brandOf(request),
      });
      return { result };
    },
  );

  app.get(
    '/api/v1/casino/providers',
    {
      schema: {
        tags,
        summary: 'Game studios (the slot pages keep the non-live ones, live casino the live ones)',
        querystring: localeQuerySchema.extend({ access_token: z.string().max(200).optional() }),
        response: { 200: casinoProvidersResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await catalogue.providers(await brandOf(request)) }),
  );
}

/** The logged-in client's favourite games. */
function registerFavourites(app: ZodApp, { catalogue, auth }: CatalogueRoutesDeps): void {
  app.get(
    '/api/v1/casino/favorites',
    {
      schema: {
        tags,
        summary: "The client's favourite games",
        querystring: localeQuerySchema,
        response: { 200: casinoGameListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await auth.requireClient(request);
      return { result: await catalogue.favorites(user.id, user.appId) };
    },
  );

  app.post(
    '/api/v1/casino/favorites',
    {
      schema: {
        tags,
        summary: 'Adds a favourite game; answers the new list',
        querystring: localeQuerySchema,
        body: casinoFavoriteRequestSchema,
        response: { 200: casinoGameListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await auth.requireClient(request);
      return { result: await catalogue.addFavorite(user.id, request.body.gameId, user.appId) };
    },
  );

  app.delete(
    '/api/v1/casino/favorites/:gameId',
    {
      schema: {
        tags,
        summary: 'Removes a favourite game; answers the new list',
        params: z.object({ gameId: idParamSchema }),
        querystring: localeQuerySchema,
        response: { 200: casinoGameListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await auth.requireClient(request);
      return { result: await catalogue.removeFavorite(user.id, request.params.gameId, user.appId) };
    },
  );
}

/** The games the logged-in client played lately. */
function registerRecent(app: ZodApp, { catalogue, auth }: CatalogueRoutesDeps): void {
  app.get(
    '/api/v1/casino/recent',
    {
      schema: {
        tags,
        summary: 'Games the client played, latest first (at most 14)',
        querystring: localeQuerySchema,
        response: { 200: casinoGameListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await auth.requireClient(request);
      return { result: await catalogue.recent(user.id, user.appId) };
    },
  );
}

/** The game tile pictures the server draws. */
function registerThumbnails(app: ZodApp, { thumbnails }: CatalogueRoutesDeps): void {
  app.get(
    '/api/v1/casino/thumbnails/:file',
    {
      schema: {
        tags,
        summary: 'A game tile picture drawn by the server: {id}-{version}.gif, or .jpg (the §8 fallback)',
        params: z.object({
          file: z.string().regex(/^\d{1,10}-[0-9a-f]{10}\.(gif|jpg)$/, '{id}-{version}.gif or .jpg'),
        }),
      },
    },
    async (request, reply) => {
      const [name, ext] = request.params.file.split('.') as [string, 'gif' | 'jpg'];
      const [idText, version] = name.split('-') as [string, string];
      const id = idParamSchema.safeParse(idText);
      if (!id.success) throw notFound('thumbnail');
      const picture = await thumbnails.get(id.data, ext);
      // The version names the picture's content: a current one may be cached for good, an old one only briefly.
      const current = picture.version === version;
      return reply
        .type(ext === 'gif' ? 'image/gif' : 'image/jpeg')
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .send(picture.bytes);
    },
  );
}
