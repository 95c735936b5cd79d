import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  opsBrandCreateSchema,
  opsBrandPatchSchema,
  opsBrandResponseSchema,
  opsBrandsResponseSchema,
} from '@sb/contract';
import type { ZodApp } from '../../lib/zod-app';
import { opsErrors as errors } from '../ops/index';
import { brandAuditOf, type BrandsOpsContext } from './brand-audit';
import { brandLogoOpsRoutes } from './brand-logo.routes';
import { brandToCreate, brandToPatch, toOpsBrand } from './brands';
import type { TenancyService } from './tenancy.service';
import { HttpError, notFound } from '../../plugins/errors';

export type { BrandsOpsContext };

/** The amount above which a manual adjustment needs a second operator, unless the brand says otherwise. */
const DEFAULT_APPROVAL_ABOVE = 100_000;

/**
 * The four-eyes amount of manual adjustments (issue 35 §2) is a money control, not a look: changing it needs an
 * admin (brands and adjustments both), though the desk's form sends it unchanged with every other edit.
 */
function guardApprovalAmount(
  ops: BrandsOpsContext,
  request: FastifyRequest,
  next: number | undefined,
  current: number,
): void {
  if (next === undefined || next === current || ops.operatorOf(request).role === 'admin') return;
  throw new HttpError(
    403,
    'forbidden',
    'only an admin may change the amount above which adjustments need a second operator',
  );
}

/**
 * `/ops/v1/brands` (issue 35 §1), registered inside `/ops/v1` (authentication, role per OPS_ACCESS: admin and
 * content; creation by an all-brands operator only). A brand-scoped operator reads and changes its own brand only.
 * Each change is audited in its own transaction, and answered at once by every instance (`TenancyService.update`).
 */
export function brandsOpsRoutes(service: TenancyService, ops: BrandsOpsContext): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    registerBrandList(app, service, ops);
    registerBrandChanges(app, service, ops);
    await fastify.register(brandLogoOpsRoutes(service, ops));
  };
}

/** The brands the operator reaches. */
function registerBrandList(app: ZodApp, service: TenancyService, ops: BrandsOpsContext): void {
  app.get(
    '/ops/v1/brands',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Brands with every host name, theme, languages, features and links (a brand’s operator: its own)',
        response: { 200: opsBrandsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: (await service.brands(ops.brandScope(request, undefined))).map(toOpsBrand),
    }),
  );
}

/** A brand created or changed, each audited in its transaction. */
function registerBrandChanges(app: ZodApp, service: TenancyService, ops: BrandsOpsContext): void {
  const auditOf = (request: FastifyRequest, action: string) => brandAuditOf(ops, request, action);

  app.post(
    '/ops/v1/brands',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Create a brand; it answers on its host names at once on every instance (409 conflict naming hostnames when one is taken)',
        body: opsBrandCreateSchema,
        response: { 201: opsBrandResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      guardApprovalAmount(ops, request, request.body.adjustmentApprovalAbove, DEFAULT_APPROVAL_ABOVE);
      const row = await service.create(brandToCreate(request.body), auditOf(request, 'brand.create'));
      return reply.code(201).send({ result: toOpsBrand(row) });
    },
  );

  app.patch(
    '/ops/v1/brands/:id',
    {
      schema: {
        tags: ['ops'],
        summary: 'Change a brand; host names and languages are replaced as a whole',
        params: z.object({ id: idParamSchema }),
        body: opsBrandPatchSchema,
        response: { 200: opsBrandResponseSchema, ...errors },
      },
    },
    async (request) => {
      const id = ops.brandScope(request, request.params.id)!;
      const [current] = await service.brands(id);
      if (!current) throw notFound('brand');
      guardApprovalAmount(
        ops,
        request,
        request.body.adjustmentApprovalAbove,
        current.adjustmentApprovalAbove,
      );
      const row = await service.update(
        id,
        brandToPatch(request.body, current),
        auditOf(request, 'brand.update'),
      );
      return { result: toOpsBrand(row) };
    },
  );
}
