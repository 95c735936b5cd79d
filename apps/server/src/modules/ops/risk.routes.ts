import { opsClientRiskResponseSchema } from '@sb/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ODDS_CHANGE_POLICIES } from '@sb/contract';
import { opsIdParam, opsAnswers } from './ops.schemas';
import { HttpError } from '../../plugins/errors';
import { ctxOf } from './access';
import { audited } from './audit-hook';
import type { ClientDesk } from './client-desk';
import type { DeskService } from './desk.service';
import { RISK_LABELS, type Risk } from './risk';
import { reasonText, thousandths } from './trading-controls.routes';

/** Player risk: a client's stake factor, label and block flags (the client page: client-office.routes.ts). */
export function riskRoutes(deps: { risk: Risk; clients: ClientDesk; desk: DeskService }): FastifyPluginAsync {
  const { risk, clients } = deps;
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

    app.put(
      '/ops/v1/clients/:id/risk',
      {
        schema: {
          tags: ['ops'],
          response: opsAnswers(opsClientRiskResponseSchema),
          summary:
            'Set a client’s stake factor, risk label, block flags (no live, no cash-out), own limit, referral thresholds, live bet delay and odds-change policy',
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
            /** Issue 34: referral thresholds of this client (minor units; they only tighten the brand's); null removes. */
            referralStake: z.number().int().min(1).max(1_000_000_000_00).nullable().optional(),
            referralPayout: z.number().int().min(1).max(1_000_000_000_00).nullable().optional(),
            /** The client's live bet delay in ms (replaces the brand's); null: the brand's. */
            betDelayMs: z.number().int().min(0).max(60_000).nullable().optional(),
            /** The desk's odds-change policy (the stricter of it and the client's own applies); null: the client's. */
            oddsPolicy: z.enum(ODDS_CHANGE_POLICIES).nullable().optional(),
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
        audited(request, {
          action: 'client.risk.set',
          target: `client:${request.params.id}`,
          brandId,
          reason,
          before,
          after,
        });
        return { result: after };
      },
    );
  };
}
