import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';

/**
 * Cross-origin calls for operators who put {core}, {api} or {bsapi} on other hosts than the web app
 * (PUBLIC_*_URL): only pages served from a registered app's host name may call, with the headers
 * the web sends. Same-origin deployments (the default) never need it.
 */
export async function registerCors(
  app: FastifyInstance,
  isAppHost: (hostname: string) => Promise<boolean>,
): Promise<void> {
  await app.register(cors, {
    origin: (origin, callback) => {
      if (!origin) return callback(null, false);
      let hostname: string;
      try {
        hostname = new URL(origin).hostname;
      } catch {
        return callback(null, false);
      }
      isAppHost(hostname).then(
        (known) => callback(null, known),
        (error: unknown) => callback(error as Error, false),
      );
    },
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: [
      'accept',
      'accept-language',
      'authorization',
      'content-type',
      'x-app',
      'x-app-session',
      'x-token',
    ],
    maxAge: 600,
  });
}
