import { opsAuditResponseSchema, opsOperatorResponseSchema, opsOperatorsResponseSchema } from '@sb/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { ctxOf } from './access';
import type { AuditLog } from './audit';
import { audited } from './audit-hook';
import type { DeskService } from './desk.service';
import { OPERATOR_ROLES, publicOperator, type OperatorsService } from './operators';
import { opsBigIdParam, opsIdBody, opsAnswers } from './ops.schemas';

/** `/ops/v1/operators` (admin) and `/ops/v1/audit`: both follow the brand scope (issue 32 item 4). */
export function adminRoutes(deps: {
  operators: OperatorsService;
  audit: AuditLog;
  desk: DeskService;
}): FastifyPluginAsync {
  const { operators, audit, desk } = deps;
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    // A brand's admin sees its brand's operators only.
    app.get(
      '/ops/v1/operators',
      {
        schema: {
          tags: ['ops'],
          response: opsAnswers(opsOperatorsResponseSchema),
          summary: 'Operators (admin)',
        },
      },
      async (request) => ({
        result: (await operators.list(ctxOf(request).brandId)).map(publicOperator),
      }),
    );

    app.post(
      '/ops/v1/operators',
      {
        schema: {
          tags: ['ops'],
          response: opsAnswers(opsOperatorResponseSchema, [201]),
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
        audited(request, {
          action: 'operator.create',
          target: `operator:${row.id}`,
          brandId: body.brandId,
          after: publicOperator(row),
        });
        return reply.code(201).send({ result: publicOperator(row) });
      },
    );

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
  };
}
