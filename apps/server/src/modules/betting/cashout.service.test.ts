import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import type { SelectionContext } from '../sports/index';
import type { BetRow } from './betting.repository';
import { createCashOutService, MIN_PARTIAL_CENTS } from './cashout.service';
import { betRow, fakeBets, legRows } from './testing/fake-bets';

const MARGIN_BP = 500;

/** One bet in a fake store: a single or multiple at the given odds, 10.00 a combination. */
function fakeBook(odds: number[], options: { status?: BetRow['status']; userId?: number } = {}) {
  const store = fakeBets();
  const legs = legRows(
    7,
    odds.map((_, i) => 100 + i),
    odds,
  );
  store.add(
    betRow(7, {
      type: odds.length === 1 ? 1 : 2,
      status: options.status ?? 'waiting',
      userId: options.userId ?? 1,
    }),
    legs,
  );
  const selections = new Map<number, Partial<SelectionContext>>(
    legs.map((l) => [l.selectionId, { selectionId: l.selectionId, state: 'ok', result: null }]),
  );
  const probabilities = new Map(legs.map((l) => [l.selectionId, { fairPpb: 500_000_000, refundPpb: 0 }]));
  const credits: { amount: number; idempotencyKey: string }[] = [];
  const service = createCashOutService({
    db: store.db,
    clock: manualClock(),
    wallet: {
      credit: async (entry: { amount: number; idempotencyKey: string }) => {
        credits.push({ amount: entry.amount, idempotencyKey: entry.idempotencyKey });
        return {} as never;
      },
    } as never,
    sports: {
      selections: async (ids: number[]) =>
        new Map(
          ids.flatMap((id) => (selections.has(id) ? [[id, selections.get(id) as SelectionContext]] : [])),
        ),
      fairProbabilities: async () => probabilities,
    },
    config: { marginBasisPoints: MARGIN_BP, toleranceBasisPoints: 200 },
    repository: () => store.repository,
  });
  return { service, selections, probabilities, credits, bet: () => store.bet(7) };
}

describe('cash-out (fakes: no database)', () => {
  it('quotes fair value less the margin, rounded down: a 2.00 single at 50 % is worth 10.00, offered 9.50', async () => {
    const { service } = fakeBook([2]);
    expect(await service.quote(1, 7)).toMatchObject({ available: true, amount: 950 });
  });

  it("values a multiple's won legs as certain and its open legs at their probability", async () => {
    const { service, selections } = fakeBook([2, 3]);
    selections.get(100)!.result = 'win';
    // 10.00 × 2 × 3 × 0.5 = 30.00 fair, 28.50 offered.
    expect((await service.quote(1, 7)).amount).toBe(2_850);
  });

  it('offers nothing for a lost leg, a suspended or closed market, a bet not waiting, or another client', async () => {
    const lost = fakeBook([2, 3]);
    lost.selections.get(101)!.result = 'loss';
    expect(await lost.service.quote(1, 7)).toMatchObject({ available: false, reason: 'lost', amount: 0 });
    const suspended = fakeBook([2]);
    suspended.selections.get(100)!.state = 'suspended';
    expect((await suspended.service.quote(1, 7)).reason).toBe('suspended');
    const closed = fakeBook([2]);
    closed.selections.get(100)!.state = 'closed';
    expect((await closed.service.quote(1, 7)).reason).toBe('market_closed');
    expect((await fakeBook([2], { status: 'pending' }).service.quote(1, 7)).reason).toBe('live_delay');
    expect((await fakeBook([2], { status: 'win' }).service.quote(1, 7)).reason).toBe('settled');
    await expect(fakeBook([2], { userId: 2 }).service.quote(1, 7)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('pays a full cash-out once: the bet leaves waiting, a retry with the key answers the same and pays nothing', async () => {
    const { service, credits, bet } = fakeBook([2]);
    const first = await service.execute(1, 7, {}, 'key-1');
    expect(first).toMatchObject({ status: 'cashed_out', paid: 950 });
    expect(bet()).toMatchObject({ status: 'cashout', paid: 950, cashedOut: 950 });
    const retry = await service.execute(1, 7, {}, 'key-1');
    expect(retry).toMatchObject({ status: 'cashed_out', paid: 950 });
    expect(credits).toEqual([{ amount: 950, idempotencyKey: 'bet:7:cashout:0' }]);
  });

  it('sells part of a bet: the stake left in play shrinks in proportion, rounded down', async () => {
    const { service, bet, credits } = fakeBook([2]);
    expect(await service.execute(1, 7, { amount: 380 }, undefined)).toMatchObject({
      status: 'partial',
      paid: 380,
    });
    // 380 of 950 sold: 10.00 × 570 / 950 = 6.00 stays in play.
    expect(bet()).toMatchObject({ status: 'waiting', stakePerBet: 600, cashedOut: 380 });
    await service.execute(1, 7, {}, undefined);
    expect(credits.map((c) => c.idempotencyKey)).toEqual(['bet:7:cashout:0', 'bet:7:cashout:380']);
  });

  it('moves nothing when the price fell below what the player saw (beyond the tolerance) or the amount is off', async () => {
    const { service, probabilities, credits } = fakeBook([2]);
    probabilities.set(100, { fairPpb: 400_000_000, refundPpb: 0 }); // now 8.00 fair, 7.60 offered
    expect(await service.execute(1, 7, { expected: 950 }, undefined)).toMatchObject({
      status: 'price_changed',
      paid: 0,
    });
    expect(await service.execute(1, 7, { amount: 761 }, undefined)).toMatchObject({
      status: 'price_changed',
    });
    await expect(service.execute(1, 7, { amount: MIN_PARTIAL_CENTS - 1 }, undefined)).rejects.toMatchObject({
      statusCode: 400,
      field: 'amount',
    });
    expect(credits).toEqual([]);
    // Within 2 % of what was seen still pays.
    expect(await service.execute(1, 7, { expected: 775 }, undefined)).toMatchObject({
      status: 'cashed_out',
      paid: 760,
    });
  });
});
