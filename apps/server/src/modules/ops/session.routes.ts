import {
  opsLoginResponseSchema,
  opsOkResponseSchema,
  opsSessionResponseSchema,
  opsTotpConfirmResponseSchema,
  opsTotpEnrolmentResponseSchema,
} from '@sb/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsAnswers } from './ops.schemas';
import { HttpError } from '../../plugins/errors';
import { ctxOf } from './access';
import { audited } from './audit-hook';
import type { DeskService } from './desk.service';
import { permissionsOf, type OperatorsService } from './operators';
import {
  clearSessionCookie,
  credentialOf,
  csrfTokenOf,
  foreignOrigin,
  setSessionCookie,
} from './session-cookie';

/** The request's session token (bearer header, else the desk's cookie). */
export const tokenOf = (request: FastifyRequest) => credentialOf(request).token;

type SessionDeps = { operators: OperatorsService; desk: DeskService };

/** `/ops/v1/session*`: login (password + TOTP), the signed-in operator, logout, TOTP enrolment. */
export function sessionRoutes(deps: SessionDeps): FastifyPluginAsync {
  return async (fastify) => {
    registerSignIn(fastify, deps);
    registerSessionReads(fastify, deps);
    registerTotpEnrolment(fastify, deps);
  };
}

/** POST /ops/v1/session: password and second factor, then a session token (and the desk's cookie). */
function registerSignIn(fastify: FastifyInstance, { operators }: SessionDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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
        response: opsAnswers(opsLoginResponseSchema),
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
      audited(request, {
        actor: {
          operatorId: operator.id,
          username: operator.username,
          role: operator.role,
        },
        action: 'session.create',
        target: `operator:${operator.id}`,
        brandId: operator.brandId,
        after: { scope },
      });
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
}

/** GET the signed-in operator and DELETE (log out) the session. */
function registerSessionReads(fastify: FastifyInstance, { operators, desk }: SessionDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/session',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsSessionResponseSchema),
        summary: 'The signed-in operator: role, brand by name, and what the role may do (`permissions`)',
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const row = ctx.operatorId ? await operators.byId(ctx.operatorId) : null;
      return {
        result: {
          username: ctx.username,
          role: ctx.role,
          brandId: ctx.brandId,
          brandName:
            ctx.brandId === null
              ? null
              : ((await desk.brands(ctx.brandId)).find((b) => b.id === ctx.brandId)?.name ?? null),
          permissions: permissionsOf(ctx.role),
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
        response: opsAnswers(opsOkResponseSchema),
        summary: 'Log out: the session ends for its token and its cookie, in every tab',
      },
    },
    async (request, reply) => {
      await operators.logout(tokenOf(request));
      clearSessionCookie(request, reply);
      audited(request, { action: 'session.delete' });
      return { result: { ok: true } };
    },
  );
}

/** POST the second factor's enrolment and its confirmation. */
function registerTotpEnrolment(fastify: FastifyInstance, { operators }: SessionDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/ops/v1/session/totp',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsTotpEnrolmentResponseSchema),
        summary: 'Start TOTP enrolment: a new secret, its otpauth:// URI and a QR code (SVG)',
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      if (ctx.operatorId === null)
        throw new HttpError(409, 'conflict', 'the automation token has no second factor');
      const started = await operators.startEnrolment(ctx.operatorId);
      audited(request, { action: 'totp.enrol.start', target: `operator:${ctx.operatorId}` });
      return { result: started };
    },
  );

  app.post(
    '/ops/v1/session/totp/confirm',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsTotpConfirmResponseSchema),
        summary: 'Confirm TOTP enrolment with a current code',
        body: z.object({ totp: z.string().regex(/^\d{6}$/, 'six digits') }),
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      if (ctx.operatorId === null)
        throw new HttpError(409, 'conflict', 'the automation token has no second factor');
      await operators.confirmEnrolment(ctx.operatorId, tokenOf(request), request.body.totp);
      audited(request, {
        action: 'totp.enrol.confirm',
        target: `operator:${ctx.operatorId}`,
        before: { totpEnabled: false },
        after: { totpEnabled: true },
      });
      return { result: { totpEnabled: true } };
    },
  );
}
