import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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

/** A path of a file (its last segment has an extension): a missing one is a 404, never the desk's page. */
const FILE_PATH = /\/[^/]*\.[^/]*$/;

/**
 * Serves the operators' desk under /backoffice/: its own bundle, never part of the player app's pages. The page
 * is not cached (a new build shows at once); hashed assets are immutable. Every other path under /backoffice/
 * that is not a file (a deep link: `/backoffice/clients/12`, `/backoffice/liability/7?brand=2`) answers the
 * desk's page, whose router draws the view; a missing file is a JSON 404. Not built → 404 JSON.
 */
export async function registerBackoffice(app: FastifyInstance, dist = backofficeDistDir()): Promise<void> {
  if (!dist) return;
  app.get('/backoffice', { schema: { hide: true } }, (_request, reply) => reply.redirect('/backoffice/'));
  const deskHeaders = (res: { header(name: string, value: string): unknown }, path: string) => {
    res.header('cache-control', /\/assets\//.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    // The desk is an operator tool: no framing, no referrer leaking ids.
    res.header('x-frame-options', 'DENY');
    res.header('referrer-policy', 'no-referrer');
  };
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: dist,
        prefix: '/',
        decorateReply: false,
        index: ['index.html'],
        setHeaders: deskHeaders,
        allowedPath: (path) => !path.endsWith('.map'),
      });
      scope.setNotFoundHandler(async (request, reply) => {
        const path = request.url.split('?')[0]!;
        if ((request.method !== 'GET' && request.method !== 'HEAD') || FILE_PATH.test(path))
          return reply.code(404).send({ error: 'not_found', message: 'not found' });
        deskHeaders(reply, path);
        return reply.type('text/html; charset=utf-8').send(await readFile(`${dist}/index.html`));
      });
    },
    { prefix: '/backoffice' },
  );
}
