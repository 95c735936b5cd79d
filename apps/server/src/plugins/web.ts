import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config/config';

/** Paths the web app never owns: unknown ones there are JSON 404s, not the SPA. */
const API_PREFIXES = ['/api/', '/oauth/', '/docs', '/healthz', '/feed', '/ws', '/widgets/', '/ops/'];

export function webDistDir(config: Config): string | null {
  if (config.WEB_DIST_DIR)
    return existsSync(`${config.WEB_DIST_DIR}/index.html`) ? config.WEB_DIST_DIR : null;
  const candidates = ['../../web/dist', '../../../web/dist'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  return candidates.find((dir) => existsSync(`${dir}/index.html`)) ?? null;
}

/** The three base addresses of the spec's hosts, given to the web at run time (default: same origin). */
export function runtimeConfigScript(config: Config): string {
  const value = { core: config.PUBLIC_CORE_URL, api: config.PUBLIC_API_URL, bsapi: config.PUBLIC_BSAPI_URL };
  return `window.__SB_CONFIG__=${JSON.stringify(value)};`;
}

/** Serves the built web app: hashed assets cached for a year, index.html never cached, SPA fallback. */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  app.get('/runtime-config.js', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('application/javascript').header('cache-control', 'no-cache');
    return runtimeConfigScript(config);
  });

  const dist = webDistDir(config);
  const indexHtml = dist ? readFileSync(`${dist}/index.html`, 'utf8') : null;
  if (dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // Source maps stay private unless the operator turns them on.
      allowedPath: (path) => config.SERVE_SOURCE_MAPS || !path.endsWith('.map'),
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' && !API_PREFIXES.some((p) => path.startsWith(p)) && !/\.\w+$/.test(path);
    if (wantsPage && indexHtml) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.code(404).send({ error: 'not_found', message: `${request.method} ${path} not found` });
  });
}
