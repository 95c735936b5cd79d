import {
  opsAuditResponseSchema,
  opsOperatorCreateSchema,
  opsOperatorPatchSchema,
  opsOperatorResponseSchema,
  opsOperatorsResponseSchema,
} from '@sb/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { ctxOf } from './access';
import type { AuditLog } from './audit';
import { audited } from './audit-hook';
import type { DeskService } from './desk.service';
import { publicOperator, type OperatorContext, type OperatorRow, type OperatorsService } from './operators';
import { opsAnswers, opsBigIdParam, opsIdParam } from './ops.schemas';

type AdminDeps = { operators: OperatorsService; audit: AuditLog; desk: DeskService };

/** The brands' names by id (the desk names brands, never ids). */
const brandNames = async (desk: DeskService) => new Map((await desk.brands(null)).map((b) => [b.id, b.name]));
/** An operator as the desk shows it: with its brand's name. */
const answerOf = async (desk: DeskService, row: OperatorRow) =>
  publicOperator(row, (await brandNames(desk)).get(row.brandId ?? 0) ?? null);

/** A brand a brand's admin may give: its own only (404 for another); one that exists (400 naming the field). */
async function checkBrand(desk: DeskService, ctx: OperatorContext, brandId: number | null) {
  if (ctx.brandId !== null && brandId !== ctx.brandId)
    throw new HttpError(404, 'not_found', 'brand not found');
  if (brandId !== null && !(await desk.brandExists(brandId)))
    throw new HttpError(400, 'validation', 'no such brand', 'brandId');
}

/** The operator a request names, within the caller's brand (another brand's: 404, as if it did not exist). */
async function operatorIn(
  operators: OperatorsService,
  ctx: OperatorContext,
  id: number,
): Promise<OperatorRow> {
  const row = await operators.byId(id);
  if (!row || (ctx.brandId !== null && row.brandId !== ctx.brandId))
    throw new HttpError(404, 'not_found', 'operator not found');
  return row;
}

/**
 * `/ops/v1/operators` (admin; issue 35 §3: create, change role and brand scope, disable and enable, reset the second
 * factor — each audited) and `/ops/v1/audit`: both follow the brand scope (issue 32 item 4).
 */
export function adminRoutes(deps: AdminDeps): FastifyPluginAsync {
  return async (fastify) => {
    registerOperatorList(fastify, deps);
    registerOperatorPatch(fastify, deps);
    registerTotpReset(fastify, deps);
    registerAuditReads(fastify, deps);
  };
}

/** GET the operators of the caller's brand scope and POST a new one. */
function registerOperatorList(fastify: FastifyInstance, { operators, desk }: AdminDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // A brand's admin sees its brand's operators only.
  app.get(
    '/ops/v1/operators',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsOperatorsResponseSchema),
        summary: 'Operators (admin): role, brand scope by name, last login, disabled',
      },
    },
    async (request) => {
      const names = await brandNames(desk);
      return {
        result: (await operators.list(ctxOf(request).brandId)).map((o) =>
          publicOperator(o, names.get(o.brandId ?? 0) ?? null),
        ),
      };
    },
  );

  app.post(
    '/ops/v1/operators',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsOperatorResponseSchema, [201]),
        summary:
          'Create an operator (admin): an initial password; the second factor is enrolled at first login',
        body: opsOperatorCreateSchema,
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const body = request.body;
      await checkBrand(desk, ctx, body.brandId);
      const row = await operators.create(body);
      const result = await answerOf(desk, row);
      audited(request, {
        action: 'operator.create',
        target: `operator:${row.id}`,
        brandId: body.brandId,
        after: result,
      });
      return reply.code(201).send({ result });
    },
  );
}

/** PATCH an operator: role, brand scope, disabled. */
function registerOperatorPatch(fastify: FastifyInstance, { operators, desk }: AdminDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.patch(
    '/ops/v1/operators/:id',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsOperatorResponseSchema),
        summary:
          'Change an operator (admin): role, brand scope, disabled (a disabled operator’s sessions end at once)',
        params: z.object({ id: opsIdParam }),
        body: opsOperatorPatchSchema,
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const before = await operatorIn(operators, ctx, request.params.id);
      const patch = request.body;
      if (patch.brandId !== undefined) await checkBrand(desk, ctx, patch.brandId);
      // An admin never locks themselves out: their own role, scope and access are another admin's to change.
      if (ctx.operatorId === before.id)
        throw new HttpError(409, 'own_account', 'another admin changes your own account', 'role');
      const row = await operators.update(before.id, patch);
      if (!row) throw new HttpError(404, 'not_found', 'operator not found');
      const result = await answerOf(desk, row);
      const was = await answerOf(desk, before);
      audited(request, {
        action:
          patch.disabled === true
            ? 'operator.disable'
            : patch.disabled === false
              ? 'operator.enable'
              : 'operator.update',
        target: `operator:${row.id}`,
        brandId: row.brandId,
        before: { role: was.role, brandId: was.brandId, disabled: was.disabled },
        after: { role: result.role, brandId: result.brandId, disabled: result.disabled },
      });
      return { result };
    },
  );
}

/** POST the reset of an operator's second factor (audited). */
function registerTotpReset(fastify: FastifyInstance, { operators, desk }: AdminDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/ops/v1/operators/:id/totp-reset',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsOperatorResponseSchema),
        summary:
          'Reset an operator’s second factor (admin): their sessions end; they enrol again at their next login',
        params: z.object({ id: opsIdParam }),
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const before = await operatorIn(operators, ctx, request.params.id);
      const row = await operators.resetTotp(before.id);
      if (!row) throw new HttpError(404, 'not_found', 'operator not found');
      audited(request, {
        action: 'operator.totp.reset',
        target: `operator:${row.id}`,
        brandId: row.brandId,
        before: { totpEnabled: before.totpEnabled },
        after: { totpEnabled: false, totpEnrolmentRequired: true },
      });
      return { result: await answerOf(desk, row) };
    },
  );
}

/** GET /ops/v1/audit: the audit log in the caller's brand scope. */
function registerAuditReads(fastify: FastifyInstance, { audit }: AdminDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/audit',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsAuditResponseSchema),
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
}
