import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignCreateSchema,
  campaignGrantResponseSchema,
  campaignGrantSchema,
  campaignListQuerySchema,
  campaignListResponseSchema,
  campaignResponseSchema,
  campaignStatusChangeSchema,
  clientRewardsResponseSchema,
  errorBodySchema,
} from '@sb/contract';
import type { DbOrTx } from '../../db/database';
import type { ZodApp } from '../../lib/zod-app';
import type { Actor, AuditWrite, PromotionsService } from './promotions.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const params = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The operator of a request that passed the ops hook, as the ops module gives it. */
export interface OpsRequestContext {
  operatorOf: (request: FastifyRequest) => Actor & { operatorId: number | null; role: string };
  /** The brands an operator may name: their own (another is a 404), or every brand (null). */
  brandScope: (request: FastifyRequest, requested: number | undefined) => number | null;
  /** The ops module's append-only audit log. */
  record: (tx: DbOrTx, request: FastifyRequest, entry: Parameters<AuditWrite>[1]) => Promise<void>;
}

/**
 * The desk's promotions (`/ops/v1/promotions`), registered inside `/ops/v1` (authentication, role check per
 * OPS_ACCESS, refusal audit). Every route is brand-scoped: an operator of one brand creates, lists, changes and
 * grants its own brand's campaigns only (another brand's is a 404).
 */
export function promotionsOpsRoutes(service: PromotionsService, ops: OpsRequestContext): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const auditOf =
      (request: FastifyRequest): AuditWrite =>
      async (tx, entry) => {
        await ops.record(tx, request, entry);
        // Recorded in the action's transaction: the ops audit hook writes nothing more (modules/ops/audit-hook.ts).
        request.opsAudit = 'transaction';
      };

    registerCampaigns(app, service, ops, auditOf);
    registerCampaignReads(app, service, ops);
    registerCampaignChanges(app, service, ops, auditOf);
  };
}

/** An operator's action audited in its own transaction. */
type AuditOf = (request: FastifyRequest) => AuditWrite;

/** The brand's campaigns: the list, and a new campaign. */
function registerCampaigns(
  app: ZodApp,
  service: PromotionsService,
  ops: OpsRequestContext,
  auditOf: AuditOf,
) {
  app.get(
    '/ops/v1/promotions',
    {
      schema: {
        tags: ['ops'],
        summary: 'Campaigns of the operator’s brand (or every brand), newest first, with uptake and cost',
        querystring: campaignListQuerySchema,
        response: { 200: campaignListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const brandId = ops.brandScope(request, request.query.brandId);
      return { result: await service.list(ops.operatorOf(request), brandId) };
    },
  );

  app.post(
    '/ops/v1/promotions',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Create a campaign of one brand and one product; its terms are refused (400 terms_refused, naming the rule) when the UK rules forbid them',
        body: campaignCreateSchema,
        response: { 200: campaignResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await service.create(ops.operatorOf(request), request.body, auditOf(request)),
    }),
  );
}

/** One campaign, and one client's rewards. */
function registerCampaignReads(app: ZodApp, service: PromotionsService, ops: OpsRequestContext) {
  app.get(
    '/ops/v1/promotions/:id',
    {
      schema: {
        tags: ['ops'],
        summary: 'One campaign with its uptake and cost',
        params,
        response: { 200: campaignResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await service.get(ops.operatorOf(request), request.params.id) }),
  );

  app.get(
    '/ops/v1/clients/:id/rewards',
    {
      schema: {
        tags: ['ops'],
        summary: 'A client’s rewards, newest first, for the client 360 (another brand’s client is a 404)',
        params,
        response: { 200: clientRewardsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await service.clientRewards(ops.operatorOf(request), request.params.id),
    }),
  );
}

/** A campaign's status, and its grants by hand (both audited). */
function registerCampaignChanges(
  app: ZodApp,
  service: PromotionsService,
  ops: OpsRequestContext,
  auditOf: AuditOf,
) {
  app.put(
    '/ops/v1/promotions/:id/status',
    {
      schema: {
        tags: ['ops'],
        summary: 'Pause, resume or end a campaign (ended is final); audited',
        params,
        body: campaignStatusChangeSchema,
        response: { 200: campaignResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await service.setStatus(
        ops.operatorOf(request),
        request.params.id,
        request.body.status,
        auditOf(request),
      ),
    }),
  );

  app.post(
    '/ops/v1/promotions/:id/grants',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Grant the campaign’s reward to clients of its brand by hand (once per client; a repeat changes nothing); audited',
        params,
        body: campaignGrantSchema,
        response: { 200: campaignGrantResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await service.grant(
        ops.operatorOf(request),
        request.params.id,
        request.body.clientIds,
        auditOf(request),
      ),
    }),
  );
}
