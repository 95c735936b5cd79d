import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANNER_IMAGE_MAX_BYTES,
  idParamSchema,
  opsBannerCreateSchema,
  opsBannerDeletedResponseSchema,
  opsBannerPatchSchema,
  opsBannerResponseSchema,
  opsBannersResponseSchema,
  type OpsBanner,
} from '@sb/contract';
import { uploadBodyLimit } from '../../lib/uploaded-image';
import type { ZodApp } from '../../lib/zod-app';
import type { OpsPluginContext } from '../ops/index';
import { opsErrors as errors } from '../ops/index';
import type { BannerAudit, BannersService } from './banners.service';

/** What the ops module gives these routes (they are registered inside `/ops/v1`, behind its checks). */
export type BannersOpsContext = Pick<OpsPluginContext, 'brandScope' | 'record'>;

/** A new banner's body: its picture in base64 (4/3 of its bytes) and the rest of the form. */
const CREATE_BODY_LIMIT_BYTES = uploadBodyLimit(BANNER_IMAGE_MAX_BYTES);

const tags = ['ops'];
const params = z.object({ id: idParamSchema });
const bannerParams = z.object({ id: idParamSchema, bannerId: idParamSchema });

/** The brand named in the path, if the operator reaches it (another brand's is a 404). */
const brandOf = (ops: BannersOpsContext, request: FastifyRequest, id: number) => ops.brandScope(request, id)!;

/** A change's audit, written by the service in the change's transaction. */
const auditOf =
  (ops: BannersOpsContext, request: FastifyRequest, action: string, brandId: number): BannerAudit =>
  async (tx, before: OpsBanner | null, after: OpsBanner | null) => {
    const target = `banner:${(after ?? before)!.id}`;
    await ops.record(tx, request, { action, target, brandId, before, after });
    // Recorded in the change's transaction: the ops audit hook writes nothing more (ops/audit-hook.ts).
    request.opsAudit = 'transaction';
  };

/**
 * `/ops/v1/brands/{id}/banners` (issue 35 §1): a brand's banners. Read by every role that reads the desk, changed
 * by content and admin (OPS_ACCESS); a brand's operator reaches its own brand only (another brand's is a 404).
 * Each change is audited in its transaction (`banner.create`, `banner.update`, `banner.delete`).
 */
export function bannersOpsRoutes(service: BannersService, ops: BannersOpsContext): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    registerBannerList(app, service, ops);
    registerBannerChanges(app, service, ops);
  };
}

/** The brand's banners, as the office lists them. */
function registerBannerList(app: ZodApp, service: BannersService, ops: BannersOpsContext): void {
  app.get(
    '/ops/v1/brands/:id/banners',
    {
      schema: {
        tags,
        summary: 'The brand’s banners (home and casino), each with whether players see it now',
        params,
        response: { 200: opsBannersResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await service.list(brandOf(ops, request, request.params.id)) }),
  );
}

/** Adding, changing and deleting a banner, each audited in its transaction. */
function registerBannerChanges(app: ZodApp, service: BannersService, ops: BannersOpsContext): void {
  app.post(
    '/ops/v1/brands/:id/banners',
    {
      bodyLimit: CREATE_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary:
          'Add a banner: its picture (base64), link, page, language (null: all), start, end, place and alt texts',
        params,
        body: opsBannerCreateSchema,
        response: { 200: opsBannerResponseSchema, ...errors },
      },
    },
    async (request) => {
      const brandId = brandOf(ops, request, request.params.id);
      const audit = auditOf(ops, request, 'banner.create', brandId);
      return { result: await service.create(brandId, request.body, audit) };
    },
  );

  app.patch(
    '/ops/v1/brands/:id/banners/:bannerId',
    {
      schema: {
        tags,
        summary: 'Move a banner to a place, switch it on or off, change its times, link or alt texts',
        params: bannerParams,
        body: opsBannerPatchSchema,
        response: { 200: opsBannerResponseSchema, ...errors },
      },
    },
    async (request) => {
      const brandId = brandOf(ops, request, request.params.id);
      const audit = auditOf(ops, request, 'banner.update', brandId);
      return { result: await service.update(brandId, request.params.bannerId, request.body, audit) };
    },
  );

  app.delete(
    '/ops/v1/brands/:id/banners/:bannerId',
    {
      schema: {
        tags,
        summary: 'Delete a banner (the others of its page close up)',
        params: bannerParams,
        response: { 200: opsBannerDeletedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const brandId = brandOf(ops, request, request.params.id);
      const audit = auditOf(ops, request, 'banner.delete', brandId);
      return { result: await service.remove(brandId, request.params.bannerId, audit) };
    },
  );
}
