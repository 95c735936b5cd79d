import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsIdParam, opsIdBody, opsBigIdParam, opsBigIdBody } from './ops.schemas';
import { HttpError, badRequest } from '../../plugins/errors';
import type { SportsModule } from '../sports/index';
import { brandScope, ctxOf } from './access';
import type { AuditLog } from './audit';
import type { DeskService } from './desk.service';
import { LIABILITY_LEVELS, STAKE_LEVELS, type LimitLevel, type Risk } from './risk';
import type { TradingControls } from './trading-controls';

/** Decimal odds with at most 3 decimals (bets record thousandths). */
const INT32_MAX = 2_147_483_647;

export const thousandths = (v: number) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6;

/** Why an operator changes something: required on every change, shown in the audit log. */
export const reasonText = z.string().trim().min(3, 'say why (3 characters or more)').max(200);

const selectionParams = z.object({ id: opsBigIdParam });

/** Price overrides and operator limits: `/ops/v1/overrides`, `/ops/v1/selections/{id}/override`, `/ops/v1/limits`. */
export function tradingControlsRoutes(deps: {
  controls: TradingControls;
  risk: Risk;
  audit: AuditLog;
  desk: DeskService;
  sports: SportsModule;
}): FastifyPluginAsync {
  const { controls, risk, audit, sports } = deps;

  /** Whether the limit's target exists (sport, event, market). */
  async function targetExists(level: LimitLevel, id: number): Promise<boolean> {
    // Sports and events have 32-bit ids; markets 64-bit ones.
    if (level !== 'market' && id > INT32_MAX) return false;
    if (level === 'event') return sports.eventExists(id);
    if (level === 'market') return (await sports.operatorSuspension.market(id)) !== null;
    return risk.sportExists(id);
  }

  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/ops/v1/overrides',
      {
        schema: { tags: ['ops'], summary: 'Active price overrides, soonest expiry first' },
      },
      async () => ({ result: await sports.operatorPrices.active() }),
    );

    app.post(
      '/ops/v1/selections/:id/override',
      {
        schema: {
          tags: ['ops'],
          summary: 'Override one selection’s price until an expiry (players see it; bets are taken at it)',
          params: selectionParams,
          body: z.object({
            odd: z
              .number()
              .min(1.01, 'an override is 1.01 or more')
              .max(1000)
              .refine(thousandths, 'at most 3 decimals'),
            expiresAt: z.iso.datetime({ offset: true }),
            reason: reasonText,
          }),
        },
      },
      async (request) => {
        const { odd, expiresAt, reason } = request.body;
        const until = new Date(expiresAt);
        const result = await controls.override(
          ctxOf(request),
          request.params.id,
          odd,
          until,
          reason,
          request.ip,
        );
        request.opsAudited = true;
        return { result };
      },
    );

    app.delete(
      '/ops/v1/selections/:id/override',
      {
        schema: {
          tags: ['ops'],
          summary: 'End a price override now (the model’s price returns)',
          params: selectionParams,
        },
      },
      async (request) => {
        const result = await controls.clearOverride(ctxOf(request), request.params.id, request.ip);
        request.opsAudited = true;
        return { result };
      },
    );

    app.get(
      '/ops/v1/limits',
      {
        schema: {
          tags: ['ops'],
          summary: 'Stake limits (per combination) or liability limits (auto-suspension), every level',
          querystring: z.object({
            kind: z.enum(['stake', 'liability']).default('stake'),
            brand: opsIdParam.optional(),
          }),
        },
      },
      async (request) => {
        const brandId = brandScope(ctxOf(request), request.query.brand);
        return { result: await risk.limits(request.query.kind, brandId) };
      },
    );

    app.put(
      '/ops/v1/limits',
      {
        schema: {
          tags: ['ops'],
          summary: 'Set (amount) or remove (amount null) one limit',
          body: z.object({
            kind: z.enum(['stake', 'liability']),
            level: z.enum(STAKE_LEVELS),
            /** null = every brand. */
            brandId: opsIdBody.nullable().default(null),
            /** The sport, event or market id (null for platform and brand). */
            refId: opsBigIdBody.nullable().default(null),
            amount: z.number().int().min(0).max(1_000_000_000_00).nullable(),
            reason: reasonText,
          }),
        },
      },
      async (request) => {
        const ctx = ctxOf(request);
        const b = request.body;
        if (b.kind === 'liability' && !(LIABILITY_LEVELS as readonly string[]).includes(b.level))
          throw badRequest('level', 'liability limits are set per platform, brand or market');
        const refLevel = b.level !== 'platform' && b.level !== 'brand';
        if (refLevel !== (b.refId !== null))
          throw badRequest('refId', refLevel ? `name the ${b.level}` : `a ${b.level} limit names no id`);
        if (b.level === 'brand' && b.brandId === null) throw badRequest('brandId', 'name the brand');
        if (b.level === 'platform' && b.brandId !== null)
          throw badRequest('brandId', 'a platform limit is for every brand');
        // A brand's operator sets its own brand's limits only; every-brand limits need an all-brands operator.
        if (ctx.brandId !== null && b.brandId === null)
          throw new HttpError(403, 'forbidden', 'a limit of every brand needs an all-brands operator');
        brandScope(ctx, b.brandId ?? undefined);
        if (b.brandId !== null && !(await deps.desk.brandExists(b.brandId)))
          throw badRequest('brandId', 'no such brand');
        if (b.refId !== null && !(await targetExists(b.level, b.refId)))
          throw badRequest('refId', `no such ${b.level}`);
        const key = { kind: b.kind, level: b.level, brandId: b.brandId, refId: b.refId };
        const change = await risk.setLimit(key, b.amount);
        await audit.record({
          actor: ctx,
          action: `limit.${b.kind}.set`,
          target: `${b.level}:${b.refId ?? b.brandId ?? 'platform'}`,
          brandId: b.brandId,
          outcome: 'ok',
          status: 200,
          reason: b.reason,
          before: { ...key, amount: change.before },
          after: { ...key, amount: change.after },
          address: request.ip,
        });
        request.opsAudited = true;
        return { result: { ...key, amount: change.after } };
      },
    );
  };
}
