import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsEventResultResponseSchema } from '@sb/contract';
import { ctxOf } from './access';
import { auditedInTransaction } from './audit-hook';
import { opsIdParam, opsAnswers } from './ops.schemas';
import type { OpsResults } from './ops-results.service';
import { resultFactsSchema } from './result-facts.schema';
import { VOID_REASONS } from './results-desk';

const body = z.object({
  facts: resultFactsSchema,
  /** What becomes of the markets the facts cannot decide: an explicit choice. */
  undecided: z.enum(['void', 'open']),
  reason: z.enum(VOID_REASONS).optional(),
  note: z.string().max(500).optional(),
});

/**
 * One-form resulting of an event (issue 34 item 4), inside `/ops/v1`: the preview reports every market's outcome
 * and the money per brand and changes nothing; the confirmation moves it. Results are the shared catalogue's
 * (OPS_ACCESS: all-brands operators only).
 */
export function opsResultsRoutes(results: OpsResults): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    for (const step of ['preview', 'confirm'] as const)
      app.post(
        `/ops/v1/events/:id/result/${step}`,
        {
          schema: {
            tags: ['ops'],
            summary:
              step === 'preview'
                ? 'Preview an event’s result from one form: every market’s outcome (decided, undecidable) and the money per brand; nothing changes'
                : 'Result every unresolved market of an event from one form (final, half-time or period scores, goals) through the producer’s decision; undecidable markets voided or left open as asked',
            params: z.object({ id: opsIdParam }),
            body,
            response: opsAnswers(opsEventResultResponseSchema),
          },
        },
        async (request) => {
          const result = await results.result(
            ctxOf(request),
            request.params.id,
            { ...request.body, preview: step === 'preview' },
            request.ip,
          );
          auditedInTransaction(request);
          return { result };
        },
      );
  };
}
