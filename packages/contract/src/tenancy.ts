import { z } from 'zod';
import { localeSchema } from './common';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** Brand colours and logo: applied by the web as CSS variables. */
export const themeSchema = z.object({
  primary: hexColor,
  primaryContrast: hexColor,
  accent: hexColor,
  background: hexColor,
  surface: hexColor,
  text: hexColor,
  textMuted: hexColor,
  logoUrl: z.string(),
});
export type Theme = z.infer<typeof themeSchema>;

export const featureFlagsSchema = z.object({
  homeVariant: z.union([z.literal(1), z.literal(2)]),
  hideResultsTile: z.boolean(),
  hideCasinoLinks: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

/** The operator's app (brand) as resolved from the visitor's host name. */
export const appSchema = z.object({
  id: z.number().int(),
  hostname: z.string(),
  name: z.string(),
  defaultLocale: localeSchema,
  theme: themeSchema,
  features: featureFlagsSchema,
  androidApkUrl: z.string().nullable(),
  supportChatUrl: z.string().nullable(),
  metaTitle: z.string(),
});
export type App = z.infer<typeof appSchema>;

export const hostParamsSchema = z.object({
  host: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[a-zA-Z0-9.-]+$/, 'a host name has only letters, digits, dots and dashes'),
});

export const clientCredentialSchema = z.object({ client_id: z.string(), client_secret: z.string() });
export type ClientCredential = z.infer<typeof clientCredentialSchema>;
