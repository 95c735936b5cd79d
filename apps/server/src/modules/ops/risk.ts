import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BetRisk } from '../betting/index';
import type { SelectionContext } from '../fixtures/index';
import { clientRisk, opsLimits, type LimitKind, type LimitLevel, type RiskLabel } from './risk.tables';

export const RISK_LABELS = ['standard', 'vip', 'sharp', 'monitored'] as const satisfies readonly RiskLabel[];
export const STAKE_LEVELS = [
  'platform',
  'brand',
  'sport',
  'event',
  'market',
] as const satisfies readonly LimitLevel[];
export const LIABILITY_LEVELS = ['platform', 'brand', 'market'] as const satisfies readonly LimitLevel[];

export interface ClientRisk {
  userId: number;
  /** Every stake limit is multiplied by it (1 = as set). */
  stakeFactor: number;
  label: RiskLabel;
  noLive: boolean;
  noCashout: boolean;
  /** The client's own limit per combination (minor units), or none. */
  maxStake: number | null;
}

export const defaultRisk = (userId: number): ClientRisk => ({
  userId,
  stakeFactor: 1,
  label: 'standard',
  noLive: false,
  noCashout: false,
  maxStake: null,
});

export interface LimitRow {
  kind: LimitKind;
  level: LimitLevel;
  /** null = every brand. */
  brandId: number | null;
  /** The sport, event or market id (null for the platform and brand levels). */
  refId: number | null;
  amount: number;
}

const limitOf = (r: typeof opsLimits.$inferSelect): LimitRow => ({
  kind: r.kind,
  level: r.level,
  brandId: r.brandId === 0 ? null : r.brandId,
  refId: r.refId === 0 ? null : r.refId,
  amount: r.amount,
});

/**
 * Limits and player risk (issue 19 item 6): clients' stake factors, labels and block flags; operator stake and
 * liability limits; and the face betting uses (`BetRisk`): a selection's max stake is the strictest of the price's
 * own limit (platform) and the stored platform, brand, sport, event and market limits (a row for every brand or
 * for the client's brand), multiplied by the client's stake factor, then capped by the client's own limit.
 */
