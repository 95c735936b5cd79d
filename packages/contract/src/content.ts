import { z } from 'zod';
import { localeSchema } from './common';

/** Flat translation table: dotted keys (`auth.login_error`) to text. */
export const translationTableSchema = z.record(z.string(), z.string());
export type TranslationTable = z.infer<typeof translationTableSchema>;

export const translationsResponseSchema = z.object({
  result: z.object({ locale: localeSchema, translation: translationTableSchema }),
});

export const localesResponseSchema = z.object({
  result: z.array(z.object({ locale: localeSchema, name: z.string() })),
});
export type TranslationsResponse = z.infer<typeof translationsResponseSchema>;
export type LocalesResponse = z.infer<typeof localesResponseSchema>;
