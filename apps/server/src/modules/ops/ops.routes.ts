import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import type { FeedProducer } from '../producer/index';
import type { SportsModule } from '../sports/index';
import type { DomainMetrics } from '../../observability/metrics';
import { adminRoutes } from './admin.routes';
import { checkAccess, opsAccessOf } from './access';
import type { AuditLog } from './audit';
import { opsAuditHook } from './audit-hook';
import type { ClientDesk } from './client-desk';
import type { DeskService } from './desk.service';
import type { OperatorsService } from './operators';
import { riskRoutes } from './risk.routes';
import type { Risk } from './risk';
import { sessionRoutes } from './session.routes';
import { simulatorRoutes } from './simulator.routes';
import type { createTickerPump } from './ticker';
import type { EventWatch } from './event-watch';
import { tickerRoutes } from './ticker.routes';
import type { createTrading } from './trading';
import type { TradingControls } from './trading-controls';
import { tradingControlsRoutes } from './trading-controls.routes';
import type { TargetNames } from './target-names';
import { tradingRoutes } from './trading.routes';
import { checkCsrf, clearSessionCookie, credentialOf } from './session-cookie';

export interface OpsRouteDeps {
  operators: OperatorsService;
  audit: AuditLog;
  desk: DeskService;
  trading: ReturnType<typeof createTrading>;
  pump: ReturnType<typeof createTickerPump>;
  sports: SportsModule;
  producer: FeedProducer;
  controls: TradingControls;
  risk: Risk;
  clients: ClientDesk;
  metrics: Pick<DomainMetrics, 'opsAnonymousRefused'>;
  /** Milliseconds since the epoch (the anonymous refusals' log lines are spaced by it). */
  now: () => number;
  /** Sports with their names in both languages (the ticker's pick-list). */
  sportNames: () => Promise<{ id: number; name: { en: string; tr: string } }[]>;
  /** Subscribes to the changes of an event's view (the live socket's `watch`). */
  watchEvent: EventWatch;
  /** Tells every open view of an event that the desk changed something of it no feed carries (limits). */
  changedEvent: (eventId: number) => Promise<void>;
  /** The names behind the limit and override rows' ids. */
  targetNames: TargetNames;
  /** More `/ops/v1` routes in files of their own (results workspace, dashboard), under the same checks. */
  extra?: FastifyPluginAsync[];
}

/**
 * `/ops/v1/*`: every request authenticated (session bearer, the desk's cookie or OPERATOR_TOKEN), role-checked and
 * brand-scoped here (`onRequest`), and audited in one hook (`audit-hook.ts`); the routes live in files by area.
 */
export function opsRoutes(deps: OpsRouteDeps): FastifyPluginAsync {
  const { operators } = deps;

  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    // Every /ops route has its declaration (guardOpsRoutes refuses to register one without).
    const access = opsAccessOf(request.method, request.routeOptions.url ?? '');
    if (access === undefined || access.permission === 'none') return;
    const credential = credentialOf(request);
    const ctx = await operators.authenticate(credential.token);
    if (!ctx) {
      // A cookie whose session has ended (logged out in another tab, expired) is taken off the browser.
      if (credential.via === 'cookie' && credential.token) clearSessionCookie(request, reply);
      throw new HttpError(401, 'unauthorized', 'operator session required');
    }
    request.operator = ctx;
    // After the operator is known: a refused cross-site write is audited with whose session it tried to use.
    checkCsrf(request, credential);
    checkAccess(access, ctx);
  }

  return async (fastify) => {
    fastify.addHook('onRequest', authenticate);
    fastify.addHook('onSend', opsAuditHook(deps));
    for (const plugin of [
      sessionRoutes(deps),
      adminRoutes(deps),
      tickerRoutes(deps),
      tradingRoutes(deps),
      simulatorRoutes(deps),
      // Trading controls (overrides, limits) and player risk (client page).
      tradingControlsRoutes(deps),
      riskRoutes(deps),
      ...(deps.extra ?? []),
    ])
      await fastify.register(plugin);
  };
}
