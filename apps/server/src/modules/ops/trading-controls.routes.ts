import {
  opsLimitSetResponseSchema,
  opsLimitsResponseSchema,
  opsOverrideClearedResponseSchema,
  opsOverrideSetResponseSchema,
  opsOverridesResponseSchema,
} from '@sb/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsIdParam, opsIdBody, opsBigIdParam, opsBigIdBody, opsAnswers } from './ops.schemas';
import { HttpError, badRequest } from '../../plugins/errors';
import type { SportsModule } from '../sports/index';
import { brandScope, ctxOf } from './access';
import { audited, auditedInTransaction } from './audit-hook';
import type { DeskService } from './desk.service';
import { STAKE_LEVELS, type LimitLevel, type Risk } from './risk';
import type { TradingControls } from './trading-controls';
import type { TargetNames } from './target-names';
import type { OpsLimit } from '@sb/contract';

/** Decimal odds with at most 3 decimals (bets record thousandths). */
const INT32_MAX = 2_147_483_647;

export const thousandths = (v: number) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6;

/** Why an operator changes something: required on every change, shown in the audit log. */
export const reasonText = z.string().trim().min(3, 'say why (3 characters or more)').max(200);

const selectionParams = z.object({ id: opsBigIdParam });

type TradingControlsDeps = {
  controls: TradingControls;
  risk: Risk;
  desk: DeskService;
  sports: SportsModule;
  /** Tells an event's open views that one of its limits changed. */
  changedEvent: (eventId: number) => Promise<void>;
  targetNames: TargetNames;
};

/** Each limit with its brand's name and its target's (null where the level has none or the target is gone). */
async function namedLimits(targetNames: TargetNames, limits: OpsLimit[]) {
  const brands = await targetNames.brands(limits.flatMap((l) => (l.brandId === null ? [] : [l.brandId])));
  const levels = ['sport', 'event', 'market', 'selection'] as const;
  const byLevel = new Map(
    await Promise.all(
      levels.map(
        async (level) =>
          [
            level,
            await targetNames.of(
              level,
              limits.flatMap((l) => (l.level === level && l.refId !== null ? [l.refId] : [])),
            ),
          ] as const,
      ),
    ),
  );
  return limits.map((l) => ({
    ...l,
    brandName: l.brandId === null ? null : (brands.get(l.brandId) ?? null),
    target:
      l.refId === null || l.level === 'platform' || l.level === 'brand'
        ? null
        : (byLevel.get(l.level)?.get(l.refId) ?? null),
  }));
}

/**
 * The limit's target (sport, event, market, selection) if it exists: with its event for the levels an event's
 * view shows (their open views are told of the change), null when there is no such target.
 */
async function targetOf(
  { sports, risk }: Pick<TradingControlsDeps, 'sports' | 'risk'>,
  level: LimitLevel,
  id: number,
): Promise<{ eventId: number | null } | null> {
  // Sports and events have 32-bit ids; markets and selections 64-bit ones.
  if (level !== 'market' && level !== 'selection' && id > INT32_MAX) return null;
  if (level === 'event') return (await sports.eventExists(id)) ? { eventId: id } : null;
  if (level === 'market') return (await sports.operatorSuspension.market(id)) ?? null;
  if (level === 'selection') return (await sports.operatorSuspension.selection(id)) ?? null;
  return (await risk.sportExists(id)) ? { eventId: null } : null;
}

/** Price overrides and operator limits: `/ops/v1/overrides`, `/ops/v1/selections/{id}/override`, `/ops/v1/limits`. */
export function tradingControlsRoutes(deps: TradingControlsDeps): FastifyPluginAsync {
  return async (fastify) => {
    registerOverrideReads(fastify, deps);
    registerOverrideWrites(fastify, deps);
    registerLimitReads(fastify, deps);
    registerLimitWrites(fastify, deps);
  };
}

/** GET the active price overrides, by market name. */
function registerOverrideReads(fastify: FastifyInstance, { sports, targetNames }: TradingControlsDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/overrides',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsOverridesResponseSchema),
        summary: 'Active price overrides, soonest expiry first',
      },
    },
    async () => {
      const overrides = await sports.operatorPrices.active();
      const markets = await targetNames.of(
        'market',
        overrides.map((o) => o.marketId),
      );
      return { result: overrides.map((o) => ({ ...o, market: markets.get(o.marketId) ?? null })) };
    },
  );
}

/** POST and DELETE one selection's price override. */
function registerOverrideWrites(fastify: FastifyInstance, { controls }: TradingControlsDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/ops/v1/selections/:id/override',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsOverrideSetResponseSchema),
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
      auditedInTransaction(request);
      return { result };
    },
  );

  app.delete(
    '/ops/v1/selections/:id/override',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsOverrideClearedResponseSchema),
        summary: 'End a price override now (the model’s price returns)',
        params: selectionParams,
      },
    },
    async (request) => {
      const result = await controls.clearOverride(ctxOf(request), request.params.id, request.ip);
      auditedInTransaction(request);
      return { result };
    },
  );
}

/** GET the limits of a kind in the caller's brand scope, with names. */
function registerLimitReads(fastify: FastifyInstance, { risk, targetNames }: TradingControlsDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/limits',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsLimitsResponseSchema),
        summary: 'Stake limits (per combination) or liability limits (auto-suspension), every level',
        querystring: z.object({
          kind: z.enum(['stake', 'liability']).default('stake'),
          brand: opsIdParam.optional(),
        }),
      },
    },
    async (request) => {
      const brandId = brandScope(ctxOf(request), request.query.brand);
      return { result: await namedLimits(targetNames, await risk.limits(request.query.kind, brandId)) };
    },
  );
}

/** PUT one limit (set or removed): audited, and the event's open views told. */
function registerLimitWrites(fastify: FastifyInstance, deps: TradingControlsDeps): void {
  const { risk } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/ops/v1/limits',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsLimitSetResponseSchema),
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
      // Both kinds have every level: a liability limit's most specific level that names a market applies to it.
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
      const target = b.refId === null ? null : await targetOf(deps, b.level, b.refId);
      if (b.refId !== null && target === null) throw badRequest('refId', `no such ${b.level}`);
      const key = { kind: b.kind, level: b.level, brandId: b.brandId, refId: b.refId };
      const change = await risk.setLimit(key, b.amount);
      audited(request, {
        action: `limit.${b.kind}.set`,
        target: `${b.level}:${b.refId ?? b.brandId ?? 'platform'}`,
        brandId: b.brandId,
        reason: b.reason,
        before: { ...key, amount: change.before },
        after: { ...key, amount: change.after },
      });
      if (target?.eventId) await deps.changedEvent(target.eventId);
      return { result: { ...key, amount: change.after } };
    },
  );
}
