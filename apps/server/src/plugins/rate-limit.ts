import { once } from 'node:events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config/config';
import { HttpError } from './errors';

/** The client a request acts for (a valid client token of the request's app), else null (a visitor). */
export type ClientOfRequest = (request: FastifyRequest) => Promise<number | null>;

/** A route's limit: at most `max` requests per client (visitors: per address) per minute. */
export interface RouteRateLimit {
  max: number;
  timeWindow: number;
  keyGenerator: (request: FastifyRequest) => Promise<string>;
}

/**
 * Per-route limits counted per CLIENT, not per token (two logins of one client share one budget) and not per
 * instance (with REDIS_URL every instance counts in Redis); a visitor without a token is counted by address.
 */
export function perClientLimit(clientOf: ClientOfRequest, max: number): RouteRateLimit {
  return {
    max,
    timeWindow: 60_000,
    keyGenerator: async (request) => {
      const client = await clientOf(request).catch(() => null);
      return client === null ? `addr:${request.ip}` : `client:${client}`;
    },
  };
}

/** How long start-up waits for Redis before counting without it (requests are then not limited until it is up). */
const REDIS_READY_TIMEOUT_MS = 5_000;

/**
 * @fastify/rate-limit for the routes that opt in (`config.rateLimit`), with its Redis store when REDIS_URL is set
 * (its own connection; keys under REDIS_CHANNEL_PREFIX + `rl:`). Over the limit: 429 `rate_limited` with
 * Retry-After. A Redis that is down lets requests through (availability over counting) and is logged.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    redis = new Redis(config.REDIS_URL, {
      connectionName: `${config.REDIS_CHANNEL_PREFIX}rate-limit`,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
    });
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit redis problem'));
    const ready = once(redis, 'ready').then(() => true);
    const timeout = new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(false), REDIS_READY_TIMEOUT_MS).unref(),
    );
    if (!(await Promise.race([ready, timeout])))
      app.log.warn('rate-limit redis not ready: not counting until it is');
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.REDIS_CHANNEL_PREFIX}rl:`,
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'rate_limited',
        `too many requests: at most ${context.max} per minute, try again in ${context.after}`,
        undefined,
        Math.max(1, Math.ceil(context.ttl / 1000)),
      ),
  });
}
