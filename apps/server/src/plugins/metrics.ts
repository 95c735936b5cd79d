import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../observability/metrics';

/**
 * HTTP RED metrics: every response is observed in `sb_http_request_duration_seconds` by route template (never
 * the raw URL: ids stay out of labels), method and status. Unmatched URLs share the route `unmatched`.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.http.observe(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
