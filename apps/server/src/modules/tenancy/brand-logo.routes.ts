import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BRAND_LOGO_MAX_BYTES,
  errorBodySchema,
  idParamSchema,
  opsBrandLogoUploadSchema,
  opsBrandResponseSchema,
  UPLOADED_IMAGE_EXTENSIONS,
} from '@sb/contract';
import { decodeUploadedImage, sendUploadedImage, uploadBodyLimit } from '../../lib/uploaded-image';
import { badRequest, notFound } from '../../plugins/errors';
import { opsErrors as errors } from '../ops/index';
import { toOpsBrand } from './brands';
import { brandAuditOf, type BrandsOpsContext } from './brand-audit';
import type { TenancyService } from './tenancy.service';

/**
 * `PUT` and `DELETE /ops/v1/brands/{id}/logo` (issue 35 §1): a brand's own logo, uploaded from the desk (PNG, JPEG
 * or WebP, ≤ 100 KB, its first bytes checked against its type), or back to the logo drawn from its name and
 * colours. The roles of a brand's other changes (admin, content), a brand's operator its own brand only (another's
 * is a 404); audited in the change's transaction (`brand.logo`, `brand.logo.delete`) and answered at once by every
 * instance (`TenancyService.setLogo`).
 */
export function brandLogoOpsRoutes(service: TenancyService, ops: BrandsOpsContext): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['ops'];
    const params = z.object({ id: idParamSchema });

    app.put(
      '/ops/v1/brands/:id/logo',
      {
        bodyLimit: uploadBodyLimit(BRAND_LOGO_MAX_BYTES),
        schema: {
          tags,
          summary: `Upload the brand’s logo (PNG, JPEG or WebP in base64, at most ${BRAND_LOGO_MAX_BYTES / 1024} KB); its theme’s logoUrl becomes the picture’s address on the brand’s host`,
          params,
          body: opsBrandLogoUploadSchema,
          response: { 200: opsBrandResponseSchema, ...errors },
        },
      },
      async (request) => {
        const id = ops.brandScope(request, request.params.id)!;
        const { bytes, hash } = decodeUploadedImage(request.body, BRAND_LOGO_MAX_BYTES, (message) =>
          badRequest('data', message),
        );
        const logo = { imageType: request.body.type, image: bytes, imageHash: hash };
        const row = await service.setLogo(id, logo, brandAuditOf(ops, request, 'brand.logo'));
        return { result: toOpsBrand(row) };
      },
    );

    app.delete(
      '/ops/v1/brands/:id/logo',
      {
        schema: {
          tags,
          summary:
            'Remove the brand’s uploaded logo: it shows the logo drawn from its name and colours again',
          params,
          response: { 200: opsBrandResponseSchema, ...errors },
        },
      },
      async (request) => {
        const id = ops.brandScope(request, request.params.id)!;
        const row = await service.setLogo(id, null, brandAuditOf(ops, request, 'brand.logo.delete'));
        return { result: toOpsBrand(row) };
      },
    );
  };
}

/**
 * `GET /api/v1/brand-logo/{hash}.{ext}`: an uploaded logo, a path on the brand's own host (the player app's CSP
 * allows no other; the desk previews it on its own). The address names the content, so it is cached for good; a
 * replaced or removed logo's old address is a 404.
 */
export function brandLogoRoutes(service: TenancyService): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/v1/brand-logo/:file',
      {
        schema: {
          tags: ['core'],
          summary: 'A brand’s uploaded logo: {hash}.{png|jpg|webp}',
          params: z.object({ file: z.string().regex(/^[0-9a-f]{16}\.(png|jpg|webp)$/, '{hash}.{ext}') }),
          response: { 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const [hash, ext] = request.params.file.split('.') as [string, string];
        const found = await service.logo(hash);
        if (!found || UPLOADED_IMAGE_EXTENSIONS[found.imageType] !== ext) throw notFound('logo');
        return sendUploadedImage(reply, found.imageType, found.image);
      },
    );
  };
}
