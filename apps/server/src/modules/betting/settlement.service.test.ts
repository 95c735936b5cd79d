import { cents } from '@sb/betting';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../plugins/errors';
import { manualClock } from '../../lib/clock';
import type { SelectionContext } from '../sports/index';
import { createSettlementService } from './settlement.service';
import { betRow, fakeBets, legRows } from './testing/fake-bets';

interface Movement {
  kind: 'credit' | 'debit' | 'clawback';
  amount: number;
  key: string;
}

/** Settlement over an in-memory book: results by selection id, a wallet that records (and may refuse) debits. */
function world() {
  const store = fakeBets();
  const results = new Map<number, string | null>();
  const moves: Movement[] = [];
  let balance = 0;
  const clock = manualClock();
  const record = (kind: Movement['kind']) => async (t: { amount: number; idempotencyKey: string }) => {
    if (kind === 'debit' && balance < t.amount) throw new HttpError(409, 'insufficient_funds', 'spent');
    balance += kind === 'credit' ? t.amount : -t.amount;
    moves.push({ kind, amount: t.amount, key: t.idempotencyKey });
    return { taken: t.amount, debt: 0 } as never;
  };
  const service = createSettlementService({
    db: store.db,
    clock,
    wallet: { credit: record('credit'), debit: record('debit'), clawback: record('clawback') },
    sports: {
      selections: async (ids: number[]) =>
        new Map(
          ids.map((id) => [id, { selectionId: id, result: results.get(id) ?? null } as SelectionContext]),
        ),
    },
    repository: () => store.repository,
  });
  return {
    store,
    results,
    moves,
    service,
    spend: (amount: number) => (balance -= amount),
  };
}

