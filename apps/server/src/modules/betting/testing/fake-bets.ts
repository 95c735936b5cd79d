// An in-memory stand-in for the bets repository, for the money services' unit tests (placement, cash-out,
// settlement): the same answers as the SQL for the calls they make (one bet per client and idempotency key), no
// database. Its transactions roll back (lib/testing/fake-database.ts); pass `fakeDatabase` the ledger's store too
// to roll both back together.
import { cents, oddsOf, type Odds } from '@sb/betting';
import type { BetStatusKey } from '@sb/contract';
import { fakeDatabase, type Restorable } from '../../../lib/testing/fake-database';
import type { BetRow, LegRow, NewBet } from '../betting.repository';
import type { CashOutRepository } from '../cashout.service';
import type { PlacementRepository } from '../placement.service';
import type { ReferralRepository } from '../referral.service';
import type { SettlementRepository } from '../settlement.service';

const SETTLED: BetStatusKey[] = ['win', 'loss', 'refund'];

/** Every call the money services make of the bets repository (settlement's are a superset of cash-out's). */
export type FakeBetsRepository = SettlementRepository &
  CashOutRepository &
  PlacementRepository &
  ReferralRepository;

/** A bet row with the defaults of a freshly placed, waiting bet of client 1 (10.00 a combination). */
export function betRow(id: number, patch: Partial<BetRow> = {}): BetRow {
  return {
    id,
    appId: 1,
    userId: 1,
    type: 1,
    systems: [],
    status: 'waiting',
    currency: 'TRY',
    stakePerBet: cents(1_000),
    placedStakePerBet: cents(1_000),
    totalStake: cents(1_000),
    combinations: 1,
    paid: cents(0),
    cashedOut: cents(0),
    settlementRound: 0,
    settledPayout: cents(0),
    bonusStake: cents(0),
    bonusRewardId: null,
    boostPaid: cents(0),
    oddsPolicy: 'none',
    confirmationType: 1,
    idempotencyKey: `k${id}`,
    requestHash: 'h',
    createdAt: new Date(0),
    acceptAt: null,
    settledAt: null,
    rejectReason: null,
    lastCashoutKey: null,
    lastCashoutPaid: null,
    referral: null,
    referralReason: null,
    referralDueAt: null,
    offerStake: null,
    referralSeq: null,
    rewardId: null,
    rewardKind: null,
    placedIp: null,
    placedAgent: null,
    ...patch,
  };
}

/** Legs on selections `selectionIds` (event = selection id) at `odds`, no results yet. */
export function legRows(betId: number, selectionIds: number[], odds: number[]): LegRow[] {
  return selectionIds.map((selectionId, idx) => ({
    betId,
    idx,
    selectionId,
    eventId: selectionId,
    marketType: 1,
    special: '',
    outcome: '1',
    selectionName: 'Home',
    oddsThousandths: oddsOf(odds[idx]!) as Odds,
    isLive: false,
    banker: false,
    result: null,
    builder: null,
    baseOddsThousandths: null,
  }));
}

