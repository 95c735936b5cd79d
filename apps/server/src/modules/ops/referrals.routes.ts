import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INT32_MAX, opsReferralDecisionResponseSchema, opsReferralsResponseSchema } from '@sb/contract';
import { brandScope, ctxOf } from './access';
import { auditedInTransaction } from './audit-hook';
import { opsErrors, opsIdParam } from './ops.schemas';
import type { OpsReferrals } from './referrals.service';
import { reasonText } from './trading-controls.routes';

const errors = opsErrors;
const params = z.object({ id: opsIdParam });
const note = z.string().trim().max(500).optional();

/**
 * The referral queue (issue 34 item 3), inside `/ops/v1` (authentication, role check, refusal audit). Brand-scoped:
 * a brand's operator sees and decides its own brand's referrals (another brand's bet is a 404).
 */
export function referralsRoutes(referrals: OpsReferrals): FastifyPluginAsync {
  return async (fastify) => {
    registerReferralReads(fastify, referrals);
    registerReferralDecisions(fastify, referrals);
    registerReferralOffers(fastify, referrals);
  };
}

/** GET /ops/v1/referrals: the queue, in the operator's brand scope. */
function registerReferralReads(fastify: FastifyInstance, referrals: OpsReferrals): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/referrals',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Bets waiting for approval (stake or potential payout over the threshold), soonest due first: client, legs by name, stake, payout, time left',
        querystring: z.object({ brand: opsIdParam.optional() }),
        response: { 200: opsReferralsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await referrals.list(brandScope(ctxOf(request), request.query.brand)),
    }),
  );
}

/** POST accept and reject: a referred bet decided as it stands. */
function registerReferralDecisions(fastify: FastifyInstance, referrals: OpsReferrals): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/ops/v1/referrals/:id/accept',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Accept a referred bet: checked once more (selections open, price within the client’s policy), then accepted at the current price or rejected with the stake returned; audited',
        params,
        body: z.object({ note }).default({}),
        response: { 200: opsReferralDecisionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await referrals.decide(
        ctxOf(request),
        request.params.id,
        { kind: 'accept' },
        { note: request.body.note },
        request.ip,
      );
      auditedInTransaction(request);
      return { result };
    },
  );

  app.post(
    '/ops/v1/referrals/:id/reject',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Reject a referred bet with a reason: the whole stake comes back through the ledger; audited',
        params,
        body: z.object({ reason: reasonText, note }),
        response: { 200: opsReferralDecisionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await referrals.decide(
        ctxOf(request),
        request.params.id,
        { kind: 'reject' },
        request.body,
        request.ip,
      );
      auditedInTransaction(request);
      return { result };
    },
  );
}

/** POST offer: a counter-offer of a lower stake. */
function registerReferralOffers(fastify: FastifyInstance, referrals: OpsReferrals): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/ops/v1/referrals/:id/offer',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Counter-offer a lower total stake: the client takes it (the rest comes back) or leaves it (rejected) before the timeout; audited',
        params,
        body: z.object({
          stake: z.number().int().min(1).max(INT32_MAX),
          note,
        }),
        response: { 200: opsReferralDecisionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await referrals.decide(
        ctxOf(request),
        request.params.id,
        { kind: 'offer', stake: request.body.stake },
        { note: request.body.note },
        request.ip,
      );
      auditedInTransaction(request);
      return { result };
    },
  );
}
