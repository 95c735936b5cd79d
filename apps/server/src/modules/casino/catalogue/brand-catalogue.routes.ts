import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  opsBrandCasinoGamePatchSchema,
  opsBrandCasinoGameResponseSchema,
  opsBrandCasinoProviderPatchSchema,
  opsBrandCasinoProviderResponseSchema,
  opsBrandCasinoResponseSchema,
} from '@sb/contract';
import type { ZodApp } from '../../../lib/zod-app';
import type { OpsPluginContext } from '../../ops/index';
import { opsErrors as errors } from '../../ops/index';
import type { BrandCatalogueService, CatalogueAudit } from './brand-catalogue.service';

/** What the ops module gives these routes (they are registered inside `/ops/v1`, behind its checks). */
export type CasinoOpsContext = Pick<OpsPluginContext, 'brandScope' | 'record'>;

const tags = ['ops'];

/** A change's audit, written by the service in the change's transaction. */
const auditOf =
  (
    ops: CasinoOpsContext,
    request: FastifyRequest,
    action: string,
    target: string,
    brandId: number,
  ): CatalogueAudit<unknown> =>
  async (tx, before, after) => {
    await ops.record(tx, request, { action, target, brandId, before, after });
    // Recorded in the change's transaction: the ops audit hook writes nothing more (ops/audit-hook.ts).
    request.opsAudit = 'transaction';
  };

/**
 * `/ops/v1/brands/{id}/casino` (issue 35 §1): a brand's providers and games, each switched, marked popular and
 * placed for that brand only. Role per OPS_ACCESS (`brands`: content and admin); a brand's operator reaches its own
 * brand only (another brand's is a 404, as every brand-scoped route). Each change is audited in its transaction.
 */
export function brandCatalogueOpsRoutes(
  service: BrandCatalogueService,
  ops: CasinoOpsContext,
): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    registerBrandCatalogueRead(app, service, ops);
    registerBrandCatalogueChanges(app, service, ops);
  };
}

/** The brand's casino as the desk shows it. */
function registerBrandCatalogueRead(
  app: ZodApp,
  service: BrandCatalogueService,
  ops: CasinoOpsContext,
): void {
  app.get(
    '/ops/v1/brands/:id/casino',
    {
      schema: {
        tags,
        summary:
          'The brand’s casino: every provider and game of the shared catalogue with the brand’s switches, places and popular marks',
        params: z.object({ id: idParamSchema }),
        response: { 200: opsBrandCasinoResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await service.catalogue(ops.brandScope(request, request.params.id)!) }),
  );
}

/** A game's and a provider's changes for the brand, each audited in its transaction. */
function registerBrandCatalogueChanges(
  app: ZodApp,
  service: BrandCatalogueService,
  ops: CasinoOpsContext,
): void {
  app.patch(
    '/ops/v1/brands/:id/casino/games/:gameId',
    {
      schema: {
        tags,
        summary:
          'Switch a game on or off for the brand, move it to a place in the lobby, mark it popular and its popular categories',
        params: z.object({ id: idParamSchema, gameId: idParamSchema }),
        body: opsBrandCasinoGamePatchSchema,
        response: { 200: opsBrandCasinoGameResponseSchema, ...errors },
      },
    },
    async (request) => {
      const brandId = ops.brandScope(request, request.params.id)!;
      const { gameId } = request.params;
      const audit = auditOf(ops, request, 'casino.game.update', `casino-game:${gameId}`, brandId);
      return { result: await service.updateGame(brandId, gameId, request.body, audit) };
    },
  );

  app.patch(
    '/ops/v1/brands/:id/casino/providers/:providerId',
    {
      schema: {
        tags,
        summary: 'Switch a provider’s games on or off for the brand',
        params: z.object({ id: idParamSchema, providerId: idParamSchema }),
        body: opsBrandCasinoProviderPatchSchema,
        response: { 200: opsBrandCasinoProviderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const brandId = ops.brandScope(request, request.params.id)!;
      const { providerId } = request.params;
      const audit = auditOf(ops, request, 'casino.provider.update', `casino-provider:${providerId}`, brandId);
      return { result: await service.updateProvider(brandId, providerId, request.body.enabled, audit) };
    },
  );
}
