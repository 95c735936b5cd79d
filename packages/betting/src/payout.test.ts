import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  betCombinations,
  betPayout,
  isDecidedLoss,
  resultOf,
  type LegResult,
  type SettledLeg,
} from './payout';

let nextEvent = 1;
const leg = (odds: number, result: LegResult = 'win', eventId = nextEvent++): SettledLeg => ({
  odds,
  result,
  eventId,
});

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));

/** A decimal odd as an exact fraction of integers, from its decimal string (independent of oddsOf). */
function fractionOf(odds: number): [bigint, bigint] {
  const [whole, frac = ''] = odds.toFixed(3).split('.');
  return [BigInt(whole! + frac.padEnd(3, '0')), 1000n];
}

/** A leg's return per unit as a fraction [numerator, denominator]. */
function legReturn(l: SettledLeg): [bigint, bigint] {
  const [n, d] = fractionOf(l.odds);
  if (l.result === 'win') return [n, d];
  if (l.result === 'half_win') return [n + d, 2n * d];
  if (l.result === 'half_loss') return [1n, 2n];
  if (l.result === 'void') return [1n, 1n];
  return [0n, 1n];
}

/**
 * Oracle, written independently of the package: every subset of the legs by bit mask, kept when it holds every
 * banker, `k` other legs for one of the chosen sizes, and no two legs of one event; each pays stake × the product
 * of its legs' returns as reduced fractions; the sum is floored once.
 */
function oracle(legs: SettledLeg[], sizes: number[], bankers: number[], stake: number) {
  let num = 0n;
  let den = 1n;
  let count = 0;
  for (let mask = 1; mask < 1 << legs.length; mask++) {
    const members = legs.map((_, i) => i).filter((i) => mask & (1 << i));
    if (!bankers.every((b) => members.includes(b))) continue;
    if (!sizes.includes(members.length - bankers.length)) continue;
    if (new Set(members.map((i) => legs[i]!.eventId)).size !== members.length) continue;
    count++;
    let n = BigInt(stake);
    let d = 1n;
    for (const i of members) {
      const [a, b] = legReturn(legs[i]!);
      n *= a;
      d *= b;
      const g = gcd(n, d) || 1n;
      n /= g;
      d /= g;
    }
    num = num * d + n * den;
    den *= d;
    const g = gcd(num, den) || 1n;
    num /= g;
    den /= g;
  }
  return { count, payout: Number(num / den) };
}

