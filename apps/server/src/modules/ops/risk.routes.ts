import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsIdParam } from './ops.schemas';
import { HttpError } from '../../plugins/errors';
import { brandScope, ctxOf } from './access';
import type { AuditLog } from './audit';
import type { ClientDesk } from './client-desk';
import type { DeskService } from './desk.service';
import { RISK_LABELS, type Risk } from './risk';
import { reasonText, thousandths } from './trading-controls.routes';

/** Player risk: the client page and a client's stake factor, label and block flags (`/ops/v1/clients`). */
export function riskRoutes(deps: {
  risk: Risk;
  clients: ClientDesk;
  desk: DeskService;
  audit: AuditLog;
}): FastifyPluginAsync {
  const { risk, clients, audit } = deps;
  const params = z.object({ id: opsIdParam });

  /** A client the operator may see (its brand), else 404. */
  async function visibleClient(brandId: number | null, id: number): Promise<number> {
    const clientBrand = await clients.clientBrand(id);
    if (clientBrand === null || (brandId !== null && clientBrand !== brandId))
      throw new HttpError(404, 'not_found', 'client not found');
    return clientBrand;
  }

  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/ops/v1/clients',
      {
        schema: {
          tags: ['ops'],
          summary: 'Find clients by username (prefix), newest first',
          querystring: z.object({
            q: z.string().trim().min(1).max(100),
            brand: opsIdParam.optional(),
            limit: z.coerce.number().int().min(1).max(100).default(20),
          }),
        },
      },
      async (request) => {
        const q = request.query;
        const brandId = brandScope(ctxOf(request), q.brand);
        return { result: await clients.search(q.q, brandId, q.limit) };
      },
    );

    app.get(
      '/ops/v1/clients/:id',
      {
        schema: {
          tags: ['ops'],
          summary:
            'The client page: balance, open and settled bets, transactions, limits, responsible gambling, GGR',
          params,
        },
      },
      async (request) => {
        await visibleClient(ctxOf(request).brandId, request.params.id);
        const page = await clients.page(request.params.id);
        if (!page) throw new HttpError(404, 'not_found', 'client not found');
        return { result: page };
      },
    );

    app.put(
      '/ops/v1/clients/:id/risk',
      {
        schema: {
          tags: ['ops'],
          summary:
            'Set a client’s stake factor, risk label, block flags (no live, no cash-out) and own limit',
          params,
          body: z.object({
            stakeFactor: z
              .number()
              .min(0.01, 'a stake factor is 0.01 or more')
              .max(100)
              .refine(thousandths, 'at most 3 decimals')
              .optional(),
            label: z.enum(RISK_LABELS).optional(),
            noLive: z.boolean().optional(),
            noCashout: z.boolean().optional(),
            /** The client's own limit per combination (minor units); null removes it. */
            maxStake: z.number().int().min(0).max(1_000_000_000_00).nullable().optional(),
            reason: reasonText,
          }),
        },
      },
      async (request) => {
        const ctx = ctxOf(request);
        const brandId = await visibleClient(ctx.brandId, request.params.id);
        const { reason, ...patch } = request.body;
        const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
        const { before, after } = await risk.setClient(request.params.id, defined);
        await audit.record({
          actor: ctx,
          action: 'client.risk.set',
          target: `client:${request.params.id}`,
          brandId,
          outcome: 'ok',
          status: 200,
          reason,
          before,
          after,
          address: request.ip,
        });
        request.opsAudited = true;
        return { result: after };
      },
    );
  };
}
