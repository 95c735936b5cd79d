import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@sb/contract';

/** Deepest nesting looked at (bodies are size-limited; JSON nesting deeper than this is refused by schemas). */
const MAX_DEPTH = 32;

/**
 * The first text value or key holding a NUL character (U+0000), as a field path; null when there is none.
 * PostgreSQL cannot store NUL in text and answers such a parameter with an error, which used to surface as a 500.
 */
export function nulField(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulField(value[i], `${path}.${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (key.includes('\u0000')) return `${path}.${key.split('\u0000').join('\\0')}`;
    const found = nulField((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

const PARTS = ['params', 'query', 'body'] as const;

/**
 * One check for every route: a NUL byte in any path parameter, query value or body string (JSON or form) is a
 * 400 naming the field, before a schema or a handler sees it. Runs as a root preValidation hook, so routes added
 * later are covered too.
 */
export function registerTextInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest, reply) => {
    for (const part of PARTS) {
      const found = nulField(request[part], part);
      if (!found) continue;
      const field = found.slice(part.length + 1) || part;
      const body: ErrorBody = {
        error: 'validation',
        field,
        message: `${found}: NUL characters are not allowed`,
      };
      return reply.code(400).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
    }
  });
}
