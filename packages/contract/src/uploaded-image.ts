import { z } from 'zod';

/**
 * Pictures uploaded from the desk (banners, brand logos): their type and bytes in base64, kept in the database and
 * served from the brand's own origin. No SVG: it can carry script, and the player app's pages are on that origin.
 */
export const UPLOADED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type UploadedImageType = (typeof UPLOADED_IMAGE_TYPES)[number];

/** The file extension each picture type is served with (its address names it). */
export const UPLOADED_IMAGE_EXTENSIONS: Record<UploadedImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** An upload's body for some of the types and a size limit (in bytes, before base64: 4/3 of them in the body). */
export const imageUploadSchema = <T extends readonly [UploadedImageType, ...UploadedImageType[]]>(
  types: T,
  maxBytes: number,
) =>
  z.object({
    type: z.enum(types),
    data: z
      .string()
      .max(Math.ceil(maxBytes / 3) * 4, `a picture of at most ${maxBytes / 1024} KB`)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64'),
  });