describe('settlement (fakes: no database)', () => {
  it('pays a won single stake × odds once, with the round in its ledger key; a second pass pays nothing', async () => {
    const w = world();
    w.store.add(betRow(1), legRows(1, [101], [2.35]));
    w.results.set(101, 'win');
    expect(await w.service.settleDue()).toEqual([1]);
    expect(await w.service.settleDue()).toEqual([]);
    expect(w.moves).toEqual([{ kind: 'credit', amount: 2_350, key: 'bet:1:settle:1' }]);
    expect(w.store.bet(1)).toMatchObject({
      status: 'win',
      paid: 2_350,
      settledPayout: 2_350,
      settlementRound: 1,
    });
    expect(w.store.legs(1)[0]!.result).toBe('win');
  });

  it('waits for a multiple’s last leg, but settles it lost at once when one leg loses', async () => {
    const w = world();
    w.store.add(betRow(2, { type: 2 }), legRows(2, [201, 202], [2, 3]));
    w.results.set(201, 'win');
    expect(await w.service.settleDue()).toEqual([]);
    expect(w.store.bet(2).status).toBe('waiting');
    w.store.add(betRow(3, { type: 2 }), legRows(3, [301, 302], [2, 3]));
    w.results.set(301, 'loss');
    expect(await w.service.settleDue()).toEqual([3]);
    expect(w.store.bet(3)).toMatchObject({ status: 'loss', paid: 0 });
    // The open leg keeps no result until its event decides it.
    expect(w.store.legs(3).map((l) => l.result)).toEqual(['loss', null]);
    expect(w.moves).toEqual([]);
  });

  it('gives the stake back when every leg is void, and pays half wins at (odds + 1) / 2', async () => {
    const w = world();
    w.store.add(betRow(4, { type: 2 }), legRows(4, [401, 402], [2, 3]));
    w.results.set(401, 'void').set(402, 'void');
    w.store.add(betRow(5), legRows(5, [501], [1.9]));
    w.results.set(501, 'half_win');
    expect(await w.service.settleDue()).toEqual([4, 5]);
    expect(w.store.bet(4)).toMatchObject({ status: 'refund', paid: 1_000 });
    expect(w.moves).toEqual([
      { kind: 'credit', amount: 1_000, key: 'bet:4:settle:1' },
      { kind: 'credit', amount: 1_450, key: 'bet:5:settle:1' },
    ]);
  });

  it('resettles a corrected result exactly once: the round is reversed, the next round pays', async () => {
    const w = world();
    w.store.add(betRow(6), legRows(6, [601], [2]));
    w.results.set(601, 'win');
    await w.service.settleDue();
    w.results.set(601, 'loss');
    expect(await w.service.resettleChanged()).toEqual([6]);
    expect(await w.service.resettleChanged()).toEqual([]);
    expect(w.store.bet(6)).toMatchObject({ status: 'loss', paid: 0, settlementRound: 2, settledPayout: 0 });
    expect(w.moves).toEqual([
      { kind: 'credit', amount: 2_000, key: 'bet:6:settle:1' },
      { kind: 'debit', amount: 2_000, key: 'bet:6:reverse:1' },
    ]);
  });

  it('leaves a settled bet as it was when the client has spent the winnings (retried later, nothing moved)', async () => {
    const w = world();
    w.store.add(betRow(7), legRows(7, [701], [3]));
    w.results.set(701, 'win');
    await w.service.settleDue();
    w.spend(2_500);
    w.results.set(701, 'loss');
    expect(await w.service.resettleChanged()).toEqual([]);
    expect(w.store.bet(7)).toMatchObject({ status: 'win', paid: 3_000, settlementRound: 1 });
    expect(w.moves.map((m) => m.key)).toEqual(['bet:7:settle:1']);
  });

  it('settles nothing that is not waiting (a cashed-out bet is final)', async () => {
    const w = world();
    w.store.add(betRow(8, { status: 'cashout', paid: cents(900) }), legRows(8, [801], [2]));
    w.results.set(801, 'win');
    expect(await w.service.settle(8)).toBe(false);
    expect(await w.service.settleDue()).toEqual([]);
    expect(w.moves).toEqual([]);
  });

  it('voids an open bet once: the stake back, the bet cancelled, a second void changes nothing', async () => {
    const w = world();
    w.store.add(betRow(20), legRows(20, [2001], [2]));
    const done = await w.service.voidBetIn(w.store.db, 20);
    expect(done).toMatchObject({
      statusBefore: 'waiting',
      status: 'cancelled',
      reversed: 0,
      refunded: 1_000,
    });
    expect(await w.service.voidBetIn(w.store.db, 20)).toMatchObject({ unchanged: true, refunded: 0 });
    expect(w.moves).toEqual([{ kind: 'credit', amount: 1_000, key: 'bet:20:void' }]);
    expect(w.store.bet(20)).toMatchObject({ status: 'cancelled', paid: 1_000 });
    // Settlement leaves the cancelled bet alone when its market is decided.
    w.results.set(2001, 'win');
    expect(await w.service.settleDue()).toEqual([]);
    expect(w.moves).toHaveLength(1);
  });

  it('voids a settled bet by reversing its round exactly, then giving the stake back; a resettlement never reopens it', async () => {
    const w = world();
    w.store.add(betRow(21), legRows(21, [2101], [2.5]));
    w.results.set(2101, 'win');
    await w.service.settleDue();
    const done = await w.service.voidBetIn(w.store.db, 21);
    expect(done).toMatchObject({
      statusBefore: 'win',
      status: 'cancelled',
      reversed: 2_500,
      refunded: 1_000,
    });
    expect(w.moves).toEqual([
      { kind: 'credit', amount: 2_500, key: 'bet:21:settle:1' },
      { kind: 'clawback', amount: 2_500, key: 'bet:21:reverse:1' },
      { kind: 'credit', amount: 1_000, key: 'bet:21:void' },
    ]);
    expect(w.store.bet(21)).toMatchObject({ status: 'cancelled', paid: 1_000, settledPayout: 0 });
    w.results.set(2101, 'loss');
    expect(await w.service.resettleChanged()).toEqual([]);
    expect(w.moves).toHaveLength(3);
  });

  it('refuses to void a cashed-out bet (its money is final) and answers null for an unknown one', async () => {
    const w = world();
    w.store.add(betRow(22, { status: 'cashout' }), legRows(22, [2201], [2]));
    expect(await w.service.voidBetIn(w.store.db, 22)).toEqual({ refused: 'cashout' });
    expect(await w.service.voidBetIn(w.store.db, 999)).toBeNull();
    expect(w.moves).toEqual([]);
  });
});
