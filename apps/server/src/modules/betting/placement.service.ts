import { cents, oddsOf } from '@sb/betting';
import type { OddsChangePolicy, SlipRequest } from '@sb/contract';
import type { DbOrTx } from '../../db/database';
import type { SelectionContext } from '../sports/index';
import type { UserRow } from '../identity/index';
import {
  createBettingRepository,
  type BetRow,
  type BettingRepository,
  type LegRow,
  type NewBet,
} from './betting.repository';
import type { BettingDeps, ClientSelections, PlacementBatching } from './betting.deps';
import {
  acceptAtOf,
  NO_CLIENT_POLICY,
  referralReason,
  type ClientBetPolicy,
  type ReferralThreshold,
} from './bet-policy';

/** How long a referred bet (or the desk's counter-offer) waits before it is rejected by itself. */
export const DEFAULT_REFERRAL_TIMEOUT_MS = 60_000;
import type { PayoutCapOf } from './payout-cap';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest } from '../../plugins/errors';
import { createPlacementBatcher } from './placement-batcher';
import { rewardSlipOf, withBoost } from './reward-slip';
import type { RewardKind } from './rewards';
import { betError, checkSlip, type SlipCheck } from './slip-check';

/** One placement as the client asked it: the slip, its Idempotency-Key and the hash of the request. */
export interface Placement {
  user: UserRow;
  request: SlipRequest;
  key: string;
  hash: string;
  /** Where it came from: the request's address (as the server's proxy setting sees it) and its User-Agent. */
  origin?: { ip: string; userAgent: string | null } | undefined;
}

/** A placed bet, with its legs when the call that answers wrote them (else null: read them). */
export interface Placed {
  bet: BetRow;
  legs: LegRow[] | null;
}

/** Every call placement makes of the bets' repository (the unit tests hand in an in-memory one). */
export type PlacementRepository = Pick<
  BettingRepository,
  'byKey' | 'insertBet' | 'insertBetsWithLegs' | 'deleteBets' | 'update'
>;

/** Four lanes, a 2 ms window, at most 64 bets per transaction. */
export const DEFAULT_BATCHING: PlacementBatching = { lanes: 4, windowMs: 2, maxBatch: 64 };

/**
 * Writes placements: group-committed in batches (`recordBatch`), and alone (`record`) when batching is off or the
 * batch hands a placement back. Either way every rule is checked against the state read for that write.
 */
