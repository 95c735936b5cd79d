import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface SheddingOptions {
  /** Mean event-loop delay over a sample interval past which cheap reads are shed, ms (0: off). */
  maxEventLoopDelayMs: number;
  /** Heap used past which cheap reads are shed, bytes (0: off). */
  maxHeapUsedBytes: number;
  /** Event-loop utilisation (0–1) past which cheap reads are shed (0: off). */
  maxEventLoopUtilization: number;
  sampleIntervalMs: number;
  /** `Retry-After` of a shed answer, seconds. */
  retryAfterSeconds: number;
  onShed?: (route: string, pressure: string) => void;
}

/**
 * Routes that keep priority under pressure even though they are GETs: the probes, the live feed's upgrade (its
 * existing sockets are no requests at all), a bet's cash-out offer, and the operator API.
 */
const PRIORITY_GETS = [/^\/healthz$/, /^\/readyz$/, /^\/ws/, /^\/api\/v1\/bet-cash-out\//, /^\/ops\//];

/**
 * Whether a request is a cheap read that may be shed: a GET or HEAD outside the priority list. Writes — bet
 * placement, cash-out, checkBets, logins, casino plays, deposits — are never shed: the bet counter stays open
 * while lists, counts, search and pages wait (Super Bowl LV: one clogged market held every bet).
 */
export function isSheddable(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const route = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  return !PRIORITY_GETS.some((re) => re.test(route));
}

/** Load shedding with @fastify/under-pressure: cheap reads get 503 + Retry-After, everything else goes on. */
export async function registerLoadShedding(app: FastifyInstance, options: SheddingOptions): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    maxHeapUsedBytes: options.maxHeapUsedBytes,
    maxEventLoopUtilization: options.maxEventLoopUtilization,
    sampleInterval: options.sampleIntervalMs,
    retryAfter: options.retryAfterSeconds,
    pressureHandler: (request, reply, type) => {
      if (!isSheddable(request)) return undefined; // goes on as if there were no pressure
      options.onShed?.(request.routeOptions.url ?? 'unmatched', type);
      reply.code(503).header('retry-after', String(options.retryAfterSeconds));
      const body = {
        error: 'overloaded',
        message: `the server is busy (${type}); try again in ${options.retryAfterSeconds} s`,
      };
      // under-pressure sends a non-null return value as the reply (its types say void).
      return body as unknown as void;
    },
  });
}
