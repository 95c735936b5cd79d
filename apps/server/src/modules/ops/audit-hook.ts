import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DomainMetrics } from '../../observability/metrics';
import type { AuditEntry, AuditLog } from './audit';
import type { OperatorContext } from './operators';

/** What a route changed, as it declares it; who, from where and with which status the hook adds. */
export type AuditNote = Pick<AuditEntry, 'action' | 'target' | 'reason' | 'before' | 'after'> & {
  /** The brand the change concerns (default: the operator's own; null for every brand). */
  brandId?: number | null;
  /** Who acted, when it is not the request's operator (the login: the operator it signed in). */
  actor?: AuditEntry['actor'];
};

declare module 'fastify' {
  interface FastifyRequest {
    operator?: OperatorContext;
    /**
     * The route's audit: a note the hook writes once the reply's status is known, or `transaction` when the action
     * wrote its own entry inside its transaction (suspension, overrides, results, a bet's void).
     */
    opsAudit?: AuditNote | 'transaction';
  }
}

/** Declares what a route changed: written by the ops audit hook, once, when the reply succeeds. */
export function audited(request: FastifyRequest, note: AuditNote): void {
  request.opsAudit = note;
}

/** The action recorded itself in its own transaction (money or catalogue changes): the hook writes nothing. */
export function auditedInTransaction(request: FastifyRequest): void {
  request.opsAudit = 'transaction';
}

/** How often at most a line reports the anonymous refusals counted since the last one. */
const ANONYMOUS_LOG_EVERY_MS = 60_000;

/** Counts anonymous refusals (metric) and logs them at most once a minute, with how many the line stands for. */
function anonymousRefusals(metrics: Pick<DomainMetrics, 'opsAnonymousRefused'>, now: () => number) {
  let lastLogAt = -Infinity;
  let unlogged = 0;
  return (request: FastifyRequest, status: number) => {
    metrics.opsAnonymousRefused(status);
    unlogged++;
    if (now() - lastLogAt < ANONYMOUS_LOG_EVERY_MS) return;
    request.log.warn({ refused: unlogged, status, address: request.ip }, 'anonymous /ops requests refused');
    lastLogAt = now();
    unlogged = 0;
  };
}

/**
 * The one place `/ops/v1` writes its audit log (an `onSend` hook, before the reply leaves, so whoever got the answer
 * finds it in the log straight after):
 * - a success writes the note its route declared (`audited`), with the operator, the address and the status;
 * - every refusal of a known operator is written (who; what; the status), and every refused login (the name it
 *   gave); the action changed nothing. A request refused before anyone was known (no or a bad bearer) is counted
 *   and logged at most once a minute instead (issue 32 item 5): anonymous traffic cannot grow the append-only log.
 * A failed write of a success's entry fails the request (500): a change is never left unaudited silently.
 */
export function opsAuditHook(deps: {
  audit: AuditLog;
  metrics: Pick<DomainMetrics, 'opsAnonymousRefused'>;
  now: () => number;
}) {
  const anonymous = anonymousRefusals(deps.metrics, deps.now);
  const { audit } = deps;

  return async function auditHook(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (!request.url.startsWith('/ops/')) return payload;
    const note = request.opsAudit;
    if (note === 'transaction') return payload;
    const ctx = request.operator;
    if (reply.statusCode < 400) {
      if (!note) return payload;
      // Written once: the error reply of a failed write passes this hook again.
      request.opsAudit = 'transaction';
      const { actor, brandId, ...rest } = note;
      await audit.record({
        ...rest,
        actor: actor ?? ctx!,
        brandId: brandId === undefined ? (ctx?.brandId ?? null) : brandId,
        outcome: 'ok',
        status: reply.statusCode,
        address: request.ip,
      });
      return payload;
    }
    const isLogin = request.method === 'POST' && request.routeOptions.url === '/ops/v1/session';
    if (!ctx && !isLogin) {
      anonymous(request, reply.statusCode);
      return payload;
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    const name = typeof body.username === 'string' ? body.username : 'anonymous';
    await audit
      .record({
        actor: ctx ?? { username: name },
        action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
        target: request.url.split('?')[0]!.slice(0, 200),
        brandId: ctx?.brandId ?? null,
        outcome: 'refused',
        status: reply.statusCode,
        reason: typeof body.reason === 'string' ? body.reason.slice(0, 100) : null,
        address: request.ip,
      })
      .catch((e: unknown) => request.log.error({ err: e }, 'audit write failed'));
    return payload;
  };
}
