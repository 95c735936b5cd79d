import { z } from 'zod';
import { localeSchema } from './common';
import { featureFlagsSchema, themeSchema } from './tenancy';
import { isTimeZone } from './time-zone';
import { imageUploadSchema, type UploadedImageType } from './uploaded-image';

/**
 * The desk's brands (issue 35 §1): `GET/POST /ops/v1/brands` and `PATCH /ops/v1/brands/{id}`. A brand is the
 * player app's "app" (`getAppByHostname`): the same row, with what only operators see (every host name, cashback,
 * the links the player app reads one by one). Money in minor units, cashback in basis points (1000 = 10 %).
 */
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour is #rrggbb');

/** A host name as a browser sends it: lower case, dot-separated labels of letters, digits and inner dashes. */
export const brandHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'a host name has letters, digits, dashes and dots (example.com)',
  );

const distinct = <T extends z.ZodType>(item: T, what: string, max: number) =>
  z
    .array(item)
    .min(1, `at least one ${what}`)
    .max(max)
    .refine((xs) => new Set(xs as unknown[]).size === xs.length, `a ${what} is listed twice`);

/** The colours an operator picks; the server derives the rest of the theme (`brandTheme`). */
export const brandThemeChoiceSchema = z.object({
  primary: hexColor,
  accent: hexColor,
  scheme: z.enum(['light', 'dark']).default('dark'),
  /** An http(s) address or a path on the brand's host (an uploaded logo's: `PUT …/logo`); none: the default logo. */
  logoUrl: z.string().max(500).optional(),
});

/** A link the brand sets: an http(s) address or a path on its host; null or empty: none. */
const link = z.string().max(500).nullable().optional();
export const brandLinksInputSchema = z.object({
  androidApk: link,
  supportChat: link,
  help: link,
  terms: link,
  privacy: link,
  responsibleGaming: link,
});

const brandFields = {
  name: z.string().trim().min(1).max(60),
  hostnames: distinct(brandHostSchema, 'host name', 20),
  defaultLocale: localeSchema,
  locales: distinct(localeSchema, 'language', 10),
  theme: brandThemeChoiceSchema,
  metaTitle: z.string().trim().min(1).max(120).optional(),
  features: featureFlagsSchema.partial().optional(),
  links: brandLinksInputSchema.optional(),
  currencyIso: z
    .string()
    .regex(/^[A-Z]{3}$/, 'a currency is its three-letter ISO code (TRY)')
    .optional(),
  timeZone: z.string().max(64).refine(isTimeZone, 'not a time zone (Europe/Istanbul)').optional(),
  cashbackBasisPoints: z.number().int().min(0).max(10_000).optional(),
  /** Issue 35 §2: a manual adjustment larger than this (minor units) waits for a second operator. */
  adjustmentApprovalAbove: z.number().int().min(0).max(1_000_000_000_00).optional(),
};

const defaultAmongLocales = (b: { defaultLocale?: string | undefined; locales?: string[] | undefined }) =>
  b.defaultLocale === undefined || b.locales === undefined || b.locales.includes(b.defaultLocale);
const defaultLocaleIssue = {
  message: 'the default language must be one of the languages offered',
  path: ['defaultLocale'],
};

/** `POST /ops/v1/brands`. */
export const opsBrandCreateSchema = z.object(brandFields).refine(defaultAmongLocales, defaultLocaleIssue);
export type OpsBrandCreate = z.input<typeof opsBrandCreateSchema>;

/** `PATCH /ops/v1/brands/{id}`: what changes; host names and languages are replaced as a whole. */
export const opsBrandPatchSchema = z
  .object(brandFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change')
  .refine(defaultAmongLocales, defaultLocaleIssue);
export type OpsBrandPatch = z.input<typeof opsBrandPatchSchema>;

export const opsBrandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first is the primary one (the brand's own links name it). */
  hostnames: z.array(z.string()),
  defaultLocale: localeSchema,
  locales: z.array(localeSchema),
  metaTitle: z.string(),
  theme: themeSchema,
  features: featureFlagsSchema,
  links: z.object({
    androidApk: z.string().nullable(),
    supportChat: z.string().nullable(),
    help: z.string().nullable(),
    terms: z.string().nullable(),
    privacy: z.string().nullable(),
    responsibleGaming: z.string().nullable(),
  }),
  currencyIso: z.string(),
  timeZone: z.string(),
  cashbackBasisPoints: z.number().int(),
  adjustmentApprovalAbove: z.number().int(),
  createdAt: z.string(),
});
export type OpsBrand = z.infer<typeof opsBrandSchema>;
export const opsBrandsResponseSchema = z.object({ result: z.array(opsBrandSchema) });
export const opsBrandResponseSchema = z.object({ result: opsBrandSchema });

/**
 * The types a brand's uploaded logo may be: pictures that cannot carry script (no SVG), drawn in the header as an
 * `<img>` and served from the brand's own origin.
 */
export const BRAND_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const satisfies [
  UploadedImageType,
  ...UploadedImageType[],
];
export type BrandLogoType = (typeof BRAND_LOGO_TYPES)[number];
/** A logo at most: it is drawn 30 px high in the header and preloaded with every first page. */
export const BRAND_LOGO_MAX_BYTES = 100 * 1024;

/**
 * `PUT /ops/v1/brands/{id}/logo`: the brand's own logo (answered with the brand, whose `theme.logoUrl` is then the
 * picture's address on the brand's host, `/api/v1/brand-logo/{hash}.{ext}`). `DELETE` goes back to the drawn logo.
 */
export const opsBrandLogoUploadSchema = imageUploadSchema(BRAND_LOGO_TYPES, BRAND_LOGO_MAX_BYTES);
export type OpsBrandLogoUpload = z.infer<typeof opsBrandLogoUploadSchema>;

/** Where an uploaded logo is served (on the brand's own host): its name is its content's hash. */
export const BRAND_LOGO_PATH_PREFIX = '/api/v1/brand-logo/';
