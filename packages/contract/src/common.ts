import { z } from 'zod';

import { LOCALES } from './constants';

export const localeSchema = z.enum(LOCALES);

/** Every error response: a stable code, a human message and, for bad input, the offending field. */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Optional locale query parameter every call carries (`locale`, or `_locale` on some calls). */
export const localeQuerySchema = z.object({
  locale: localeSchema.optional(),
  _locale: localeSchema.optional(),
  t: z.string().max(64).optional(),
});
