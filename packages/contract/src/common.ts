import { z } from 'zod';

/** Locales the product ships complete translation tables for. */
export const LOCALES = ['en', 'tr'] as const;
export const DEFAULT_LOCALE = 'en';
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

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
