import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** The back office's build (apps/backoffice/dist), from the source tree or from the server's bundle. */
export function backofficeDistDir(): string | null {
  const candidates = ['../../../backoffice/dist', '../../backoffice/dist'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  return candidates.find((dir) => existsSync(`${dir}/index.html`)) ?? null;
}

/**
 * Serves the operators' desk under /backoffice/: its own bundle, never part of the player app's pages. The page
 * is not cached (a new build shows at once); hashed assets are immutable. Not built → 404 JSON.
 */
export async function registerBackoffice(app: FastifyInstance, dist = backofficeDistDir()): Promise<void> {
  if (!dist) return;
  app.get('/backoffice', { schema: { hide: true } }, (_request, reply) => reply.redirect('/backoffice/'));
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/backoffice/',
    decorateReply: false,
    index: ['index.html'],
    setHeaders(res, path) {
      res.header(
        'cache-control',
        /\/assets\//.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // The desk is an operator tool: no framing, no referrer leaking ids.
      res.header('x-frame-options', 'DENY');
      res.header('referrer-policy', 'no-referrer');
    },
    allowedPath: (path) => !path.endsWith('.map'),
  });
}
