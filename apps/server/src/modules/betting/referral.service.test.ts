import { cents } from '@sb/betting';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { fakeDatabase } from '../../lib/testing/fake-database';
import { HttpError } from '../../plugins/errors';
import { fakeLedger } from '../wallet/testing/fake-ledger';
import { createWalletService } from '../wallet/wallet.service';
import type { BetRow } from './betting.repository';
import { createReferrals } from './referral.service';
import { betRow, fakeBets } from './testing/fake-bets';

// Referred bets (issue 34 item 3) on in-memory bets and ledger that roll back together, with the real wallet
// service: each decision's state move, the money it moves and what a repeat or a late decision does. The same paths
// on PostgreSQL, under two instances and with the desk's audit, are proved by test/ops-referrals.test.ts.

const TIMEOUT_MS = 60_000;

function desk() {
  const bets = fakeBets();
  const ledger = fakeLedger();
  const db = fakeDatabase(bets.restorable, ledger.restorable);
  const clock = manualClock();
  const wallet = createWalletService({ db, clock, repository: () => ledger.repository });
  const calls = { finished: [] as number[], rejected: [] as [number, string][] };
  const changed: number[] = [];
  const referrals = createReferrals({
    db,
    clock,
    wallet,
    timeoutMs: TIMEOUT_MS,
    repository: () => bets.repository,
    changed: (id) => changed.push(id),
    // Betting's acceptance check and rejection, as the bet row changes they make.
    finishPending: async (_tx, bet) => {
      calls.finished.push(bet.id);
      await bets.repository.update(bet.id, { status: 'waiting' });
      return (await bets.repository.byId(bet.id))!;
    },
    rejectPending: async (_tx, bet, reason) => {
      calls.rejected.push([bet.id, reason]);
      await bets.repository.update(bet.id, { status: 'rejected', rejectReason: reason });
      return (await bets.repository.byId(bet.id))!;
    },
  });
  /** A referred bet of client 1: `combinations` × 10.00, pending, due in the timeout. */
  const refer = (id: number, patch: Partial<BetRow> = {}) =>
    bets.add(
      betRow(id, {
        status: 'pending',
        referral: 'open',
        referralReason: 'stake',
        referralDueAt: new Date(clock.now() + TIMEOUT_MS),
        ...patch,
      }),
      [],
    );
  const cash = (userId: number) =>
    ledger.balance({ appId: 1, kind: 'client_cash', ownerId: userId, currency: 'TRY' });
  return { bets, clock, referrals, calls, changed, refer, cash };
}

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
};

