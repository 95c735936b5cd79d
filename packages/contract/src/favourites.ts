import { z } from 'zod';
import { idSchema, INT32_MAX } from './common';

/** Favourite kinds of spec §3: 1 a match (event id), 2 a competition (competition id). */
export const FAVOURITE_TYPES = { match: 1, competition: 2 } as const;
export type FavouriteType = (typeof FAVOURITE_TYPES)[keyof typeof FAVOURITE_TYPES];

export const favouriteSchema = z.object({
  type: z.union([z.literal(1), z.literal(2)]),
  id: idSchema,
});
export type Favourite = z.infer<typeof favouriteSchema>;

/** `GET /api/v2/favs`, and the answer of save and remove: the client's whole list, oldest first. */
export const favouritesResponseSchema = z.object({
  result: z.object({ data: z.array(favouriteSchema) }),
});
export type FavouritesResponse = z.infer<typeof favouritesResponseSchema>;

/** A JSON number, or the same number as text (form-encoded bodies carry only text). */
const numberOrDigits = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d{1,10}$/, 'must be a whole number')
    .transform(Number),
]);

/** `POST /api/v1/favorite/save` and `/remove`: JSON or form-encoded `{type, id}`. */
export const favouriteRequestSchema = z.object({
  type: numberOrDigits.pipe(
    z.union([z.literal(1), z.literal(2)], { error: 'must be 1 (match) or 2 (competition)' }),
  ),
  id: numberOrDigits.pipe(z.number().int().min(1).max(INT32_MAX)),
});
export type FavouriteRequest = z.input<typeof favouriteRequestSchema>;