describe('betPayout', () => {
  it.each([
    ['single win', [leg(2.15)], 1, [], 1000, { combinations: 1, totalStakeCents: 1000, payoutCents: 2150 }],
    [
      'single loss',
      [leg(2.15, 'loss')],
      1,
      [],
      1000,
      { combinations: 1, totalStakeCents: 1000, payoutCents: 0 },
    ],
    [
      'single void refunds',
      [leg(2.15, 'void')],
      1,
      [],
      1000,
      { combinations: 1, totalStakeCents: 1000, payoutCents: 1000 },
    ],
    [
      'two singles, one lost',
      [leg(1.5), leg(3, 'loss')],
      1,
      [],
      500,
      { combinations: 2, totalStakeCents: 1000, payoutCents: 750 },
    ],
    [
      'multiple rounds down once',
      [leg(2.15), leg(1.95)],
      2,
      [],
      100,
      { combinations: 1, totalStakeCents: 100, payoutCents: 419 },
    ],
    [
      'multiple with a void leg',
      [leg(2.15), leg(1.95, 'void'), leg(1.333)],
      3,
      [],
      1000,
      { combinations: 1, totalStakeCents: 1000, payoutCents: 2865 },
    ],
    [
      'multiple lost',
      [leg(2.15), leg(1.95, 'loss')],
      2,
      [],
      1000,
      { combinations: 1, totalStakeCents: 1000, payoutCents: 0 },
    ],
    [
      'system 2/3, one lost',
      [leg(1.5), leg(2.333), leg(3.1, 'loss')],
      2,
      [],
      100,
      { combinations: 3, totalStakeCents: 300, payoutCents: 349 },
    ],
    [
      'system 2/3, all win (one floor, not three)',
      [leg(1.5), leg(2.333), leg(3.1)],
      2,
      [],
      100,
      { combinations: 3, totalStakeCents: 300, payoutCents: 1538 },
    ],
    [
      'banker in every combination',
      [leg(2), leg(1.5), leg(1.5), leg(1.5)],
      1,
      [0],
      100,
      { combinations: 3, totalStakeCents: 300, payoutCents: 900 },
    ],
    [
      'lost banker loses everything',
      [leg(2, 'loss'), leg(1.5), leg(1.5)],
      1,
      [0],
      100,
      { combinations: 2, totalStakeCents: 200, payoutCents: 0 },
    ],
    [
      'every leg void refunds the stake',
      [leg(3, 'void'), leg(4, 'void')],
      2,
      [],
      700,
      { combinations: 1, totalStakeCents: 700, payoutCents: 700 },
    ],
    [
      'float trap: 1.15 × 1.3 × 100',
      [leg(1.15), leg(1.3)],
      2,
      [],
      100,
      { combinations: 1, totalStakeCents: 100, payoutCents: 149 },
    ],
    [
      'float trap: 1.1³ × 1000',
      [leg(1.1), leg(1.1), leg(1.1)],
      3,
      [],
      1000,
      { combinations: 1, totalStakeCents: 1000, payoutCents: 1331 },
    ],
  ])('%s', (_name, legs, systemK, bankers, stake, expected) => {
    expect(betPayout({ legs, systemK, bankers, stakePerBetCents: stake })).toEqual(expected);
    expect(betPayout({ legs, systemK, bankers, stakePerBetCents: stake }).payoutCents).toBe(
      oracle(legs, [systemK], bankers, stake).payout,
    );
  });

  /** Legs of a few events (so same-event legs are common) with every result, halves included. */
  const legArb = fc.record({
    odds: fc.integer({ min: 1001, max: 50_000 }).map((t) => t / 1000),
    eventId: fc.integer({ min: 1, max: 6 }),
    result: fc.constantFrom<LegResult>('win', 'win', 'loss', 'void', 'half_win', 'half_loss'),
  });
  const betArb = fc
    .array(legArb, { minLength: 1, maxLength: 9 })
    .chain((legs) =>
      fc.record({
        legs: fc.constant(legs),
        bankers: fc.subarray(
          legs.map((_, i) => i),
          { maxLength: Math.max(0, Math.min(3, legs.length - 1)) },
        ),
        stake: fc.integer({ min: 1, max: 10_000_000 }),
      }),
    )
    .chain((b) => {
      const free = Math.max(1, b.legs.length - b.bankers.length);
      return fc.record({
        legs: fc.constant(b.legs),
        bankers: fc.constant(b.bankers),
        stake: fc.constant(b.stake),
        k: fc.integer({ min: 1, max: free }),
        sizes: fc
          .uniqueArray(fc.integer({ min: 1, max: free }), { minLength: 1, maxLength: free })
          .map((s) => s.sort((x, y) => x - y)),
      });
    });

  /**
   * Bets whose every payout is a safe integer of cents: the sum over combinations of their odds' products is at most
   * Π(1 + odds), so stake × Π(1 + odds) bounds any payout. Past it `cents` refuses the amount (the book itself never
   * takes such a bet: BET_MAX_COMBINED_ODDS and BET_MAX_PAYOUT bound it long before).
   */
  const payable = ({ legs, stake }: { legs: { odds: number }[]; stake: number }) =>
    stake * legs.reduce((p, l) => p * (1 + l.odds), 1) < Number.MAX_SAFE_INTEGER;

  it('equals an independent exact computation for systems with bankers, same-event legs and half results', () => {
    fc.assert(
      fc.property(betArb, ({ legs, bankers, stake, k, sizes }) => {
        fc.pre(payable({ legs, stake }));
        for (const systemK of [k, sizes]) {
          const paid = betPayout({ legs, systemK, bankers, stakePerBetCents: stake });
          const expected = oracle(legs, typeof systemK === 'number' ? [systemK] : systemK, bankers, stake);
          expect(paid.combinations).toBe(expected.count);
          expect(paid.totalStakeCents).toBe(expected.count * stake);
          expect(paid.payoutCents).toBe(expected.payout);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('excludes same-event combinations: system 2 over events {1,1,2,3} is 5 combinations', () => {
    const legs = [leg(2, 'win', 1), leg(3, 'win', 1), leg(1.5, 'win', 2), leg(1.8, 'loss', 3)];
    expect(betCombinations(legs, 2, [])).toEqual([
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    // 100 × (2 × 1.5 + 3 × 1.5) = 750; the pairs with the lost leg pay nothing; the same-event pair is no bet.
    expect(betPayout({ legs, systemK: 2, bankers: [], stakePerBetCents: 100 })).toEqual({
      combinations: 5,
      totalStakeCents: 500,
      payoutCents: 750,
    });
  });

  it('pays a push back, a half win (odds + 1) / 2 and a half loss 1/2, exactly and floored once', () => {
    const single = (result: LegResult) =>
      betPayout({ legs: [leg(1.955, result)], systemK: 1, bankers: [], stakePerBetCents: 1001 }).payoutCents;
    expect(single('void')).toBe(1001);
    expect(single('half_win')).toBe(1478); // 1001 × 2.955 / 2 = 1478.9775
    expect(single('half_loss')).toBe(500); // 500.5
    // A multiple of two half wins: 101 × 1.5 × 1.5 = 227.25, floored once.
    const halves = [leg(2, 'half_win'), leg(2, 'half_win')];
    expect(betPayout({ legs: halves, systemK: 2, bankers: [], stakePerBetCents: 101 }).payoutCents).toBe(227);
  });

  it('is decided lost only when every combination holds a lost leg', () => {
    const open = (result: LegResult | null, eventId: number) => ({ eventId, result });
    expect(isDecidedLoss([open('loss', 1), open(null, 2)], 2, [])).toBe(true);
    expect(isDecidedLoss([open('loss', 1), open(null, 2)], 1, [])).toBe(false);
    expect(isDecidedLoss([open('loss', 1), open(null, 2), open(null, 3)], 2, [])).toBe(false);
    expect(
      isDecidedLoss([open('loss', 1), open(null, 2), open(null, 3), open(null, 4), open(null, 5)], 1, [0]),
    ).toBe(true);
    expect(isDecidedLoss([open('half_loss', 1), open(null, 2)], 2, [])).toBe(false);
  });

  it('never pays more when a leg is lost instead of won, and refunds an all-void bet exactly', () => {
    fc.assert(
      fc.property(betArb, fc.nat(), ({ legs, bankers, stake, k }, pick) => {
        fc.pre(payable({ legs, stake }));
        const i = pick % legs.length;
        const won = legs.map((l, j) => (j === i ? { ...l, result: 'win' as const } : l));
        const lost = legs.map((l, j) => (j === i ? { ...l, result: 'loss' as const } : l));
        const bet = { systemK: k, bankers, stakePerBetCents: stake };
        expect(betPayout({ ...bet, legs: lost }).payoutCents).toBeLessThanOrEqual(
          betPayout({ ...bet, legs: won }).payoutCents,
        );
        const voided = legs.map((l) => ({ ...l, result: 'void' as const }));
        const all = betPayout({ ...bet, legs: voided });
        expect(all.payoutCents).toBe(all.totalStakeCents);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses bad input', () => {
    expect(() => betPayout({ legs: [leg(2)], systemK: [1, 1], bankers: [], stakePerBetCents: 1 })).toThrow();
    expect(() => betPayout({ legs: [leg(2)], systemK: 1, bankers: [], stakePerBetCents: 1.5 })).toThrow();
    expect(() => betPayout({ legs: [leg(2.0001)], systemK: 1, bankers: [], stakePerBetCents: 1 })).toThrow();
    expect(() => betPayout({ legs: [leg(2)], systemK: 1, bankers: [3], stakePerBetCents: 1 })).toThrow();
  });

  it('names the result: refund when every leg is void, win when anything is paid', () => {
    expect(resultOf([leg(2, 'void')], 100)).toBe('refund');
    expect(resultOf([leg(2), leg(3, 'loss')], 200)).toBe('win');
    expect(resultOf([leg(2, 'loss')], 0)).toBe('loss');
  });
});
