import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsIdParam, opsIdBody, opsBigIdParam, opsAmountParam } from './ops.schemas';
import { HttpError } from '../../plugins/errors';
import { ResultInputError, type ResultInput } from '../sports/index';
import { OPERATOR_COMMANDS, type FeedProducer } from '../producer/index';
import type { SportsModule } from '../sports/index';
import type { DomainMetrics } from '../../observability/metrics';
import { brandScope, checkAccess, ctxOf, opsAccessOf } from './access';
import type { AuditLog } from './audit';
import type { ClientDesk } from './client-desk';
import { resultFactsSchema } from './result-facts.schema';
import type { DeskService } from './desk.service';
import { OPERATOR_ROLES, publicOperator, type OperatorContext, type OperatorsService } from './operators';
import type { createTickerPump } from './ticker';
import { riskRoutes } from './risk.routes';
import type { Risk } from './risk';
import { SUSPEND_REASONS, type createTrading } from './trading';
import type { TradingControls } from './trading-controls';
import { tradingControlsRoutes } from './trading-controls.routes';
import {
  checkCsrf,
  clearSessionCookie,
  credentialOf,
  csrfTokenOf,
  foreignOrigin,
  setSessionCookie,
} from './session-cookie';

const commandBody = z.discriminatedUnion('command', [
  z.object({ command: z.enum(OPERATOR_COMMANDS.filter((c) => c !== 'speed' && c !== 'result')) }),
  z.object({ command: z.literal('speed'), factor: z.number().min(0.1).max(1000) }),
  resultFactsSchema.extend({ command: z.literal('result') }),
]);

/** An impossible result (score above the final, goals that do not add up, unknown player) → 400 naming the field. */
async function checkResult(producer: FeedProducer, eventId: number, input: ResultInput): Promise<void> {
  try {
    await producer.checkResult(eventId, input);
  } catch (e) {
    if (e instanceof ResultInputError) throw new HttpError(400, 'validation', e.message, e.field);
    throw e;
  }
}

/** The request's session token (bearer header, else the desk's cookie). */
const tokenOf = (request: FastifyRequest) => credentialOf(request).token;

declare module 'fastify' {
  interface FastifyRequest {
    operator?: OperatorContext;
    opsAudited?: boolean;
  }
}

const boolQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const reasonBody = z.object({
  reason: z.enum(SUSPEND_REASONS),
  note: z.string().max(500).optional(),
});

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
  /** More `/ops/v1` routes in files of their own (results workspace, dashboard), under the same checks. */
  extra?: FastifyPluginAsync[];
}

/** How often an open ticker socket asks whether its session still holds. */
const TICKER_RECHECK_MS = 5_000;

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