export function createPlacementWriter(
  deps: BettingDeps & {
    selectionsFor: (
      client: { id: number; appId: number },
      ids: number[],
      tx?: DbOrTx,
    ) => Promise<ClientSelections>;
    /** The odds-change policy of a client's bet: their preference, tightened by the desk's (`stricterPolicy`). */
    policyOf: (user: UserRow, client: ClientBetPolicy) => OddsChangePolicy;
    /** The referral thresholds of a client's bet (brand and currency, tightened by the client's profile). */
    thresholdsOf: (user: UserRow, client: ClientBetPolicy) => ReferralThreshold;
    /** The payout and combined odds bounds of a client's bets (brand, currency). */
    capOf: PayoutCapOf;
    /** The bets' repository on a connection or transaction (default: SQL). */
    repository?: (db: DbOrTx) => PlacementRepository;
  },
) {
  const { db, clock, selectionsFor, policyOf, capOf, thresholdsOf } = deps;
  const referralTimeoutMs = deps.referralTimeoutMs ?? DEFAULT_REFERRAL_TIMEOUT_MS;

  /** Why this checked slip must wait for the desk (issue 34), or null. */
  const referralOf = (user: UserRow, result: SlipCheck, policy: ClientBetPolicy) =>
    referralReason(
      {
        stake: result.stakePerBet * result.combinations.length,
        payout: result.earnings.max,
      },
      thresholdsOf(user, policy),
    );
  const repositoryOf = deps.repository ?? createBettingRepository;
  const repo = repositoryOf(db);

  /** The bet and legs a checked slip records (at the accepted odds). */
  function betRecord(
    p: Placement,
    result: SlipCheck,
    selections: Map<number, SelectionContext>,
    now: number,
    policy: ClientBetPolicy,
    referral: 'stake' | 'payout' | null,
    /** The normal prices an odds boost replaced (selection → decimal odd). */
    normal: Map<number, number> = new Map(),
  ): { bet: NewBet; legs: Omit<LegRow, 'betId'>[] } {
    const { user, request } = p;
    const live = request.bets.some((b) => selections.get(b.oddId)?.isLive);
    // A referred bet waits for the desk, not for a delay: pending with no acceptAt (the live job skips it).
    const acceptAt = referral ? null : acceptAtOf(live, now, policy, deps.liveDelayMs);
    return {
      bet: {
        appId: user.appId,
        userId: user.id,
        type: request.type,
        systems: request.type === 3 ? request.systems : [],
        status: live || referral ? 'pending' : 'waiting',
        currency: user.currencyIso,
        stakePerBet: result.stakePerBet,
        placedStakePerBet: result.stakePerBet,
        totalStake: cents(result.stakePerBet * result.combinations.length),
        combinations: result.combinations.length,
        oddsPolicy: policyOf(user, policy),
        confirmationType: request.confirmationType,
        idempotencyKey: p.key,
        requestHash: p.hash,
        createdAt: new Date(now),
        acceptAt,
        ...(referral && {
          referral: 'open' as const,
          referralReason: referral,
          referralDueAt: new Date(now + referralTimeoutMs),
        }),
        rewardId: request.bonusId ?? null,
        placedIp: p.origin?.ip ?? null,
        placedAgent: p.origin?.userAgent ?? null,
      },
      legs: request.bets.map((item, idx) => {
        const s = selections.get(item.oddId)!;
        return {
          idx,
          selectionId: item.oddId,
          eventId: item.eventId,
          marketType: s.marketType,
          special: s.special,
          outcome: s.outcome,
          selectionName: s.name,
          oddsThousandths: oddsOf(result.legs[idx]!.accepted ?? s.odd),
          isLive: s.isLive,
          banker: item.banker,
          result: null,
          // A bet builder: its legs and the model inputs its price stood on (settlement may re-price the rest).
          builder: s.builder ? { legs: s.builder.legs, model: s.builder.model } : null,
          baseOddsThousandths: normal.has(item.oddId) ? oddsOf(normal.get(item.oddId)!) : null,
        };
      }),
    };
  }

  const stakeOf = (bet: BetRow) => ({
    appId: bet.appId,
    userId: bet.userId,
    currency: bet.currency,
    amount: bet.totalStake,
    type: 'bet_stake' as const,
    idempotencyKey: `bet:${bet.id}:stake`,
    info: { key: 'transaction.bet_stake', params: { bet: String(bet.id) } },
  });

  /**
   * Debits a cash-staked bet's stake: with a running bonus, cash first and then bonus (the bet keeps its bonus
   * part), else the cash alone.
   */
  async function debitStake(tx: DbOrTx, bet: BetRow) {
    const split = await deps.bonusStakes?.debitStake(tx, bet);
    if (!split) return deps.wallet.debit(stakeOf(bet), tx);
    if (split.bonusStake > 0) {
      await repositoryOf(tx).update(bet.id, { bonusStake: split.bonusStake, bonusRewardId: split.rewardId });
      bet.bonusStake = split.bonusStake;
      bet.bonusRewardId = split.rewardId;
    }
  }

  /** The transaction of a placement: check against the current state, record, debit, check limits. */
  async function record(p: Placement): Promise<Placed> {
    const { user, request } = p;
    return db.transaction(async (tx) => {
      const {
        selections: current,
        stakeFactor,
        policy = NO_CLIENT_POLICY,
      } = await selectionsFor(
        user,
        request.bets.map((b) => b.oddId),
        tx,
      );
      // An odds boost: the slip is checked and taken at the boosted price.
      const boost =
        request.bonusId === undefined ? null : await deps.rewards?.boostedPrice(user.id, request.bonusId, tx);
      const { selections, normal } = withBoost(current, boost ?? null);
      const result = checkSlip(
        request,
        selections,
        policyOf(user, policy),
        stakeFactor,
        capOf(user.appId, user.currencyIso),
      );
      if (result.general.length > 0 || Object.keys(result.perBet).length > 0) throw betError(result);
      const referral = referralOf(user, result, policy);
      const { bet: row, legs } = betRecord(p, result, selections, clock.now(), policy, referral, normal);
      const bet = await repositoryOf(tx).insertBet(row, legs);
      let kind: RewardKind | null = null;
      if (request.bonusId !== undefined) {
        // The reward is taken with the bet: a free bet is the whole stake (no cash moves), an insurance insures it.
        if (!deps.rewards) throw badRequest('bonusId', 'rewards are not offered here');
        const slip = rewardSlipOf(request, result, selections);
        kind = await deps.rewards.reserve(tx, user.id, request.bonusId, slip, bet.id);
        await repositoryOf(tx).update(bet.id, { rewardKind: kind });
        bet.rewardKind = kind;
      }
      if (kind !== 'free_bet') await debitStake(tx, bet);
      // Race-free: the stake is already debited in this transaction, so concurrent bets see each other.
      await deps.assertCanStake(user.id, 0, tx);
      return { bet, legs: legs.map((l) => ({ ...l, betId: bet.id })) };
    });
  }

  type Candidate = { at: number; bet: NewBet; legs: Omit<LegRow, 'betId'>[] };

  /**
   * The checked bets of a batch, their legs and stakes written in one transaction; answers those written (a key
   * its client used already, or a stake the balance refused, is left out: the refused bet is deleted again).
   */
  async function writeBatch(candidates: Candidate[]) {
    return db.transaction(async (tx) => {
      const r = repositoryOf(tx);
      const rows = new Map(
        (await r.insertBetsWithLegs(candidates)).map((b) => [`${b.userId}:${b.idempotencyKey}`, b]),
      );
      // Two placements of one key in one batch: the first gets the row, the other waits for it alone.
      const inserted = candidates.flatMap((c) => {
        const key = `${c.bet.userId}:${c.bet.idempotencyKey}`;
        const row = rows.get(key);
        rows.delete(key);
        return row ? [{ ...c, row }] : [];
      });
      const moved = await deps.wallet.debitMany(
        inserted.map((c) => stakeOf(c.row)),
        tx,
      );
      const refused = inserted.filter((_, k) => moved[k] instanceof Error);
      await r.deleteBets(refused.map((c) => c.row.id));
      return inserted.filter((_, k) => !(moved[k] instanceof Error));
    });
  }

  /**
   * One transaction for a batch of placements, with a fixed number of statements whatever its size: the
   * selections of every slip, the clients' risk settings and who has responsible-gambling rules read once; every
   * slip checked in memory; the bets and legs inserted (a key already used is left out, ON CONFLICT); the stakes
   * debited together (`debitMany`: the clients' cash rows locked in id order, house entries appended). Anything
   * that is not a clean placement — a refused check, a client with limits or an exclusion, a key already used, a
   * balance too low (its bet deleted again) — answers null and is placed alone afterwards, which gives exactly the
   * single-bet answer. Answers after the commit only.
   */
  async function recordBatch(batch: Placement[]): Promise<(Placed | null)[]> {
    if (!deps.clientsWithRules) return batch.map(() => null);
    const clientsWithRules = deps.clientsWithRules;
    // The reads need no transaction (read committed: a statement inside one sees no more than one outside), so
    // they run before it, at once on the pool's connections; the transaction then only writes.
    // Each client once, with the selections of every slip it sent in this batch.
    const byClient = new Map<number, { id: number; appId: number; selectionIds: number[] }>();
    for (const p of batch) {
      let client = byClient.get(p.user.id);
      if (!client)
        byClient.set(p.user.id, (client = { id: p.user.id, appId: p.user.appId, selectionIds: [] }));
      for (const b of p.request.bets) client.selectionIds.push(b.oddId);
    }
    const clients = [...byClient.values()];
    // Each brand's clients bet at that brand's prices (its margin): the selections are read once per brand.
    const brands = [...new Set(clients.map((c) => c.appId))];
    const idsOf = (brand: number) => [
      ...new Set(
        batch.filter((p) => p.user.appId === brand).flatMap((p) => p.request.bets.map((b) => b.oddId)),
      ),
    ];
    const [priced, ruled] = await Promise.all([
      Promise.all(
        brands.map(
          async (brand) => [brand, await deps.sports.selections(idsOf(brand), undefined, brand)] as const,
        ),
      ),
      clientsWithRules(clients.map((c) => c.id)),
    ]);
    const risk = new Map<number, ClientSelections>();
    for (const [brand, raw] of priced) {
      for (const s of raw.values()) learnMarket(s.selectionId, s.marketId);
      const own = clients.filter((c) => c.appId === brand);
      const judged = deps.risk
        ? await deps.risk.forClients(own, raw)
        : new Map(own.map((c) => [c.id, { selections: raw, stakeFactor: 1 }]));
      for (const [id, client] of judged) risk.set(id, client);
    }
    const now = clock.now();
    const candidates = batch.flatMap((p, at): Candidate[] => {
      const client = risk.get(p.user.id);
      // Placed alone: a slip with a bet builder (its legs' builder record is not among the batch's columns), and a
      // reward's bet (its reward is locked and taken in its own transaction).
      if (
        !client ||
        ruled.has(p.user.id) ||
        p.request.bets.some((b) => b.builder) ||
        p.request.bonusId !== undefined
      )
        return [];
      const policy = client.policy ?? NO_CLIENT_POLICY;
      const result = checkSlip(
        p.request,
        client.selections,
        policyOf(p.user, policy),
        client.stakeFactor,
        capOf(p.user.appId, p.user.currencyIso),
      );
      if (result.general.length > 0 || Object.keys(result.perBet).length > 0) return [];
      // A referred bet is placed alone (rare: big stakes), so the batch's statement never writes a referral.
      if (referralOf(p.user, result, policy)) return [];
      return [{ at, ...betRecord(p, result, client.selections, now, policy, null) }];
    });
    const placed = candidates.length ? await writeBatch(candidates) : [];
    const out: (Placed | null)[] = batch.map(() => null);
    for (const c of placed) out[c.at] = { bet: c.row, legs: c.legs.map((l) => ({ ...l, betId: c.row.id })) };
    return out;
  }

  /** Selection → market, learnt from the batches' reads (never changes): the lane of a slip's first leg. */
  const marketOf = new Map<number, number>();
  const learnMarket = (selectionId: number, marketId: number) => {
    if (marketOf.size > 200_000) marketOf.clear();
    marketOf.set(selectionId, marketId);
  };
  const batching = deps.batching === undefined ? DEFAULT_BATCHING : deps.batching;
  const batcher = batching
    ? createPlacementBatcher<Placement, Placed>({
        ...batching,
        write: recordBatch,
        laneOf: (p) => {
          const first = p.request.bets[0];
          return first ? (marketOf.get(first.oddId) ?? first.eventId) : 0;
        },
      })
    : null;

  /** A placement on its own: the first answer of its key, else its own transaction (a racing twin: the winner). */
  async function placeAlone(p: Placement): Promise<Placed> {
    const existing = await repo.byKey(p.user.id, p.key);
    if (existing) return { bet: existing, legs: null };
    try {
      return await record(p);
    } catch (error) {
      // A concurrent attempt with the same key won the unique index: answer with its bet.
      const winner = isUniqueViolation(error) ? await repo.byKey(p.user.id, p.key) : null;
      if (!winner) throw error;
      return { bet: winner, legs: null };
    }
  }

  return {
    /** The placement's bet: from its batch, else placed alone. */
    write: async (p: Placement): Promise<Placed> => (await batcher?.submit(p)) ?? (await placeAlone(p)),
    /** Batches written so far on this instance (group commit), for tests and benchmarks. */
    stats: () => ({ ...(batcher?.stats ?? { batches: 0, items: 0, failed: 0 }) }),
  };
}
