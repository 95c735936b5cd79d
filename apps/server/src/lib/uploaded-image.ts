import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { UPLOADED_IMAGE_EXTENSIONS, type UploadedImageType } from '@sb/contract';

/** The first bytes each picture type starts with (WebP: a RIFF container whose form is WEBP). */
const SIGNATURES: Record<UploadedImageType, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/**
 * An uploaded picture's bytes, checked to be what its type says and at most `maxBytes` (else `refuse`'s error is
 * thrown: the route's 400 naming its field), with the first 16 hex of their SHA-256: its address names its content.
 */
export function decodeUploadedImage(
  upload: { type: UploadedImageType; data: string },
  maxBytes: number,
  refuse: (message: string) => Error,
): { bytes: Buffer; hash: string } {
  const bytes = Buffer.from(upload.data, 'base64');
  if (bytes.length === 0 || bytes.length > maxBytes)
    throw refuse(`a picture of 1 byte to ${maxBytes / 1024} KB`);
  if (!SIGNATURES[upload.type](bytes))
    throw refuse(`the file is not a ${UPLOADED_IMAGE_EXTENSIONS[upload.type].toUpperCase()} picture`);
  return { bytes, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16) };
}

/** A route's body limit for an upload of at most `maxBytes`: its base64 (4/3 of them) and the rest of the form. */
export const uploadBodyLimit = (maxBytes: number) => Math.ceil((maxBytes * 4) / 3) + 16 * 1024;

/**
 * Sends an uploaded picture under its content-named address: cached for good, never sniffed as anything but its
 * type (the bytes were checked against it when uploaded).
 */
export const sendUploadedImage = (reply: FastifyReply, type: UploadedImageType, bytes: Buffer) =>
  reply
    .type(type)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