export function createRisk(deps: { db: Db; clock: Clock }) {
  const { db } = deps;

  const riskOf = (userId: number, row: typeof clientRisk.$inferSelect): ClientRisk => ({
    userId,
    stakeFactor: row.stakeFactorMilli / 1000,
    label: row.label,
    noLive: row.noLive,
    noCashout: row.noCashout,
    maxStake: row.maxStake,
  });

  async function clientOf(userId: number, tx: DbOrTx = db): Promise<ClientRisk> {
    const [row] = await tx.select().from(clientRisk).where(eq(clientRisk.userId, userId));
    return row ? riskOf(userId, row) : defaultRisk(userId);
  }

  /** The stake limits that can apply to these selections for these brands (every brand's and theirs). */
  async function stakeLimits(brandIds: number[], sels: SelectionContext[], tx: DbOrTx) {
    const refs = (level: LimitLevel, ids: number[]) =>
      ids.length ? and(eq(opsLimits.level, level), inArray(opsLimits.refId, ids)) : undefined;
    const rows = await tx
      .select()
      .from(opsLimits)
      .where(
        and(
          eq(opsLimits.kind, 'stake'),
          inArray(opsLimits.brandId, [0, ...brandIds]),
          or(
            eq(opsLimits.level, 'platform'),
            eq(opsLimits.level, 'brand'),
            refs('sport', [...new Set(sels.map((s) => s.sportId))]),
            refs('event', [...new Set(sels.map((s) => s.eventId))]),
            refs('market', [...new Set(sels.map((s) => s.marketId))]),
          ),
        ),
      );
    return rows.map(limitOf);
  }

  /** The selections as one client (`appId`: their brand, null for a visitor) may bet them under these limits. */
  function applyRisk(risk: ClientRisk, appId: number | null, limits: LimitRow[], list: SelectionContext[]) {
    const out = new Map<number, SelectionContext>();
    for (const s of list) {
      const ref: Record<LimitLevel, number> = {
        platform: 0,
        brand: 0,
        sport: s.sportId,
        event: s.eventId,
        market: s.marketId,
      };
      // The price's own limit (liability budget / (odd − 1)) is the platform's.
      let best: { level: LimitLevel | 'client'; amount: number } = {
        level: 'platform',
        amount: s.maxStake,
      };
      for (const l of limits) {
        if (l.brandId !== null && l.brandId !== appId) continue;
        if (l.level === 'brand' && l.brandId === null) continue;
        if (l.level !== 'platform' && l.level !== 'brand' && l.refId !== ref[l.level]) continue;
        if (l.amount < best.amount) best = { level: l.level, amount: l.amount };
      }
      let maxStake = Math.floor(best.amount * risk.stakeFactor);
      if (risk.maxStake !== null && risk.maxStake < maxStake)
        best = { level: 'client', amount: (maxStake = risk.maxStake) };
      const blocked = risk.noLive && s.isLive && s.state === 'ok';
      out.set(s.selectionId, {
        ...s,
        maxStake,
        limit: best.level,
        state: blocked ? 'live_blocked' : s.state,
      });
    }
    return { selections: out, stakeFactor: risk.stakeFactor };
  }

  const betRisk: BetRisk = {
    async selections(client, selections, tx = db) {
      const risk = client ? await clientOf(client.id, tx) : defaultRisk(0);
      const list = [...selections.values()];
      const limits = list.length ? await stakeLimits(client ? [client.appId] : [], list, tx) : [];
      return applyRisk(risk, client?.appId ?? null, limits, list);
    },
    async forClients(clients, selections) {
      const list = [...selections.values()];
      const ids = [...new Set(clients.map((c) => c.id))];
      const brands = [...new Set(clients.map((c) => c.appId))];
      // Outside any transaction: the two reads run at once on two of the pool's connections.
      const [rows, limits] = await Promise.all([
        ids.length ? db.select().from(clientRisk).where(inArray(clientRisk.userId, ids)) : [],
        list.length && ids.length ? stakeLimits(brands, list, db) : [],
      ]);
      const stored = new Map(rows.map((r) => [r.userId, r]));
      return new Map(
        clients.map((c) => {
          const row = stored.get(c.id);
          const risk = row ? riskOf(c.id, row) : defaultRisk(c.id);
          return [c.id, applyRisk(risk, c.appId, limits, list)];
        }),
      );
    },
    async cashOutBlocked(userId, tx = db) {
      return (await clientOf(userId, tx)).noCashout;
    },
  };

  return {
    betRisk,
    client: clientOf,

    async sportExists(id: number): Promise<boolean> {
      const rows = await db.execute(sql`select 1 from sports where id = ${id}`);
      return (rows as unknown as { rows: unknown[] }).rows.length > 0;
    },

    /** Writes a client's risk settings; answers before and after (the caller audits them). */
    async setClient(userId: number, patch: Partial<Omit<ClientRisk, 'userId'>>) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(7201019, ${userId})`);
        const before = await clientOf(userId, tx);
        const after: ClientRisk = { ...before, ...patch, userId };
        const values = {
          stakeFactorMilli: Math.round(after.stakeFactor * 1000),
          label: after.label,
          noLive: after.noLive,
          noCashout: after.noCashout,
          maxStake: after.maxStake,
          updatedAt: new Date(deps.clock.now()),
        };
        await tx
          .insert(clientRisk)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: clientRisk.userId, set: values });
        return { before, after };
      });
    },

    async limits(kind: LimitKind, brandId: number | null) {
      const rows = await db
        .select()
        .from(opsLimits)
        .where(
          and(
            eq(opsLimits.kind, kind),
            brandId === null ? undefined : inArray(opsLimits.brandId, [0, brandId]),
          ),
        );
      return rows.map(limitOf);
    },

    /** Sets (amount) or removes (null) one limit; answers the amount before. */
    async setLimit(
      key: Omit<LimitRow, 'amount'>,
      amount: number | null,
    ): Promise<{ before: number | null; after: number | null }> {
      const where = and(
        eq(opsLimits.kind, key.kind),
        eq(opsLimits.level, key.level),
        eq(opsLimits.brandId, key.brandId ?? 0),
        eq(opsLimits.refId, key.refId ?? 0),
      );
      return db.transaction(async (tx) => {
        const [old] = await tx.select().from(opsLimits).where(where).for('update');
        if (amount === null) await tx.delete(opsLimits).where(where);
        else
          await tx
            .insert(opsLimits)
            .values({
              kind: key.kind,
              level: key.level,
              brandId: key.brandId ?? 0,
              refId: key.refId ?? 0,
              amount,
              updatedAt: new Date(deps.clock.now()),
            })
            .onConflictDoUpdate({
              target: [opsLimits.kind, opsLimits.level, opsLimits.brandId, opsLimits.refId],
              set: { amount, updatedAt: new Date(deps.clock.now()) },
            });
        return { before: old?.amount ?? null, after: amount };
      });
    },
  };
}

export type Risk = ReturnType<typeof createRisk>;
