import { z } from 'zod';
import { localeSchema } from './common';
import { imageUploadSchema, type UploadedImageType } from './uploaded-image';

/**
 * A brand's banners (issue 35 §1): pictures with a link, shown on the player app's home and casino pages in the
 * brand's order, for one language or all, between a start and an end. The pictures are uploaded from the desk and
 * served from the brand's own origin (`/api/v1/banners/images/…`): the player app's CSP allows no other host.
 */
export const BANNER_PLACEMENTS = ['home', 'casino'] as const;
export type BannerPlacement = (typeof BANNER_PLACEMENTS)[number];
export const bannerPlacementSchema = z.enum(BANNER_PLACEMENTS);

/** The picture types a banner may be (the browsers of spec §1 show them all). */
export const BANNER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const satisfies [
  UploadedImageType,
  ...UploadedImageType[],
];
export type BannerImageType = (typeof BANNER_IMAGE_TYPES)[number];
/** A banner's picture at most (a 1200×400 JPEG or WebP is 60–150 KB): the home page's largest paint. */
export const BANNER_IMAGE_MAX_BYTES = 400 * 1024;

/** An https address: a host name of letters, digits, dots and hyphens, a port, then anything but spaces. */
const HTTPS_ADDRESS =
  /^https:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?([/?#]\S*)?$/i;

/**
 * Where a banner leads: a path of the player app (`/casino/slots`, `/tr/live`) or an https address. No other
 * scheme (javascript:, data:, http:), no protocol-relative `//host`.
 */
export const bannerLinkSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine((text) => {
    if (/\s/.test(text) || [...text].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f')) return false;
    if (/^\/(?!\/|\\)/.test(text)) return true;
    return HTTPS_ADDRESS.test(text);
  }, 'a path of the app starting with / or an https:// address');

/** The alt text of the picture per language (the player sees their language's, else the brand's default). */
export const bannerAltSchema = z
  .partialRecord(localeSchema, z.string().trim().min(1).max(200))
  .refine((alt) => Object.keys(alt).length > 0, 'an alt text in at least one language');

/** A banner as the player app shows it. */
export const bannerSchema = z.object({
  id: z.number().int(),
  /** The picture on the brand's origin; its name changes with its content (cached for good). */
  image: z.string(),
  link: z.string(),
  /** Whether the link leaves the app (an https address opens in a new tab). */
  external: z.boolean(),
  alt: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** `GET /api/v1/banners?placement=home|casino` (the request's brand and locale, active now, in order). */
export const bannersQuerySchema = z.object({
  placement: bannerPlacementSchema,
  locale: localeSchema.optional(),
});
export const bannersResponseSchema = z.object({ result: z.array(bannerSchema) });
export type BannersResponse = z.infer<typeof bannersResponseSchema>;

/** A banner as the desk reads it (`GET /ops/v1/brands/{id}/banners`). `position`: 1 first, per placement. */
export const opsBannerSchema = z.object({
  id: z.number().int(),
  brandId: z.number().int(),
  placement: bannerPlacementSchema,
  /** null: every language of the brand. */
  locale: localeSchema.nullable(),
  imageUrl: z.string(),
  link: z.string(),
  alt: z.partialRecord(localeSchema, z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  position: z.number().int(),
  enabled: z.boolean(),
  /** Shown to players now: enabled and now within [startsAt, endsAt). */
  live: z.boolean(),
  createdAt: z.string(),
});
export type OpsBanner = z.infer<typeof opsBannerSchema>;

/** An uploaded picture: its type and its bytes in base64 (the desk reads the file it was given). */
export const bannerImageUploadSchema = imageUploadSchema(BANNER_IMAGE_TYPES, BANNER_IMAGE_MAX_BYTES);
export type BannerImageUpload = z.infer<typeof bannerImageUploadSchema>;

const position = z.number().int().min(1).max(1000);

/** `POST /ops/v1/brands/{id}/banners`. Without `position` the banner goes last of its placement. */
export const opsBannerCreateSchema = z.strictObject({
  placement: bannerPlacementSchema,
  locale: localeSchema.nullable(),
  image: bannerImageUploadSchema,
  link: bannerLinkSchema,
  alt: bannerAltSchema,
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  position: position.optional(),
  enabled: z.boolean().default(true),
});
export type OpsBannerCreate = z.input<typeof opsBannerCreateSchema>;

/** `PATCH /ops/v1/brands/{id}/banners/{bannerId}`: its order, switch, times, link or alt texts. */
export const opsBannerPatchSchema = z
  .strictObject({
    position,
    enabled: z.boolean(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    link: bannerLinkSchema,
    alt: bannerAltSchema,
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change');
export type OpsBannerPatch = z.infer<typeof opsBannerPatchSchema>;

export const opsBannersResponseSchema = z.object({ result: z.array(opsBannerSchema) });
export const opsBannerResponseSchema = z.object({ result: opsBannerSchema });
export const opsBannerDeletedResponseSchema = z.object({ result: z.object({ id: z.number().int() }) });
