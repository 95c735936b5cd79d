import { z } from 'zod';
import { idParamSchema, localeSchema } from './common';

/**
 * Casino catalogue calls of spec §7, shared by the casino server module and the casino web screens.
 * The game platform's own calls (sessions, spins, tables, the seamless-wallet contract) live in casino-games.ts.
 */

/** A query flag: `1`/`true` or `0`/`false`. */
const flagSchema = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** `provider` may repeat (`provider=3&provider=5`), use brackets (`provider[]=3`) or be a comma list. */
const providerListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter((s) => s !== ''))
  .pipe(z.array(idParamSchema).max(50));

export const casinoProviderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_live: z.boolean(),
});
export type CasinoProvider = z.infer<typeof casinoProviderSchema>;

/** Spec §3 Casino game, plus what the tiles and game page show (NEU badge, RTP, volatility). */
export const casinoGameSchema = z.object({
  id: z.number().int(),
  /** The id `playnow` takes as gameId. */
  extended_id: z.string(),
  name: z.string(),
  /** Absolute path of the server-drawn thumbnail, ending in `.gif`; the same path with `.jpg` also answers. */
  thumbnail: z.string(),
  is_popular: z.boolean(),
  /** Released less than CASINO_NEW_DAYS days ago: the tile shows the NEU badge. */
  is_new: z.boolean(),
  is_live: z.boolean(),
  vendor: z.object({ id: z.number().int(), name: z.string() }),
  categories: z.array(z.number().int()),
  /** Declared return to player in percent, e.g. 96.2. */
  rtp: z.number(),
  volatility: z.enum(['low', 'medium', 'high']),
  /** Fun-money play without login is offered. */
  demo: z.boolean(),
});
export type CasinoGame = z.infer<typeof casinoGameSchema>;

/** GET {core}/api/v1/casino/games. `per_page` defaults to 14 (7 for provider strips, 60 on slot/live pages). */
export const casinoGamesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(14),
  isPopular: flagSchema.optional(),
  category: idParamSchema.optional(),
  provider: providerListSchema.optional(),
  'provider[]': providerListSchema.optional(),
  isLive: flagSchema.optional(),
  device: z.enum(['mobile', 'desktop']).optional(),
  locale: localeSchema.optional(),
  _locale: localeSchema.optional(),
  t: z.string().max(64).optional(),
});
export type CasinoGamesQuery = z.infer<typeof casinoGamesQuerySchema>;

export const casinoGamesResponseSchema = z.object({
  result: z.array(casinoGameSchema),
  pagination: z.object({ page: z.number().int(), per_page: z.number().int(), totalCount: z.number().int() }),
});
export type CasinoGamesResponse = z.infer<typeof casinoGamesResponseSchema>;

/** GET /api/v1/search/casino/{text}: `q` repeats the text; `live` limits to live (or non-live) providers. */
export const casinoSearchQuerySchema = z.object({
  q: z.string().max(100).optional(),
  device: z.enum(['mobile', 'desktop']).optional(),
  raw: flagSchema.optional(),
  provider: providerListSchema.optional(),
  'provider[]': providerListSchema.optional(),
  live: flagSchema.optional(),
  locale: localeSchema.optional(),
  _locale: localeSchema.optional(),
  t: z.string().max(64).optional(),
});
export const casinoSearchResponseSchema = z.object({ result: z.array(casinoGameSchema) });
export type CasinoSearchResponse = z.infer<typeof casinoSearchResponseSchema>;

/** GET /api/v1/casino/providers (optional access_token): every listed provider; screens filter on is_live. */
export const casinoProvidersResponseSchema = z.object({ result: z.array(casinoProviderSchema) });
export type CasinoProvidersResponse = z.infer<typeof casinoProvidersResponseSchema>;

/**
 * Navigation {api}/api/v1/casino/playnow?mobile=1&gameId={extended_id}&access_token=…: checks the token, opens a
 * game session and redirects (302) to the game page. `demo=1` without a token opens fun-money play.
 */
export const casinoPlayNowQuerySchema = z.object({
  gameId: z.string().min(1).max(64),
  mobile: flagSchema.optional(),
  access_token: z.string().max(200).optional(),
  demo: flagSchema.optional(),
  locale: localeSchema.optional(),
  _locale: localeSchema.optional(),
  t: z.string().max(64).optional(),
});
export type CasinoPlayNowQuery = z.infer<typeof casinoPlayNowQuerySchema>;

/**
 * Casino favourites and recently played of the logged-in client (bearer):
 * GET /api/v1/casino/favorites, POST /api/v1/casino/favorites {gameId} adds, DELETE /api/v1/casino/favorites/{gameId}
 * removes (both answer the new list); GET /api/v1/casino/recent (latest first, at most 14).
 */
export const casinoFavoriteRequestSchema = z.object({ gameId: z.number().int().min(1).max(2_147_483_647) });
export const casinoGameListResponseSchema = z.object({ result: z.array(casinoGameSchema) });
export type CasinoGameListResponse = z.infer<typeof casinoGameListResponseSchema>;
