import { z } from 'zod';
import { localeSchema } from './common';
import { LOCALES } from './constants';

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
  /** Products a brand offers (issue 35): a brand stored before them offers every one. */
  casino: z.boolean().default(true),
  crash: z.boolean().default(true),
  virtualSports: z.boolean().default(true),
  /**
   * The brand's own promotion rules (issue 36): only ever tighter than the UK's that every brand keeps (wagering at
   * most 10×, a reward's expiry at most 90 days); unset: the UK's.
   */
  promotionMaxWagering: z.number().int().min(1).max(10).optional(),
  promotionMaxExpiryDays: z.number().int().min(1).max(90).optional(),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

/** A brand's help and legal pages: an http(s) address or a path on its own host; null: the app's own page. */
export const brandLinksSchema = z.object({
  help: z.string().nullable(),
  terms: z.string().nullable(),
  privacy: z.string().nullable(),
  responsibleGaming: z.string().nullable(),
});
export type BrandLinks = z.infer<typeof brandLinksSchema>;
export const BRAND_LINKS = ['help', 'terms', 'privacy', 'responsibleGaming'] as const;

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
  /** The languages the brand offers (its default among them). */
  locales: z.array(localeSchema).default([...LOCALES]),
  /** A new client's currency and the brand's reporting time zone (IANA). */
  currencyIso: z.string().default('TRY'),
  timeZone: z.string().default('Europe/Istanbul'),
  links: brandLinksSchema.default({ help: null, terms: null, privacy: null, responsibleGaming: null }),
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
