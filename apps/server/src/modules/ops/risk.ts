import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { OddsChangePolicy } from '@sb/contract';
import type { BetRisk, ClientBetPolicy } from '../betting/index';
import type { SelectionContext } from '../sports/index';
import { createRiskRepository, type ClientRiskRow, type LimitStoredRow } from './risk.repository';
import type { LimitKind, LimitLevel, RiskLabel } from './risk.tables';

export type { LimitLevel };

export const RISK_LABELS = ['standard', 'vip', 'sharp', 'monitored'] as const satisfies readonly RiskLabel[];
export const STAKE_LEVELS = [
  'platform',
  'brand',
  'sport',
  'event',
  'market',
  'selection',
] as const satisfies readonly LimitLevel[];

export interface ClientRisk {
  userId: number;
  /** Every stake limit is multiplied by it (1 = as set). */
  stakeFactor: number;
  label: RiskLabel;
  noLive: boolean;
  noCashout: boolean;
  /** The client's own limit per combination (minor units), or none. */
  maxStake: number | null;
  /** Issue 34: bets whose total stake reaches it wait for the desk (minor units; tightens the brand's). */
  referralStake: number | null;
  /** Bets whose potential payout reaches it wait for the desk (minor units; tightens the brand's). */
  referralPayout: number | null;
  /** This client's live bet delay (ms), instead of `BET_LIVE_DELAY_MS`. */
  betDelayMs: number | null;
  /** The desk's odds-change policy for this client (the stricter of it and the client's own applies). */
  oddsPolicy: OddsChangePolicy | null;
}

export const defaultRisk = (userId: number): ClientRisk => ({
  userId,
  stakeFactor: 1,
  label: 'standard',
  noLive: false,
  noCashout: false,
  maxStake: null,
  referralStake: null,
  referralPayout: null,
  betDelayMs: null,
  oddsPolicy: null,
});

/** What betting applies of a client's risk profile besides the limits (`ClientBetPolicy`). */
const policyOf = (risk: ClientRisk): ClientBetPolicy => ({
  delayMs: risk.betDelayMs,
  oddsPolicy: risk.oddsPolicy,
  referralStake: risk.referralStake,
  referralPayout: risk.referralPayout,
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

const limitOf = (r: LimitStoredRow): LimitRow => ({
  kind: r.kind,
  level: r.level,
  brandId: r.brandId === 0 ? null : r.brandId,
  refId: r.refId === 0 ? null : r.refId,
  amount: r.amount,
});

type RiskDeps = { db: Db; clock: Clock };

/** A client's stored risk settings in the units betting uses. */
const riskOf = (userId: number, row: ClientRiskRow): ClientRisk => ({
  userId,
  stakeFactor: row.stakeFactorMilli / 1000,
  label: row.label,
  noLive: row.noLive,
  noCashout: row.noCashout,
  maxStake: row.maxStake,
  referralStake: row.referralStake,
  referralPayout: row.referralPayout,
  betDelayMs: row.betDelayMs,
  oddsPolicy: row.oddsPolicy,
});

/** A client's risk settings read on `tx` (the defaults when none are stored). */
async function readClientRisk(tx: DbOrTx, userId: number): Promise<ClientRisk> {
  const row = await createRiskRepository(tx).client(userId);
  return row ? riskOf(userId, row) : defaultRisk(userId);
}

/** The stake limits that can apply to these selections for these brands (every brand's and theirs). */
async function stakeLimits(brandIds: number[], sels: SelectionContext[], tx: DbOrTx) {
  const rows = await createRiskRepository(tx).stakeLimits(brandIds, {
    sportIds: [...new Set(sels.map((s) => s.sportId))],
    eventIds: [...new Set(sels.map((s) => s.eventId))],
    marketIds: [...new Set(sels.map((s) => s.marketId))],
    selectionIds: [...new Set(sels.map((s) => s.selectionId))],
  });
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
      selection: s.selectionId,
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
  return { selections: out, stakeFactor: risk.stakeFactor, policy: policyOf(risk) };
}

/**
 * Limits and player risk: clients' stake factors, labels and block flags; operator stake and
 * liability limits; and the face betting uses (`BetRisk`): a selection's max stake is the strictest of the price's
 * own limit (platform) and the stored platform, brand, sport, event, market and selection limits (a row for every brand or
 * for the client's brand), multiplied by the client's stake factor, then capped by the client's own limit.
 */
export function createRisk(deps: RiskDeps) {
  const { db } = deps;
  const repo = createRiskRepository(db);
  const clientOf = (userId: number, tx: DbOrTx = db) => readClientRisk(tx, userId);

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
        repo.clients(ids),
        list.length && ids.length ? stakeLimits(brands, list, db) : [],
      ]);
      const stored = new Map(rows.map((r) => [r.userId, r]));
      return new Map(
        clients.map((c) => {
          const row = stored.get(c.id);
          const risk = row ? riskOf(c.id, row) : defaultRisk(c.id);
          const own = c.selectionIds.flatMap((id) => selections.get(id) ?? []);
          return [c.id, applyRisk(risk, c.appId, limits, own)];
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

    sportExists: (id: number): Promise<boolean> => repo.sportExists(id),

    /** Writes a client's risk settings; answers before and after (the caller audits them). */
    setClient: (userId: number, patch: Partial<Omit<ClientRisk, 'userId'>>) => setClient(deps, userId, patch),

    async limits(kind: LimitKind, brandId: number | null) {
      return (await repo.limits(kind, brandId)).map(limitOf);
    },

    /** Sets (amount) or removes (null) one limit; answers the amount before. */
    setLimit: (key: Omit<LimitRow, 'amount'>, amount: number | null) => setLimit(deps, key, amount),
  };
}

export type Risk = ReturnType<typeof createRisk>;

/** Writes a client's risk settings; answers before and after (the caller audits them). */
async function setClient(
  { db, clock }: RiskDeps,
  userId: number,
  patch: Partial<Omit<ClientRisk, 'userId'>>,
) {
  return db.transaction(async (tx) => {
    const r = createRiskRepository(tx);
    await r.lockClient(userId);
    const before = await readClientRisk(tx, userId);
    const after: ClientRisk = { ...before, ...patch, userId };
    const values = {
      stakeFactorMilli: Math.round(after.stakeFactor * 1000),
      label: after.label,
      noLive: after.noLive,
      noCashout: after.noCashout,
      maxStake: after.maxStake,
      referralStake: after.referralStake,
      referralPayout: after.referralPayout,
      betDelayMs: after.betDelayMs,
      oddsPolicy: after.oddsPolicy,
      updatedAt: new Date(clock.now()),
    };
    await r.upsertClient(userId, values);
    return { before, after };
  });
}

/** Sets (amount) or removes (null) one limit; answers the amount before. */
async function setLimit(
  { db, clock }: RiskDeps,
  key: Omit<LimitRow, 'amount'>,
  amount: number | null,
): Promise<{ before: number | null; after: number | null }> {
  const stored = { kind: key.kind, level: key.level, brandId: key.brandId ?? 0, refId: key.refId ?? 0 };
  return db.transaction(async (tx) => {
    const r = createRiskRepository(tx);
    const old = await r.lockLimit(stored);
    if (amount === null) await r.deleteLimit(stored);
    else await r.upsertLimit({ ...stored, amount, updatedAt: new Date(clock.now()) });
    return { before: old?.amount ?? null, after: amount };
  });
}
