import type { Clock } from '../../lib/clock';
import { HttpError, badRequest, notFound } from '../../plugins/errors';
import type { OperatorPrices, OperatorSuspension } from '../sports/index';
import type { AuditLog } from './audit';
import type { DeskRepository } from './desk.repository';
import { eventLiability } from './liability';
import type { OperatorContext } from './operators';
import type { Risk } from './risk';
import type { MarketNamer } from './ticker';

/** The book's worst loss on a market (minor units) before it is suspended, when no limit is set. */
export const DEFAULT_LIABILITY_LIMIT = 500_000;

/** The longest a price override may run. */
const MAX_OVERRIDE_MS = 30 * 86_400_000;

/** The automatic jobs' name in the audit log. */
const SYSTEM = { username: 'system' } as const;

type TradingControlsDeps = {
  clock: Clock;
  prices: OperatorPrices;
  suspension: OperatorSuspension;
  audit: AuditLog;
  desk: DeskRepository;
  risk: Risk;
  /** Market names (the liability view names its markets; the check reads only its figures). */
  marketName: MarketNamer;
};
type LiabilityLimits = Awaited<ReturnType<typeof limitsOf>>;
type Suspended = { marketId: number; liability: number; limit: number };

/**
 * The liability limits by scope: `{level}:{brand or 0}:{id}` for the market, event and sport rows; brand rows; the
 * platform default.
 */
async function limitsOf(risk: Risk) {
  const rows = await risk.limits('liability', null);
  const platform = rows.find((r) => r.level === 'platform')?.amount ?? DEFAULT_LIABILITY_LIMIT;
  const scoped = new Map<string, number>();
  const brand = new Map<number, number>();
  const brands = new Set<number>();
  for (const r of rows) {
    if (r.level === 'market' || r.level === 'event' || r.level === 'sport')
      scoped.set(`${r.level}:${r.brandId ?? 0}:${r.refId}`, r.amount);
    if (r.level === 'brand' && r.brandId !== null) brand.set(r.brandId, r.amount);
    if (r.brandId !== null) brands.add(r.brandId);
  }
  return { platform, scoped, brand, brands };
}

/** Suspends the markets of one event over their liability limit, whole book first, then brand by brand. */
async function checkEvent(
  deps: TradingControlsDeps,
  limits: LiabilityLimits,
  eventId: number,
  suspended: Suspended[],
): Promise<void> {
  const scopes: { brandId: number | null }[] = [
    { brandId: null },
    ...[...limits.brands].map((brandId) => ({ brandId })),
  ];
  for (const { brandId } of scopes) {
    const view = await eventLiability(deps.desk, deps.marketName, eventId, brandId);
    for (const m of view.markets) {
      if (m.marketId === null || m.suspended !== null) continue;
      const liability = -m.worstNet;
      const b = brandId ?? 0;
      const limit =
        limits.scoped.get(`market:${b}:${m.marketId}`) ??
        limits.scoped.get(`event:${b}:${eventId}`) ??
        (view.sportId === null ? undefined : limits.scoped.get(`sport:${b}:${view.sportId}`)) ??
        (brandId === null ? limits.platform : limits.brand.get(brandId));
      if (limit === undefined || liability <= limit) continue;
      if (suspended.some((s) => s.marketId === m.marketId)) continue;
      const changes = await deps.suspension.suspendMarket(m.marketId, 'liability');
      if (changes.length === 0) continue;
      await deps.audit.record({
        actor: SYSTEM,
        action: 'market.auto_suspend',
        target: `market:${m.marketId}`,
        brandId,
        outcome: 'ok',
        status: 200,
        reason: 'liability',
        before: changes.map((c) => ({ marketId: c.marketId, ...c.before })),
        after: changes.map((c) => ({ marketId: c.marketId, ...c.after, liability, limit })),
      });
      suspended.push({ marketId: m.marketId, liability, limit });
    }
  }
}

/** Ends overrides past their expiry (the model's price returns), audited as `system`. */
async function expireOverrides({ prices, audit }: TradingControlsDeps) {
  const changes = await prices.expireDue();
  for (const c of changes)
    await audit.record({
      actor: SYSTEM,
      action: 'price.override.expire',
      target: `selection:${c.selectionId}`,
      outcome: 'ok',
      status: 200,
      before: c.before,
      after: c.after,
    });
  return changes;
}

