import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import etag from '@fastify/etag';

/** Responses smaller than this are sent as they are. */
export const COMPRESS_THRESHOLD_BYTES = 1_024;

/**
 * HTTP response compression (brotli at a fast quality, else gzip) and ETags with 304 revalidation for every
 * route registered after this. A route that sends bytes it already encoded (the event read model's cached
 * bodies, precompressed static files) sets Content-Encoding and is left alone; a route that sets its own ETag
 * keeps it. The ETag is computed before compression, so it names the content, whatever its encoding (weak).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(etag, { weak: true });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Request bodies are small forms and JSON: no compressed uploads.
    globalDecompression: false,
  });
}
