import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { notModified, weakEtag } from '../lib/encoded-body';

/** Responses smaller than this are sent as they are. */
export const COMPRESS_THRESHOLD_BYTES = 1_024;

/** Methods whose answers a cache may keep and revalidate (RFC 9110 §13.1.2: a 304 answers only these). */
const REVALIDATED = new Set(['GET', 'HEAD']);

/**
 * HTTP response compression (brotli at a fast quality, else gzip) and ETags with 304 revalidation for every
 * route registered after this. A route that sends bytes it already encoded (the event read model's cached
 * bodies, precompressed static files) sets Content-Encoding and is left alone; a route that sets its own ETag
 * keeps it. The ETag is computed before compression, so it names the content, whatever its encoding (weak).
 * Only GET and HEAD answers with status 200 get one: no cache keeps a POST's answer by its ETag, and a POST is never answered
 * 304 (`@fastify/etag` hashed every answer, a tenth of the bet builder's price call, and could 304 a POST).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    // A 304 stands in for a 200 only (RFC 9110 §15.4.5): an error or a redirect is sent as it is, without an ETag.
    if (!REVALIDATED.has(request.method) || reply.statusCode !== 200) return payload;
    if (!(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
    let etag = reply.getHeader('etag');
    if (etag === undefined) reply.header('etag', (etag = weakEtag(payload)));
    if (!notModified(request, String(etag))) return payload;
    reply.code(304);
    return '';
  });
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
