import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsBetDetailResponseSchema, opsBetVoidResponseSchema } from '@sb/contract';
import { notFound } from '../../plugins/errors';
import { ctxOf } from './access';
import { auditedInTransaction } from './audit-hook';
import { opsIdParam, opsAnswers } from './ops.schemas';
import type { OpsBets } from './ops-bets.service';
import { VOID_REASONS } from './results-desk';

const params = z.object({ id: opsIdParam });

/**
 * A bet's detail and its void (issue 34 item 3), inside `/ops/v1` (authentication, role check, refusal audit).
 * Both are brand-scoped: a brand's operator reads and voids its own brand's bets (another brand's is a 404).
 */
export function opsBetsRoutes(bets: OpsBets): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/ops/v1/bets/:id/detail',
      {
        schema: {
          tags: ['ops'],
          summary:
            'A bet in full: every leg by name with the odds taken and now and its result, the money movements (cash-outs included), client, brand and the operators’ actions',
          params,
          response: opsAnswers(opsBetDetailResponseSchema),
        },
      },
      async (request) => {
        const bet = await bets.detail(request.params.id, ctxOf(request).brandId);
        if (!bet) throw notFound('bet');
        return { result: bet };
      },
    );

    app.post(
      '/ops/v1/bets/:id/void',
      {
        schema: {
          tags: ['ops'],
          summary:
            'Void one bet with a reason: the stake comes back through the ledger once (a settled bet’s payout is taken back first); audited',
          params,
          body: z.object({ reason: z.enum(VOID_REASONS), note: z.string().max(500).optional() }),
          response: opsAnswers(opsBetVoidResponseSchema),
        },
      },
      async (request) => {
        const result = await bets.void(ctxOf(request), request.params.id, request.body, request.ip);
        auditedInTransaction(request);
        return { result };
      },
    );
  };
}