/** `/ops/v1/*`: every request authenticated (session bearer or OPERATOR_TOKEN), role-checked, brand-scoped. */
export function opsRoutes(deps: OpsRouteDeps): FastifyPluginAsync {
  const { operators, audit, desk, sports, producer } = deps;

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

  const anonymous = anonymousRefusals(deps.metrics, deps.now);

  /**
   * Every refusal of a known operator is audited (who; what; the status), and every refused login (the name it
   * gave); the action changed nothing. A request refused before anyone was known (no or a bad bearer) is counted
   * and logged at most once a minute instead (issue 32 item 5): anonymous traffic cannot grow the append-only log.
   * Written in `onSend`, before the reply leaves, so whoever got the refusal finds it in the log straight after.
   */
  async function auditRefusal(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (reply.statusCode < 400 || request.opsAudited || !request.url.startsWith('/ops/')) return payload;
    const ctx = request.operator;
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
  }

  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', authenticate);
    app.addHook('onSend', auditRefusal);
    // Trading controls (overrides, limits) and player risk (client page): their own files, under these hooks.
    await app.register(tradingControlsRoutes(deps));
    await app.register(riskRoutes(deps));
    for (const plugin of deps.extra ?? []) await fastify.register(plugin);

    // --- session ---------------------------------------------------------------------------------------
    app.post(
      '/ops/v1/session',
      {
        config: {
          rateLimit: {
            max: 10,
            timeWindow: '1 minute',
            hook: 'preHandler',
            keyGenerator: (r: FastifyRequest) =>
              `ops-login:${r.ip}:${String((r.body as { username?: unknown } | undefined)?.username ?? '')}`,
          },
        },
        schema: {
          tags: ['ops'],
          summary:
            'Operator login: password and TOTP code; answers a short-lived bearer token and sets the desk’s session cookie',
          body: z.object({
            username: z.string().min(1).max(100),
            password: z.string().min(1).max(200),
            totp: z.string().max(10).optional(),
          }),
        },
      },
      async (request, reply) => {
        // A login form posted from another site never signs the browser in (login CSRF).
        if (foreignOrigin(request)) throw new HttpError(403, 'csrf', 'log in from the desk itself');
        const { username, password, totp } = request.body;
        const { operator, token, scope } = await operators.login(username, password, totp);
        const ctx = {
          operatorId: operator.id,
          username: operator.username,
          role: operator.role,
          brandId: operator.brandId,
        };
        await audit.record({
          actor: ctx,
          action: 'session.create',
          target: `operator:${operator.id}`,
          brandId: operator.brandId,
          outcome: 'ok',
          status: 200,
          after: { scope },
          address: request.ip,
        });
        request.opsAudited = true;
        // The desk's browser session (every tab); API clients keep using the token as a bearer.
        setSessionCookie(request, reply, token);
        return {
          result: {
            token,
            csrfToken: csrfTokenOf(token),
            role: operator.role,
            brandId: operator.brandId,
            totpEnrolmentRequired: scope === 'enrol',
          },
        };
      },
    );

    app.get(
      '/ops/v1/session',
      {
        schema: { tags: ['ops'], summary: 'The signed-in operator' },
      },
      async (request) => {
        const ctx = ctxOf(request);
        const row = ctx.operatorId ? await operators.byId(ctx.operatorId) : null;
        return {
          result: {
            username: ctx.username,
            role: ctx.role,
            brandId: ctx.brandId,
            totpEnabled: row?.totpEnabled ?? false,
            totpEnrolmentRequired: ctx.scope === 'enrol',
            // The header a cookie session's writes carry (only a same-origin script can read this answer).
            csrfToken: csrfTokenOf(tokenOf(request)),
          },
        };
      },
    );

    app.delete(
      '/ops/v1/session',
      {
        schema: {
          tags: ['ops'],
          summary: 'Log out: the session ends for its token and its cookie, in every tab',
        },
      },
      async (request, reply) => {
        await operators.logout(tokenOf(request));
        clearSessionCookie(request, reply);
        await audit.record({
          actor: ctxOf(request),
          action: 'session.delete',
          brandId: ctxOf(request).brandId,
          outcome: 'ok',
          status: 200,
          address: request.ip,
        });
        return { result: { ok: true } };
      },
    );

    app.post(
      '/ops/v1/session/totp',
      {
        schema: {
          tags: ['ops'],
          summary: 'Start TOTP enrolment: a new secret, its otpauth:// URI and a QR code (SVG)',
        },
      },
      async (request) => {
        const ctx = ctxOf(request);
        if (ctx.operatorId === null)
          throw new HttpError(409, 'conflict', 'the automation token has no second factor');
        const started = await operators.startEnrolment(ctx.operatorId);
        await audit.record({
          actor: ctx,
          action: 'totp.enrol.start',
          target: `operator:${ctx.operatorId}`,
          brandId: ctx.brandId,
          outcome: 'ok',
          status: 200,
          address: request.ip,
        });
        return { result: started };
      },
    );

    app.post(
      '/ops/v1/session/totp/confirm',
      {
        schema: {
          tags: ['ops'],
          summary: 'Confirm TOTP enrolment with a current code',
          body: z.object({ totp: z.string().regex(/^\d{6}$/, 'six digits') }),
        },
      },
      async (request) => {
        const ctx = ctxOf(request);
        if (ctx.operatorId === null)
          throw new HttpError(409, 'conflict', 'the automation token has no second factor');
        await operators.confirmEnrolment(ctx.operatorId, tokenOf(request), request.body.totp);
        await audit.record({
          actor: ctx,
          action: 'totp.enrol.confirm',
          target: `operator:${ctx.operatorId}`,
          brandId: ctx.brandId,
          outcome: 'ok',
          status: 200,
          before: { totpEnabled: false },
          after: { totpEnabled: true },
          address: request.ip,
        });
        return { result: { totpEnabled: true } };
      },
    );

    // --- operators (admin) -------------------------------------------------------------------------------
    // Lists follow the brand scope: a brand's admin sees its brand's operators only (issue 32 item 4).
    app.get(
      '/ops/v1/operators',
      { schema: { tags: ['ops'], summary: 'Operators (admin)' } },
      async (request) => ({
        result: (await operators.list(ctxOf(request).brandId)).map(publicOperator),
      }),
    );

    app.post(
      '/ops/v1/operators',
      {
        schema: {
          tags: ['ops'],
          summary: 'Create an operator (admin)',
          body: z.object({
            username: z.string().regex(/^[a-z0-9._-]{3,40}$/, '3–40 of a-z 0-9 . _ -'),
            password: z.string().min(12).max(200),
            role: z.enum(OPERATOR_ROLES),
            brandId: opsIdBody.nullable(),
          }),
        },
      },
      async (request, reply) => {
        const ctx = ctxOf(request);
        const body = request.body;
        if (ctx.brandId !== null && body.brandId !== ctx.brandId)
          throw new HttpError(404, 'not_found', 'brand not found');
        if (body.brandId !== null && !(await desk.brandExists(body.brandId)))
          throw new HttpError(400, 'validation', 'no such brand', 'brandId');
        const row = await operators.create(body);
        await audit.record({
          actor: ctx,
          action: 'operator.create',
          target: `operator:${row.id}`,
          brandId: body.brandId,
          outcome: 'ok',
          status: 201,
          after: publicOperator(row),
          address: request.ip,
        });
        return reply.code(201).send({ result: publicOperator(row) });
      },
    );

    // --- audit -------------------------------------------------------------------------------------------
    app.get(
      '/ops/v1/audit',
      {
        schema: {
          tags: ['ops'],
          summary: 'The audit log, newest first (filters: actor, action, outcome, from, to, before)',
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(500).default(100),
            actor: z.string().max(100).optional(),
            action: z.string().max(100).optional(),
            outcome: z.enum(['ok', 'refused']).optional(),
            from: z.iso.datetime().optional(),
            to: z.iso.datetime().optional(),
            before: opsBigIdParam.optional(),
          }),
        },
      },
      async (request) => {
        const q = request.query;
        const ctx = ctxOf(request);
        return {
          result: await audit.list({
            ...q,
            from: q.from ? new Date(q.from) : undefined,
            to: q.to ? new Date(q.to) : undefined,
            brandId: ctx.brandId,
          }),
        };
      },
    );

    // --- ticker ------------------------------------------------------------------------------------------
    app.get(
      '/ops/v1/bets',
      {
        schema: {
          tags: ['ops'],
          summary: 'Bet ticker: newest bets first, with filters',
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(500).default(50),
            brand: opsIdParam.optional(),
            sport: opsIdParam.optional(),
            event: opsIdParam.optional(),
            client: opsIdParam.optional(),
            minStake: opsAmountParam.optional(),
            live: boolQuery.optional(),
            before: opsIdParam.optional(),
            after: opsAmountParam.optional(),
          }),
        },
      },
      async (request) => {
        const q = request.query;
        const ctx = ctxOf(request);
        const brandId = brandScope(ctx, q.brand);
        if (q.client !== undefined) {
          const clientBrand = await desk.clientBrand(q.client);
          if (clientBrand === null || (brandId !== null && clientBrand !== brandId))
            throw new HttpError(404, 'not_found', 'client not found');
        }
        return {
          result: await desk.ticker({
            limit: q.limit,
            brandId,
            sportId: q.sport,
            eventId: q.event,
            clientId: q.client,
            minStake: q.minStake,
            liveOnly: q.live,
            beforeId: q.before,
            afterId: q.after,
          }),
        };
      },
    );

    app.get(
      '/ops/v1/bets/:id',
      {
        schema: { tags: ['ops'], summary: 'One bet', params: z.object({ id: opsIdParam }) },
      },
      async (request) => {
        const ctx = ctxOf(request);
        const bet = await desk.bet(request.params.id, ctx.brandId);
        if (!bet) throw new HttpError(404, 'not_found', 'bet not found');
        return { result: bet };
      },
    );

    // The live ticker: a WebSocket for operators only. The token goes in the first message (never the URL), or
    // the desk's cookie came with the upgrade request from the server's own origin (a cross-site page's socket
    // carries no Strict cookie, and its Origin is refused).
    app.get('/ops/v1/ticker', { websocket: true, schema: { hide: true } }, (socket, upgrade) => {
      const cookieToken = foreignOrigin(upgrade) ? '' : credentialOf(upgrade).token;
      let stop: (() => void) | null = null;
      let recheck: ReturnType<typeof setInterval> | null = null;
      const send = (m: unknown) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
      };
      const timer = setTimeout(() => socket.close(4401, 'auth timeout'), 10_000);
      socket.on('message', async (raw) => {
        if (stop) return;
        let msg: { type?: unknown; token?: unknown; sinceId?: unknown };
        try {
          msg = JSON.parse(String(raw)) as typeof msg;
        } catch {
          msg = {};
        }
        const token = msg.type !== 'auth' ? '' : typeof msg.token === 'string' ? msg.token : cookieToken;
        const ctx = token ? await operators.authenticate(token) : null;
        if (!ctx || ctx.scope !== 'full') {
          send({ type: 'error', code: 'unauthorized' });
          socket.close(4401, 'unauthorized');
          return;
        }
        clearTimeout(timer);
        const visible = (b: { brand: { id: number } }) => ctx.brandId === null || b.brand.id === ctx.brandId;
        stop = deps.pump.subscribe((bets) => {
          const mine = bets.filter(visible);
          if (mine.length) send({ type: 'bets', bets: mine });
        });
        send({ type: 'authenticated', role: ctx.role });
        // A session ended elsewhere (a logout in another tab, revoked, expired) closes its open sockets too.
        recheck = setInterval(() => {
          operators.stillValid(token).then(
            (valid) => !valid && socket.close(4401, 'session ended'),
            () => undefined,
          );
        }, TICKER_RECHECK_MS);
        if (typeof msg.sinceId === 'number' && Number.isSafeInteger(msg.sinceId)) {
          const missed = await desk.ticker({ afterId: msg.sinceId, brandId: ctx.brandId, limit: 200 });
          if (missed.length) send({ type: 'bets', bets: missed.reverse() });
        }
      });
      socket.on('close', () => {
        clearTimeout(timer);
        if (recheck) clearInterval(recheck);
        stop?.();
      });
    });

    // --- liability ---------------------------------------------------------------------------------------
    app.get(
      '/ops/v1/liability',
      {
        schema: {
          tags: ['ops'],
          summary:
            'Liability of an event per market and selection (eventId), or the matches list by net risk',
          querystring: z.object({
            eventId: opsIdParam.optional(),
            brand: opsIdParam.optional(),
            limit: z.coerce.number().int().min(1).max(500).default(50),
          }),
        },
      },
      async (request) => {
        const q = request.query;
        const brandId = brandScope(ctxOf(request), q.brand);
        if (q.eventId !== undefined) {
          if (!(await sports.eventExists(q.eventId)))
            throw new HttpError(404, 'not_found', 'event not found');
          return { result: await desk.eventLiability(q.eventId, brandId) };
        }
        return { result: await desk.matchesLiability(brandId, q.limit) };
      },
    );

    // --- trading -----------------------------------------------------------------------------------------
    for (const action of ['suspend', 'resume'] as const) {
      app.post(
        `/ops/v1/markets/:id/${action}`,
        {
          schema: {
            tags: ['ops'],
            summary: `${action === 'suspend' ? 'Suspend' : 'Resume'} a market (reason code required to suspend)`,
            params: z.object({ id: opsBigIdParam }),
            body: action === 'suspend' ? reasonBody : reasonBody.partial().optional(),
          },
        },
        async (request) => {
          const reason = (request.body as { reason?: string } | undefined)?.reason ?? null;
          const result = await deps.trading.market(
            ctxOf(request),
            request.params.id,
            action,
            reason,
            request.ip,
          );
          request.opsAudited = true;
          return { result };
        },
      );
      app.post(
        `/ops/v1/events/:id/${action}`,
        {
          schema: {
            tags: ['ops'],
            summary: `${action === 'suspend' ? 'Suspend' : 'Resume'} every open market of an event`,
            params: z.object({ id: opsIdParam }),
            body: action === 'suspend' ? reasonBody : reasonBody.partial().optional(),
          },
        },
        async (request) => {
          const reason = (request.body as { reason?: string } | undefined)?.reason ?? null;
          const result = await deps.trading.event(
            ctxOf(request),
            request.params.id,
            action,
            reason,
            request.ip,
            sports.eventExists,
          );
          request.opsAudited = true;
          return { result };
        },
      );
    }

    // --- simulator steering (the automation API of before) -----------------------------------------------
    app.get(
      '/ops/v1/fixtures',
      {
        schema: {
          tags: ['ops'],
          summary: 'Events for the operator',
          querystring: z.object({
            status: z.enum(['live', 'not_started', 'ended']).default('live'),
            limit: z.coerce.number().int().min(1).max(500).default(20),
          }),
        },
      },
      async (request) => {
        const list = await producer.operatorEvents([request.query.status], request.query.limit);
        return {
          result: list.map((e) => ({
            id: e.id,
            sportId: e.sportId,
            status: e.status,
            startAt: e.startAt.toISOString(),
            periodTime: e.periodTime,
            score: e.data.score,
            speed: e.speed,
            paused: e.paused,
          })),
        };
      },
    );

    app.post(
      '/ops/v1/fixtures/:eventId/commands',
      {
        schema: {
          tags: ['ops'],
          summary: 'Queue a simulator command (start, pause, resume, speed, finish, result) and wait for it',
          params: z.object({ eventId: opsIdParam }),
          body: commandBody,
        },
      },
      async (request, reply) => {
        const { eventId: id } = request.params;
        await sports.service.eventRecord(id); // 404 for an unknown event
        const { command, ...args } = request.body;
        if (request.body.command === 'result') await checkResult(producer, id, args as ResultInput);
        const outcome = await producer.command(id, command, args);
        if (outcome.status === 'failed')
          throw new HttpError(409, 'command_failed', outcome.error ?? 'command failed');
        const ctx = ctxOf(request);
        await audit.record({
          actor: ctx,
          action: `fixture.${command}`,
          target: `event:${id}`,
          brandId: ctx.brandId,
          outcome: 'ok',
          status: outcome.status === 'queued' ? 202 : 200,
          after: { command, ...args, status: outcome.status },
          address: request.ip,
        });
        // A result says which markets it settled and which it voided (the input could not decide them).
        const markets =
          command === 'result' && outcome.status === 'applied' ? await producer.resultSummary(id) : undefined;
        return reply
          .code(outcome.status === 'queued' ? 202 : 200)
          .send({ result: markets ? { ...outcome, markets } : outcome });
      },
    );

    app.get(
      '/ops/v1/commands/:id',
      {
        schema: {
          tags: ['ops'],
          summary: 'A queued simulator command: applied, failed (with its error) or still queued',
          params: z.object({ id: opsIdParam }),
        },
      },
      async (request) => {
        const row = await producer.commandStatus(request.params.id);
        if (!row) throw new HttpError(404, 'not_found', 'command not found');
        const status = row.appliedAt ? (row.error ? 'failed' : 'applied') : 'queued';
        return { result: { id: row.id, status, error: row.error ?? null } };
      },
    );

    app.post(
      '/ops/v1/virtual/commands',
      {
        schema: {
          tags: ['ops'],
          summary:
            'Virtual football: kick the next round off now (`start`) or play the rounds in play to the end (`finish`)',
          body: z.object({ command: z.enum(['start', 'finish']) }),
        },
      },
      async (request, reply) => {
        const command = request.body.command === 'start' ? 'round_start' : 'round_finish';
        // Round commands name no event: queued with event id 0 for the simulator leader, like the others.
        const outcome = await producer.command(0, command, {});
        if (outcome.status === 'failed')
          throw new HttpError(409, 'command_failed', outcome.error ?? 'command failed');
        const ctx = ctxOf(request);
        await audit.record({
          actor: ctx,
          action: `virtual.${request.body.command}`,
          target: 'virtual:rounds',
          brandId: ctx.brandId,
          outcome: 'ok',
          status: outcome.status === 'queued' ? 202 : 200,
          after: { command: request.body.command, status: outcome.status },
          address: request.ip,
        });
        return reply.code(outcome.status === 'queued' ? 202 : 200).send({ result: outcome });
      },
    );
  };
}
