import { z } from 'zod';
import { CASINO_POPULAR_CATEGORIES } from './constants';

/**
 * A brand's casino catalogue from the desk (issue 35 §1): `GET /ops/v1/brands/{id}/casino`,
 * `PATCH /ops/v1/brands/{id}/casino/games/{gameId}` and `…/providers/{providerId}`. The catalogue is shared by every
 * brand; a brand hides providers and games of it, orders its lobby and marks its popular games and their popular
 * categories (spec §9: 75–78 and 80). `place` is the game's place in the brand's lobby, 1 first.
 */
export const opsBrandCasinoProviderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isLive: z.boolean(),
  enabled: z.boolean(),
});
export type OpsBrandCasinoProvider = z.infer<typeof opsBrandCasinoProviderSchema>;

const popularCategorySchema = z
  .number()
  .int()
  .refine((c) => (CASINO_POPULAR_CATEGORIES as readonly number[]).includes(c), {
    message: `a popular category is one of ${CASINO_POPULAR_CATEGORIES.join(', ')}`,
  });

export const opsBrandCasinoGameSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  provider: z.object({ id: z.number().int(), name: z.string() }),
  /** Shown on the brand: the game and its provider are enabled there. */
  enabled: z.boolean(),
  /** The game's own switch on the brand (its provider may still hide it). */
  gameEnabled: z.boolean(),
  place: z.number().int(),
  popular: z.boolean(),
  popularCategories: z.array(z.number().int()),
});
export type OpsBrandCasinoGame = z.infer<typeof opsBrandCasinoGameSchema>;

export const opsBrandCasinoResponseSchema = z.object({
  result: z.object({
    providers: z.array(opsBrandCasinoProviderSchema),
    games: z.array(opsBrandCasinoGameSchema),
  }),
});
export type OpsBrandCasinoResponse = z.infer<typeof opsBrandCasinoResponseSchema>;

export const opsBrandCasinoGamePatchSchema = z
  .object({
    enabled: z.boolean(),
    /** The place in the brand's lobby (1 first); the games between move by one. */
    position: z.number().int().min(1).max(100_000),
    popular: z.boolean(),
    popularCategories: z.array(popularCategorySchema).max(CASINO_POPULAR_CATEGORIES.length),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change');
export type OpsBrandCasinoGamePatch = z.infer<typeof opsBrandCasinoGamePatchSchema>;

export const opsBrandCasinoProviderPatchSchema = z.object({ enabled: z.boolean() });
export type OpsBrandCasinoProviderPatch = z.infer<typeof opsBrandCasinoProviderPatchSchema>;

export const opsBrandCasinoGameResponseSchema = z.object({ result: opsBrandCasinoGameSchema });
export const opsBrandCasinoProviderResponseSchema = z.object({ result: opsBrandCasinoProviderSchema });