/**
 * Price overrides with an expiry and automatic suspension of a market whose liability passes its limit. Both
 * write through the sports module (`operatorPrices`, `operatorSuspension`) so players see the result on the feed
 * and bet placement uses it; every change is audited.
 */
export function createTradingControls(deps: TradingControlsDeps) {
  /**
   * The last bet id the liability check has seen (per instance: an instance that becomes the jobs' leader, after
   * a restart or a failover, looks once at every open bet it has not seen).
   */
  let seenBetId = 0;

  /**
   * Checks the markets of the events new open bets touched: a market whose worst outcome costs the book more than
   * its limit is suspended with reason `liability`, audited as `system`. A market's limit is the most specific row
   * that names it: its market's, else its event's, else its sport's, else (the whole book) the platform default or
   * (one brand's bets, against that brand's rows) the brand's. An operator may resume it; it is suspended again
   * only if a new bet arrives while it is still over the limit.
   */
  async function checkLiability(): Promise<{ marketId: number; liability: number; limit: number }[]> {
    const rows = await deps.desk.eventsWithOpenBetsAfter(seenBetId);
    if (rows.length === 0) return [];
    const limits = await limitsOf(deps.risk);
    const suspended: Suspended[] = [];
    for (const row of rows) {
      await checkEvent(deps, limits, row.eventId, suspended);
    }
    seenBetId = Math.max(seenBetId, ...rows.map((r) => r.lastBetId));
    return suspended;
  }

  /** One pass of the automatic jobs (what the jobs' leader runs every second; tests call it). */
  async function tick() {
    const expired = await expireOverrides(deps);
    const suspended = await checkLiability();
    return { expired, suspended };
  }

  return {
    tick,
    checkLiability,
    expireOverrides: () => expireOverrides(deps),

    override: (
      ctx: OperatorContext,
      selectionId: number,
      odd: number,
      expiresAt: Date,
      reason: string,
      address: string,
    ) => override(deps, ctx, selectionId, odd, expiresAt, reason, address),

    clearOverride: (ctx: OperatorContext, selectionId: number, address: string) =>
      clearOverride(deps, ctx, selectionId, address),
  };
}

export type TradingControls = ReturnType<typeof createTradingControls>;

/** Overrides a selection's price until `expiresAt` (at most 30 days ahead), audited. */
async function override(
  { clock, prices, audit }: TradingControlsDeps,
  ctx: OperatorContext,
  selectionId: number,
  odd: number,
  expiresAt: Date,
  reason: string,
  address: string,
) {
  const now = clock.now();
  if (expiresAt.getTime() <= now) throw badRequest('expiresAt', 'the expiry must be in the future');
  if (expiresAt.getTime() > now + MAX_OVERRIDE_MS)
    throw badRequest('expiresAt', 'an override runs 30 days at most');
  const s = await prices.selection(selectionId);
  if (!s) throw notFound('selection');
  if (s.closed) throw new HttpError(409, 'selection_closed', 'the selection is closed or decided');
  const change = await prices.override(selectionId, odd, expiresAt);
  if (!change) throw new HttpError(409, 'selection_closed', 'the selection is closed or decided');
  await audit.record({
    actor: ctx,
    action: 'price.override',
    target: `selection:${selectionId}`,
    brandId: ctx.brandId,
    outcome: 'ok',
    status: 200,
    reason,
    before: change.before,
    after: change.after,
    address,
  });
  return { selectionId, marketId: change.marketId, eventId: change.eventId, ...change.after };
}

/** Ends a selection's override now (the model's price returns), audited. */
async function clearOverride(
  { prices, audit }: TradingControlsDeps,
  ctx: OperatorContext,
  selectionId: number,
  address: string,
) {
  const s = await prices.selection(selectionId);
  if (!s) throw notFound('selection');
  if (s.overrideUntil === null) throw new HttpError(409, 'no_override', 'the selection has no override');
  const change = await prices.clear(selectionId);
  await audit.record({
    actor: ctx,
    action: 'price.override.clear',
    target: `selection:${selectionId}`,
    brandId: ctx.brandId,
    outcome: 'ok',
    status: 200,
    before: change?.before ?? null,
    after: change?.after ?? null,
    address,
  });
  return { selectionId, ...(change?.after ?? { odd: s.odd, modelOdd: null, overrideUntil: null }) };
}
