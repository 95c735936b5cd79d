import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subsets } from './combinations';
import { betPayout, resultOf, type LegResult, type SettledLeg } from './payout';

const leg = (odds: number, result: LegResult = 'win'): SettledLeg => ({ odds, result });

/** Oracle: exact rational arithmetic written independently (decimal strings → integer fractions). */
function oracle(legs: SettledLeg[], k: number, bankers: number[], stake: number): number {
  const free = legs.map((_, i) => i).filter((i) => !bankers.includes(i));
  let num = 0n;
  let den = 1n;
  for (const subset of subsets(free, k)) {
    const combo = [...bankers, ...subset];
    if (combo.some((i) => legs[i]!.result === 'loss')) continue;
    let n = BigInt(stake);
    let d = 1n;
    for (const i of combo) {
      if (legs[i]!.result === 'void') continue;
      const [w, f = ''] = legs[i]!.odds.toFixed(3).split('.');
      n *= BigInt(w! + f.padEnd(3, '0'));
      d *= 1000n;
    }
    num = num * d + n * den;
    den *= d;
  }
  return Number(num / den);
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
  });

  const legArb = fc.record({
    odds: fc.integer({ min: 1001, max: 50_000 }).map((t) => t / 1000),
    result: fc.constantFrom<LegResult>('win', 'win', 'loss', 'void'),
  });
  const betArb = fc
    .array(legArb, { minLength: 1, maxLength: 8 })
    .chain((legs) =>
      fc.record({
        legs: fc.constant(legs),
        bankers: fc.subarray(
          legs.map((_, i) => i),
          { maxLength: Math.max(0, legs.length - 1) },
        ),
        stake: fc.integer({ min: 1, max: 10_000_000 }),
      }),
    )
    .chain((b) =>
      fc.record({
        legs: fc.constant(b.legs),
        bankers: fc.constant(b.bankers),
        stake: fc.constant(b.stake),
        k: fc.integer({ min: 1, max: Math.max(1, b.legs.length - b.bankers.length) }),
      }),
    );

  it('equals exact rational arithmetic rounded down once', () => {
    fc.assert(
      fc.property(betArb, ({ legs, bankers, stake, k }) => {
        const paid = betPayout({ legs, systemK: k, bankers, stakePerBetCents: stake });
        expect(paid.payoutCents).toBe(oracle(legs, k, bankers, stake));
      }),
      { numRuns: 400 },
    );
  });

  it('never pays more when a leg is lost instead of won, and refunds an all-void bet exactly', () => {
    fc.assert(
      fc.property(betArb, fc.nat(), ({ legs, bankers, stake, k }, pick) => {
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
