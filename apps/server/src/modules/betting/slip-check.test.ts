import { describe, expect, it } from 'vitest';
import type { SlipRequest } from '@sb/contract';
import type { SelectionContext } from '../sports/index';
import { selectionContext } from './testing/selections';
import { acceptsOdd, betError, checkSlip, MIN_STAKE_PER_BET } from './slip-check';

/** The selections of a fake book: event e has selections 10e+1 … at the given odds. */
function book(...rows: Partial<SelectionContext>[]): Map<number, SelectionContext> {
  return new Map(
    rows.map((r, i) => {
      const s = selectionContext(r.eventId ?? i + 1, r);
      return [s.selectionId, s];
    }),
  );
}

const slip = (
  selections: Map<number, SelectionContext>,
  type: 1 | 2 | 3,
  amount: number,
  options: { systems?: number[]; bankers?: number[]; seen?: Record<number, number> } = {},
): SlipRequest => ({
  walletType: 'cash',
  type,
  amount,
  systems: options.systems ?? [],
  confirmationType: 1,
  bets: [...selections.values()].map((s) => ({
    eventId: s.eventId,
    oddId: s.selectionId,
    odd: options.seen?.[s.selectionId] ?? s.odd,
    banker: options.bankers?.includes(s.selectionId) ?? false,
    isLive: s.isLive,
  })),
});

describe('checkSlip (pure: the bet path decides on its answer)', () => {
  it('accepts a multiple at the product of its odds, the stake as one bet', () => {
    const sels = book({ odd: 2 }, { odd: 1.5 });
    const check = checkSlip(slip(sels, 2, 1_000), sels, 'none');
    expect(check.general).toEqual([]);
    expect(check.perBet).toEqual({});
    expect(check.combinations).toEqual([[0, 1]]);
    expect(check.stakePerBet).toBe(1_000);
    expect(check.earnings).toEqual({ min: 3_000, max: 3_000 });
  });

  it('refuses each decided, suspended or missing selection on its own, whatever odd the client sends', () => {
    const sels = book({ state: 'closed', result: 'loss' }, { state: 'suspended' }, { odd: 3 });
    const request = slip(sels, 1, 300);
    request.bets.push({ eventId: 9, oddId: 999, odd: 2, banker: false, isLive: false });
    const check = checkSlip(request, sels, 'any');
    expect(Object.fromEntries(Object.entries(check.perBet).map(([id, e]) => [id, e.code]))).toEqual({
      '11': 'closed',
      '21': 'suspended',
      '999': 'not_found',
    });
    expect(check.legs.map((l) => l.accepted)).toEqual([null, null, 3, null]);
  });

  it('applies the odds-change policy exactly, in thousandths', () => {
    expect(acceptsOdd('none', 2.1, 2.1)).toBe(true);
    expect(acceptsOdd('none', 2.1, 2.11)).toBe(false);
    expect(acceptsOdd('higher', 2.1, 2.101)).toBe(true);
    expect(acceptsOdd('higher', 2.1, 2.099)).toBe(false);
    expect(acceptsOdd('any', 2.1, 1.02)).toBe(true);
    const sels = book({ odd: 2.2 });
    expect(checkSlip(slip(sels, 1, 100, { seen: { 11: 2.1 } }), sels, 'none').perBet['11']).toMatchObject({
      code: 'odd_changed',
      value: 2.2,
    });
  });

  it('refuses the same selection twice and two picks of one event in a multiple', () => {
    const sels = book({ odd: 2 });
    const twice = slip(sels, 2, 100);
    twice.bets.push({ ...twice.bets[0]! });
    expect(checkSlip(twice, sels, 'none').perBet['11']?.code).toBe('duplicate');
    const sameEvent = book({ eventId: 1, selectionId: 11 }, { eventId: 1, selectionId: 12 });
    expect(checkSlip(slip(sameEvent, 2, 100), sameEvent, 'none').general[0]?.code).toBe('same_event');
  });

  it('splits a system stake evenly over its combinations, or names the amount', () => {
    const sels = book({}, {}, {});
    const even = checkSlip(slip(sels, 3, 300, { systems: [2] }), sels, 'none');
    expect(even.combinations).toHaveLength(3);
    expect(even.stakePerBet).toBe(100);
    const uneven = checkSlip(slip(sels, 3, 301, { systems: [2] }), sels, 'none');
    expect(uneven.general.map((g) => [g.code, g.field])).toContainEqual(['amount_split', 'amount']);
  });

  it('caps each combination at its strictest leg, naming the limit that decided', () => {
    const sels = book({ maxStake: 5_000 }, { maxStake: 2_000, limit: 'event' });
    const check = checkSlip(slip(sels, 2, 2_001), sels, 'none', 0.5);
    expect(check.maxStake).toBe(2_000);
    expect(check.general[0]).toMatchObject({
      code: 'stake_above_max',
      value: 2_000,
      limit: 'event',
      stakeFactor: 0.5,
    });
    expect(checkSlip(slip(sels, 2, 2_000), sels, 'none').general).toEqual([]);
  });

  it('asks at least the minimum stake per bet, or an event’s higher minimum', () => {
    const sels = book({});
    expect(checkSlip(slip(sels, 1, MIN_STAKE_PER_BET - 1), sels, 'none').general[0]?.code).toBe(
      'stake_below_min',
    );
    const strict = book({ minBetLimit: 500 });
    expect(checkSlip(slip(strict, 1, 499), strict, 'none').general[0]).toMatchObject({
      code: 'stake_below_min',
      value: 500,
    });
  });

  it('lets bankers stand only on a system with more than 3 other picks', () => {
    const five = book({}, {}, {}, {}, {});
    expect(checkSlip(slip(five, 3, 400, { systems: [3], bankers: [11] }), five, 'none').general).toEqual([]);
    const four = book({}, {}, {}, {});
    expect(
      checkSlip(slip(four, 3, 300, { systems: [2], bankers: [11] }), four, 'none').general[0]?.code,
    ).toBe('banker_not_allowed');
    expect(checkSlip(slip(five, 2, 100, { bankers: [11] }), five, 'none').general[0]?.code).toBe(
      'banker_not_allowed',
    );
  });

  it('turns a refused slip into a 400 bet_error carrying every per-selection error', () => {
    const sels = book({ state: 'suspended' });
    const error = betError(checkSlip(slip(sels, 1, 100), sels, 'none'));
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('bet_error');
    expect(error.details).toMatchObject({ errors: { bets: { '11': { code: 'suspended' } } } });
  });
});

