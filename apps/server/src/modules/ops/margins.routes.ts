import { opsMarginSetResponseSchema, opsMarginsResponseSchema } from '@sb/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsIdParam, opsIdBody, opsAnswers } from './ops.schemas';
import { badRequest } from '../../plugins/errors';
import {
  MARKET_FAMILIES,
  MAX_BRAND_MARGIN_BP,
  MIN_BRAND_MARGIN_BP,
  type BrandMargins,
} from '../sports/index';
import { brandScope, ctxOf } from './access';
import { audited } from './audit-hook';
import type { DeskService } from './desk.service';
import { reasonText } from './trading-controls.routes';

/**
 * Brand margins (`/ops/v1/margins`): a brand's Δ per sport and market family, in basis points. Prices are shared;
 * the margin adjusts what the brand serves and accepts (sports/pricing/brand-odd.ts). Brand-scoped like limits:
 * a brand's trader sets its own brand's margins; another brand → 404.
 */
export function marginsRoutes(deps: MarginsDeps): FastifyPluginAsync {
  return async (fastify) => {
    registerMarginsReads(fastify, deps);
    registerMarginsWrites(fastify, deps);
  };
}

type MarginsDeps = {
  margins: BrandMargins;
  desk: DeskService;
  sportExists: (id: number) => Promise<boolean>;
  /** Sports with their names (the screen's choices). */
  sports: () => Promise<{ id: number; name: { en: string; tr: string } }[]>;
};

/** GET /ops/v1/margins: a brand's margins with the screen's choices. */
function registerMarginsReads(fastify: FastifyInstance, deps: MarginsDeps): void {
  const { margins } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/margins',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsMarginsResponseSchema),
        summary: 'Brand margins per sport and market family (basis points; null = every sport / family)',
        querystring: z.object({ brand: opsIdParam.optional() }),
      },
    },
    async (request) => {
      const brandId = brandScope(ctxOf(request), request.query.brand);
      const sports = await deps.sports();
      return { result: { margins: margins.list(brandId), families: [...MARKET_FAMILIES], sports } };
    },
  );
}

/** PUT /ops/v1/margins: sets or removes one margin, audited. */
function registerMarginsWrites(fastify: FastifyInstance, deps: MarginsDeps): void {
  const { margins } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/ops/v1/margins',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsMarginSetResponseSchema),
        summary: 'Set (marginBp) or remove (marginBp null) a brand’s margin for a sport × market family',
        body: z.object({
          brandId: opsIdBody,
          /** null = every sport. */
          sportId: opsIdBody.nullable().default(null),
          /** null = every family. */
          family: z.enum(MARKET_FAMILIES).nullable().default(null),
          /** Basis points (100 = 1%): the brand's odd = odd / (1 + Δ). */
          marginBp: z.number().int().min(MIN_BRAND_MARGIN_BP).max(MAX_BRAND_MARGIN_BP).nullable(),
          reason: reasonText,
        }),
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const b = request.body;
      brandScope(ctx, b.brandId);
      if (!(await deps.desk.brandExists(b.brandId))) throw badRequest('brandId', 'no such brand');
      if (b.sportId !== null && !(await deps.sportExists(b.sportId)))
        throw badRequest('sportId', 'no such sport');
      const key = { brandId: b.brandId, sportId: b.sportId, family: b.family };
      const change = await margins.set(key, b.marginBp);
      audited(request, {
        action: 'margin.set',
        target: `brand:${b.brandId}:${b.sportId ?? 'all'}:${b.family ?? 'all'}`,
        brandId: b.brandId,
        reason: b.reason,
        before: { ...key, marginBp: change.before },
        after: { ...key, marginBp: change.after },
      });
      return { result: { ...key, marginBp: change.after } };
    },
  );
}