export function fakeBets() {
  let bets = new Map<number, BetRow>();
  let legs = new Map<number, LegRow[]>();
  let nextId = 1;
  /** `bet_referral_seq`: one sequence for every referral's numbers, as the SQL's `nextval`. */
  let referralSeq = 0;
  const byKey = (userId: number, key: string) =>
    [...bets.values()].find((b) => b.userId === userId && b.idempotencyKey === key) ?? null;
  /** Inserts a bet and its legs; null when the client used its key already (the unique index). */
  const insert = (bet: NewBet, betLegs: Omit<LegRow, 'betId'>[]): BetRow | null => {
    if (byKey(bet.userId, bet.idempotencyKey)) return null;
    const row = betRow(nextId++, {
      ...(bet as Partial<BetRow>),
      // A referred bet takes its first number as it is written (the SQL's insert does).
      referralSeq: bet.referral ? ++referralSeq : (bet.referralSeq ?? null),
    });
    bets.set(row.id, row);
    legs.set(
      row.id,
      betLegs.map((l) => ({ ...l, betId: row.id })),
    );
    return { ...row };
  };
  const repository: FakeBetsRepository = {
    byKey: async (userId, key) => {
      const found = byKey(userId, key);
      return found && { ...found };
    },
    insertBet: async (bet, betLegs) => {
      const row = insert(bet, betLegs);
      if (!row)
        throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
      return row;
    },
    insertBetsWithLegs: async (items) => items.flatMap((i) => insert(i.bet, i.legs) ?? []),
    deleteBets: async (ids) => {
      for (const id of ids) {
        bets.delete(id);
        legs.delete(id);
      }
    },
    byId: async (id) => (bets.has(id) ? { ...bets.get(id)! } : null),
    lock: async (id) => (bets.has(id) ? { ...bets.get(id)! } : null),
    // By bet, then index, whatever the order of the ids asked (the SQL's order by).
    legsOf: async (ids) =>
      [...new Set(ids)]
        .sort((a, b) => a - b)
        .flatMap((id) => (legs.get(id) ?? []).map((l) => ({ ...l })))
        .sort((a, b) => a.betId - b.betId || a.idx - b.idx),
    transition: async (id, from, patch) => {
      const bet = bets.get(id);
      if (!bet || !from.includes(bet.status)) return false;
      bets.set(id, { ...bet, ...patch });
      return true;
    },
    referralTransition: async (id, from, patch) => {
      const bet = bets.get(id);
      if (!bet || bet.referral === null || !from.includes(bet.referral)) return false;
      bets.set(id, { ...bet, ...patch, referralSeq: ++referralSeq });
      return true;
    },
    dueReferrals: async (now, limit) =>
      [...bets.values()]
        .filter((b) => (b.referral === 'open' || b.referral === 'offered') && b.referralDueAt !== null)
        .filter((b) => b.referralDueAt!.getTime() <= now.getTime())
        .sort((a, b) => a.referralDueAt!.getTime() - b.referralDueAt!.getTime())
        .slice(0, limit)
        .map((b) => b.id),
    update: async (id, patch) => {
      const bet = bets.get(id);
      if (bet) bets.set(id, { ...bet, ...patch });
    },
    setLegResult: async (betId, idx, result) => {
      legs.set(
        betId,
        (legs.get(betId) ?? []).map((l) => (l.idx === idx ? { ...l, result } : l)),
      );
    },
    openLegSelections: async () => [
      ...new Set(
        [...bets.values()]
          .filter((b) => b.status === 'waiting')
          .flatMap((b) => (legs.get(b.id) ?? []).filter((l) => l.result === null).map((l) => l.selectionId)),
      ),
    ],
    betsWithSelections: async (selectionIds, statuses) =>
      [...bets.values()]
        .filter((b) => statuses.includes(b.status))
        .filter((b) => (legs.get(b.id) ?? []).some((l) => selectionIds.includes(l.selectionId)))
        .map((b) => b.id)
        .sort((a, b) => a - b),
    settledLegSelections: async (since) => [
      ...new Set(
        [...bets.values()]
          .filter((b) => SETTLED.includes(b.status) && b.settledAt !== null && b.settledAt >= since)
          .flatMap((b) => (legs.get(b.id) ?? []).map((l) => l.selectionId)),
      ),
    ],
    betsWithChangedResults: async (since, current) => {
      const now = new Map(current);
      return [...bets.values()]
        .filter((b) => SETTLED.includes(b.status) && b.settledAt !== null && b.settledAt >= since)
        .filter((b) =>
          (legs.get(b.id) ?? []).some((l) => now.has(l.selectionId) && now.get(l.selectionId) !== l.result),
        )
        .map((b) => b.id)
        .sort((a, b) => a - b);
    },
  };
  const restorable: Restorable = {
    snapshot: () => {
      // A sequence is not rolled back (nor is PostgreSQL's).
      const before = { bets: new Map(bets), legs: new Map(legs), nextId };
      return () => {
        ({ bets, legs, nextId } = before);
      };
    },
  };
  return {
    /** Transactions over the bets alone. */
    db: fakeDatabase(restorable),
    restorable,
    repository,
    add(bet: BetRow, betLegs: LegRow[]) {
      bets.set(bet.id, bet);
      legs.set(bet.id, betLegs);
      nextId = Math.max(nextId, bet.id + 1);
    },
    /** Every bet stored, by id. */
    all: () => [...bets.values()],
    bet: (id: number) => bets.get(id)!,
    legs: (id: number) => legs.get(id) ?? [],
  };
}
