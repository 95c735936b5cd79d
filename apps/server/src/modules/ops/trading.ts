import type { OperatorSuspension } from '../sports/index';
import { HttpError, notFound } from '../../plugins/errors';
import type { AuditLog } from './audit';
import type { OperatorContext } from './operators';

/** Reason codes of a suspension (shown in the audit log and the desk; players just see "suspended"). */
export const SUSPEND_REASONS = [
  'liability',
  'sharp_action',
  'incident',
  'price_error',
  'feed_issue',
  'integrity',
  'other',
] as const;
export type SuspendReason = (typeof SUSPEND_REASONS)[number];

/**
 * Suspends and resumes markets or whole events. Suspension is platform-wide (every brand shares one
 * catalogue): its routes are `catalogue` routes of OPS_ACCESS (access.ts), so a brand-scoped trader gets 403.
 */
export function createTrading(deps: TradingDeps) {
  const { suspension, audit } = deps;
  return {
    async market(
      ctx: OperatorContext,
      id: number,
      action: 'suspend' | 'resume',
      reason: string | null,
      address: string,
    ) {
      const market = await suspension.market(id);
      if (!market) throw notFound('market');
      if (market.closed) throw new HttpError(409, 'market_closed', 'the market is closed');
      const changes =
        action === 'suspend'
          ? await suspension.suspendMarket(id, reason ?? 'other')
          : await suspension.resumeMarket(id);
      await record(audit, ctx, `market.${action}`, `market:${id}`, reason, changes, address);
      return { marketId: id, eventId: market.eventId, suspended: action === 'suspend', reason };
    },

    selection: (
      ctx: OperatorContext,
      id: number,
      action: 'suspend' | 'resume',
      reason: string | null,
      address: string,
    ) => selection(deps, ctx, id, action, reason, address),

    async event(
      ctx: OperatorContext,
      id: number,
      action: 'suspend' | 'resume',
      reason: string | null,
      address: string,
      exists: (id: number) => Promise<boolean>,
    ) {
      if (!(await exists(id))) throw notFound('event');
      const changes =
        action === 'suspend'
          ? await suspension.suspendEvent(id, reason ?? 'other')
          : await suspension.resumeEvent(id);
      await record(audit, ctx, `event.${action}`, `event:${id}`, reason, changes, address);
      return { eventId: id, markets: changes.length, suspended: action === 'suspend', reason };
    },
  };
}

type TradingDeps = { suspension: OperatorSuspension; audit: AuditLog };

/** One selection alone (issue 34): the rest of its market stays on sale. */
async function selection(
  { suspension, audit }: TradingDeps,
  ctx: OperatorContext,
  id: number,
  action: 'suspend' | 'resume',
  reason: string | null,
  address: string,
) {
  const selection = await suspension.selection(id);
  if (!selection) throw notFound('selection');
  if (selection.closed) throw new HttpError(409, 'selection_closed', 'the selection is closed or decided');
  const change =
    action === 'suspend'
      ? await suspension.suspendSelection(id, reason ?? 'other')
      : await suspension.resumeSelection(id);
  if (!change) throw new HttpError(409, 'selection_closed', 'the selection is closed or decided');
  await audit.record({
    actor: ctx,
    action: `selection.${action}`,
    target: `selection:${id}`,
    brandId: ctx.brandId,
    outcome: 'ok',
    status: 200,
    reason,
    before: { marketId: change.marketId, ...change.before },
    after: { marketId: change.marketId, ...change.after },
    address,
  });
  return {
    selectionId: id,
    marketId: change.marketId,
    eventId: change.eventId,
    suspended: action === 'suspend',
    reason,
  };
}

/** The audit entry of a suspension or resumption of markets: each market's state before and after. */
async function record(
  audit: AuditLog,
  ctx: OperatorContext,
  action: string,
  target: string,
  reason: string | null,
  changes: Awaited<ReturnType<OperatorSuspension['suspendMarket']>>,
  address: string,
) {
  await audit.record({
    actor: ctx,
    action,
    target,
    brandId: ctx.brandId,
    outcome: 'ok',
    status: 200,
    reason,
    before: changes.map((c) => ({ marketId: c.marketId, ...c.before })),
    after: changes.map((c) => ({ marketId: c.marketId, ...c.after })),
    address,
  });
}