describe('checkSlip: the maximum payout and combined odds (issue 31 item 2)', () => {
  const cap = { maxPayoutCents: 100_000_000, maxOddsThousandths: 100_000_000 };
  const many = (n: number, odd: number) =>
    book(...Array.from({ length: n }, () => ({ odd, maxStake: 1_000_000 })));

  it('offers the stake that reaches the payout as the max stake, and refuses one minor unit more', () => {
    // 10 legs at 3.00: combined 59,049, 1,000,000.00 reached at 1,693.50 (floor of 100,000,000 / 59,049 cents).
    const sels = many(10, 3);
    const reaches = Math.floor(100_000_000 / 59_049);
    const at = checkSlip(slip(sels, 2, reaches), sels, 'none', 1, cap);
    expect(at.general).toEqual([]);
    expect(at.maxStake).toBe(reaches);
    expect(at.earnings.max).toBeLessThanOrEqual(cap.maxPayoutCents);
    const over = checkSlip(slip(sels, 2, reaches + 1), sels, 'none', 1, cap);
    expect(over.general).toEqual([
      expect.objectContaining({ code: 'stake_above_max', value: reaches, limit: 'payout' }),
    ]);
    // The earnings shown never pass the payout the bet may make.
    expect(over.earnings.max).toBe(cap.maxPayoutCents);
  });

  it('bounds a system by the sum of its combinations, exactly', () => {
    const sels = many(4, 50);
    // System 2 of 4 at 50.00: 6 doubles of 2,500 → 15,000 per unit; 100,000,000 / 15,000 = 6,666 per combination.
    const check = checkSlip(slip(sels, 3, 6 * 6_667, { systems: [2] }), sels, 'none', 1, cap);
    expect(check.maxStake).toBe(6 * 6_666);
    expect(check.general[0]).toMatchObject({ code: 'stake_above_max', limit: 'payout' });
  });

  it('refuses combined odds above the bound, and never throws, up to 25 legs at the longest prices', () => {
    for (const n of [2, 5, 10, 17, 25]) {
      const sels = many(n, 500);
      const check = checkSlip(slip(sels, 2, 10_000_000_000), sels, 'none', 1, cap);
      expect(check.general.map((g) => g.code)).toEqual(['odds_above_max', 'stake_above_max']);
      expect(check.earnings.max).toBe(cap.maxPayoutCents);
      expect(Number.isSafeInteger(check.maxStake)).toBe(true);
    }
    // Right at the bound is allowed: 100 × 1,000 = 100,000.00.
    const sels = book({ odd: 100 }, { odd: 1000 });
    expect(checkSlip(slip(sels, 2, 100), sels, 'none', 1, cap).general).toEqual([]);
    const above = book({ odd: 100 }, { odd: 1000.001 });
    const refused = checkSlip(slip(above, 2, 100), above, 'none', 1, cap);
    expect(refused.general.map((g) => g.code)).toEqual(['odds_above_max', 'stake_above_max']);
    expect(refused.maxStake).toBe(0);
  });

  it('keeps the leg limits when they are stricter than the payout', () => {
    const sels = book({ odd: 2, maxStake: 5_000, limit: 'market' }, { odd: 2, maxStake: 9_000 });
    const check = checkSlip(slip(sels, 2, 5_001), sels, 'none', 1, cap);
    expect(check.maxStake).toBe(5_000);
    expect(check.general[0]).toMatchObject({ code: 'stake_above_max', limit: 'market' });
  });
});
