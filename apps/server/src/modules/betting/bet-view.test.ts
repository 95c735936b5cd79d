import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couponCombinations, type LegResult } from '@sb/betting';
import type { BetRow, LegRow } from './betting.repository';
import { combinationsOf, payoutOf } from './bet-view';

/** A stored bet as the repository returns it (only what settlement reads matters). */
const betRow = (type: number, systems: number[], stakePerBet: number) =>
  ({ id: 1, type, systems, stakePerBet }) as unknown as BetRow;
const legRow = (idx: number, eventId: number, odds: number, banker: boolean) =>
  ({ betId: 1, idx, eventId, oddsThousandths: odds, banker, selectionId: 100 + idx }) as unknown as LegRow;

/**
 * Settlement's oracle, independent of `packages/betting`: the stored bet's combinations by bit mask (singles: each
 * leg; a multiple: all legs; a system: every banker plus k others for each chosen k, no two legs of one event), each
 * paying stake × Π returns as exact fractions over 2000 per leg, floored once.
 */
function settledPayout(type: number, systems: number[], stake: number, legs: LegRow[], results: LegResult[]) {
  const n = legs.length;
  const bankers = legs.flatMap((l, i) => (l.banker ? [i] : []));
  const sizes = type === 1 ? [1] : type === 2 ? [n] : systems;
  const ret = (i: number): bigint => {
    const odds = BigInt(legs[i]!.oddsThousandths);
    const r = results[i];
    return r === 'win'
      ? 2n * odds
      : r === 'half_win'
        ? odds + 1000n
        : r === 'half_loss'
          ? 1000n
          : r === 'void'
            ? 2000n
            : 0n;
  };
  let total = 0n;
  let count = 0;
  for (let mask = 1; mask < 1 << n; mask++) {
    const members = [...Array(n).keys()].filter((i) => mask & (1 << i));
    if (!bankers.every((b) => members.includes(b))) continue;
    if (!sizes.includes(members.length - bankers.length)) continue;
    if (new Set(members.map((i) => legs[i]!.eventId)).size !== members.length) continue;
    count++;
    // Scaled to 2000ⁿ so combinations of every length share the denominator.
    total += members.reduce((acc, i) => acc * ret(i), BigInt(stake)) * 2000n ** BigInt(n - members.length);
  }
  return { count, payout: Number(total / 2000n ** BigInt(n)) };
}

describe('settlement of a stored bet', () => {
  const stored = fc
    .record({
      type: fc.constantFrom(1, 2, 3),
      legs: fc.array(
        fc.record({
          eventId: fc.integer({ min: 1, max: 5 }),
          odds: fc.integer({ min: 1001, max: 30_000 }),
          result: fc.constantFrom<LegResult>('win', 'loss', 'void', 'half_win', 'half_loss'),
          banker: fc.boolean(),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      stake: fc.integer({ min: 1, max: 5_000_000 }),
      systems: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 4 }),
    })
    .map((b) => ({
      ...b,
      // Bankers only on systems; a multiple's legs are of distinct events (placement refuses others).
      legs: b.legs.map((l, i) => ({
        ...l,
        banker: b.type === 3 && l.banker,
        eventId: b.type === 2 ? i + 1 : l.eventId,
      })),
      systems: b.type === 3 ? [...b.systems].sort((x, y) => x - y) : [],
    }));

  it('pays through betPayout what an independent exact computation pays, for every stored bet shape', () => {
    fc.assert(
      fc.property(stored, ({ type, legs, stake, systems }) => {
        const rows = legs.map((l, i) => legRow(i, l.eventId, l.odds, l.banker));
        const results = legs.map((l) => l.result);
        const paid = payoutOf(betRow(type, systems, stake), rows, results);
        const expected = settledPayout(type, systems, stake, rows, results);
        expect(paid.combinations).toBe(expected.count);
        expect(paid.payoutCents).toBe(expected.payout);
      }),
      { numRuns: 400 },
    );
  });

  it('settles the combinations placement counted (the coupon rule)', () => {
    fc.assert(
      fc.property(stored, ({ type, legs, stake, systems }) => {
        const rows = legs.map((l, i) => legRow(i, l.eventId, l.odds, l.banker));
        const coupon = { type: type as 1 | 2 | 3, systems };
        expect(combinationsOf(betRow(type, systems, stake), rows)).toEqual(
          couponCombinations(coupon, legs).filter(
            (c) => new Set(c.map((i) => legs[i]!.eventId)).size === c.length,
          ),
        );
      }),
      { numRuns: 300 },
    );
  });
});