describe('referred bets', () => {
  it('an accepted referral runs the acceptance check once; the same decision again changes nothing', async () => {
    const { referrals, refer, calls, bets } = desk();
    refer(1);
    const first = await referrals.decide(1, { kind: 'accept' });
    expect(first).toMatchObject({ before: 'open', changed: true, refunded: 0 });
    expect(first!.bet).toMatchObject({ status: 'waiting', referral: 'accepted', referralDueAt: null });
    const again = await referrals.decide(1, { kind: 'accept' });
    expect(again).toMatchObject({ before: 'accepted', changed: false, refunded: 0 });
    expect(calls.finished).toEqual([1]);
    // Decided: a rejection now is refused.
    expect((await refusal(referrals.decide(1, { kind: 'reject' }))).statusCode).toBe(409);
    expect(bets.bet(1).status).toBe('waiting');
  });

  it('a rejection gives the stake back through betting’s rejection, with its reason', async () => {
    const { referrals, refer, calls } = desk();
    refer(2);
    const done = await referrals.decide(2, { kind: 'reject' });
    expect(done).toMatchObject({ changed: true, refunded: 1_000 });
    expect(done!.bet).toMatchObject({ status: 'rejected', referral: 'rejected' });
    expect(calls.rejected).toEqual([[2, 'referral_rejected']]);
    expect((await refusal(referrals.decide(2, { kind: 'offer', stake: 500 }))).statusCode).toBe(409);
  });

  it('refuses a counter-offer that is not lower, not whole per combination or below the minimum, changing nothing', async () => {
    const { referrals, refer, bets } = desk();
    refer(3, { combinations: 2, stakePerBet: cents(1_000), totalStake: cents(2_000) });
    for (const stake of [2_000, 2_500, 999, 150]) {
      const e = await refusal(referrals.decide(3, { kind: 'offer', stake }));
      expect([e.statusCode, e.field]).toEqual([400, 'stake']);
    }
    expect(bets.bet(3)).toMatchObject({ referral: 'open', offerStake: null });
  });

  it('an offer taken lowers the stake, gives the difference back once and runs the acceptance check', async () => {
    const { referrals, refer, calls, clock, cash, bets } = desk();
    refer(4, { combinations: 2, stakePerBet: cents(1_000), totalStake: cents(2_000) });
    const offered = await referrals.decide(4, { kind: 'offer', stake: 1_200 });
    expect(offered!.bet).toMatchObject({
      referral: 'offered',
      offerStake: 1_200,
      referralDueAt: new Date(clock.now() + TIMEOUT_MS),
    });
    // Only the bet's own client answers an offer: another's answer finds no such bet.
    expect(await referrals.decide(4, { kind: 'take', userId: 99 })).toBeNull();
    const before = await cash(1);
    const taken = await referrals.decide(4, { kind: 'take', userId: 1 });
    expect(taken).toMatchObject({ before: 'offered', changed: true, refunded: 800 });
    expect(bets.bet(4)).toMatchObject({
      status: 'waiting',
      referral: 'taken',
      totalStake: 1_200,
      stakePerBet: 600,
      placedStakePerBet: 600,
    });
    expect((await cash(1)) - before).toBe(800);
    expect(calls.finished).toEqual([4]);
    expect(await referrals.decide(4, { kind: 'take', userId: 1 })).toMatchObject({ changed: false });
    expect((await cash(1)) - before).toBe(800);
  });

  it('an offer declined is rejected with its reason', async () => {
    const { referrals, refer, calls } = desk();
    refer(5);
    await referrals.decide(5, { kind: 'offer', stake: 500 });
    const declined = await referrals.decide(5, { kind: 'decline', userId: 1 });
    expect(declined).toMatchObject({ changed: true, refunded: 1_000 });
    expect(calls.rejected).toEqual([[5, 'offer_declined']]);
  });

  it('the timeout rejects only what is due: before its time nothing moves', async () => {
    const { referrals, refer, calls, clock } = desk();
    refer(6);
    refer(7, { referralDueAt: new Date(clock.now() + 2 * TIMEOUT_MS) });
    expect(await referrals.due()).toEqual([]);
    expect(await referrals.decide(6, { kind: 'expire' })).toMatchObject({ changed: false });
    clock.advance(TIMEOUT_MS);
    expect(await referrals.due()).toEqual([6]);
    expect(await referrals.decide(6, { kind: 'expire' })).toMatchObject({ changed: true, refunded: 1_000 });
    expect(calls.rejected).toEqual([[6, 'referral_timeout']]);
    expect(await referrals.due()).toEqual([]);
  });

  it('a bet voided while it waited ends its referral with nothing moved; an unreferred bet is no referral', async () => {
    const { referrals, refer, bets, calls } = desk();
    refer(8, { status: 'cancelled' });
    const ended = await referrals.decide(8, { kind: 'accept' });
    expect(ended).toMatchObject({ changed: false, refunded: 0 });
    expect(bets.bet(8).referral).toBe('void');
    expect(calls).toEqual({ finished: [], rejected: [] });
    bets.add(betRow(9), []);
    expect(await referrals.decide(9, { kind: 'accept' })).toBeNull();
    expect(await referrals.decide(404, { kind: 'accept' })).toBeNull();
  });

  it("tells the desk's ticker of a move once it is committed, and of nothing that moved nothing", async () => {
    const { referrals, refer, changed } = desk();
    refer(5, { combinations: 2, stakePerBet: cents(1_000), totalStake: cents(2_000) });
    await referrals.decide(5, { kind: 'offer', stake: 1_200 });
    expect(changed).toEqual([5]);
    await referrals.decide(5, { kind: 'decline', userId: 1 });
    await referrals.decide(5, { kind: 'decline', userId: 1 }); // a retry: nothing moved
    expect(await referrals.decide(5, { kind: 'take', userId: 99 })).toBeNull();
    expect(changed).toEqual([5, 5]);
  });
});
