import { createHash } from 'node:crypto';
import { BANNER_IMAGE_MAX_BYTES, type BannerImageType, type BannerImageUpload } from '@sb/contract';
import { badRequest } from '../../plugins/errors';

/** The first bytes each picture type starts with (WebP: a RIFF container whose form is WEBP). */
const SIGNATURES: Record<BannerImageType, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

export const IMAGE_EXTENSIONS: Record<BannerImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** An uploaded picture's bytes, checked to be what its type says (400 naming `image.data` otherwise). */
export function decodeBannerImage(upload: BannerImageUpload): { bytes: Buffer; hash: string } {
  const bytes = Buffer.from(upload.data, 'base64');
  if (bytes.length === 0 || bytes.length > BANNER_IMAGE_MAX_BYTES)
    throw badRequest('image.data', `a picture of 1 byte to ${BANNER_IMAGE_MAX_BYTES / 1024} KB`);
  if (!SIGNATURES[upload.type](bytes))
    throw badRequest(
      'image.data',
      `the file is not a ${IMAGE_EXTENSIONS[upload.type].toUpperCase()} picture`,
    );
  return { bytes, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16) };
}

/** Where the player app finds a banner's picture (its name changes with its content). */
export const bannerImagePath = (id: number, hash: string, type: BannerImageType) =>
  `/api/v1/banners/images/${id}-${hash}.${IMAGE_EXTENSIONS[type]}`;
