import { describe, expect, it } from 'vitest';
import { HttpError } from '../../plugins/errors';
import { boostRunning, oddsBoostRefusal, remainingStake, type OddsBoostReward } from './odds-boost.rules';
import { rewardShapeOf, validateTerms } from './promotions.terms';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const DAY = 86_400_000;
const campaign = { status: 'active' as const, startsAt: new Date(NOW - DAY), endsAt: new Date(NOW + DAY) };
const reward: OddsBoostReward = {
  status: 'available',
  amount: 3_000,
  staked: 1_000,
  expiresAt: new Date(NOW + 7 * DAY),
  campaign,
  terms: { oddId: 42 },
};
const single = (amount: number, oddId = 42) => ({ type: 1, amount, legs: [{ oddId }] });

describe('odds boost rules', () => {
  it.each([
    ['a single on the selection within what is left', reward, single(2_000), null],
    ['a stake above what is left', reward, single(2_001), 'bonus_max_stake'],
    ['another selection', reward, single(500, 43), 'bonus_selection'],
    ['a multiple', reward, { type: 2, amount: 500, legs: [{ oddId: 42 }, { oddId: 7 }] }, 'bonus_bet_type'],
    ['a system', reward, { type: 3, amount: 500, legs: [{ oddId: 42 }] }, 'bonus_bet_type'],
    [
      'a paused campaign',
      { ...reward, campaign: { ...campaign, status: 'paused' as const } },
      single(500),
      'bonus_unavailable',
    ],
    [
      'an ended campaign',
      { ...reward, campaign: { ...campaign, status: 'ended' as const } },
      single(500),
      'bonus_unavailable',
    ],
    [
      'a campaign not started',
      { ...reward, campaign: { ...campaign, startsAt: new Date(NOW + 1) } },
      single(500),
      'bonus_unavailable',
    ],
    [
      'a campaign past its end',
      { ...reward, campaign: { ...campaign, endsAt: new Date(NOW) } },
      single(500),
      'bonus_expired',
    ],
    ['a reward past its expiry', { ...reward, expiresAt: new Date(NOW) }, single(500), 'bonus_expired'],
  ])('%s', (_, r, slip, expected) => {
    expect(oddsBoostRefusal(r, slip, NOW)).toBe(expected);
  });

  it('what is left of the stake never goes below zero; the price runs with its campaign only', () => {
    expect(remainingStake({ amount: 3_000, staked: 1_000 })).toBe(2_000);
    expect(remainingStake({ amount: 3_000, staked: 4_000 })).toBe(0);
    expect(boostRunning(campaign, NOW)).toBe(true);
    expect(boostRunning({ ...campaign, status: 'paused' }, NOW)).toBe(false);
    expect(boostRunning({ ...campaign, endsAt: new Date(NOW) }, NOW)).toBe(false);
  });
});

describe('odds boost terms', () => {
  const terms = { product: 'sport', oddId: 42, boostedOdd: 2.5, maxStake: 3_000, expiresInDays: 7 };
  const fieldOf = (raw: unknown) => {
    try {
      validateTerms('odds_boost', raw);
    } catch (error) {
      if (error instanceof HttpError) return { code: error.code, field: error.field };
      throw error;
    }
    return null;
  };

  it('accepts the terms; the reward is its stake at the boosted price', () => {
    const ok = validateTerms('odds_boost', terms);
    expect(ok).toEqual(terms);
    expect(rewardShapeOf(ok)).toEqual({ amount: 3_000, minOdds: 2.5 });
  });

  it.each([
    ['four decimals', { ...terms, boostedOdd: 2.5001 }, 'validation', 'terms.boostedOdd'],
    ['no selection', { ...terms, oddId: undefined }, 'validation', 'terms.oddId'],
    ['a zero stake', { ...terms, maxStake: 0 }, 'validation', 'terms.maxStake'],
    ['a fractional stake', { ...terms, maxStake: 10.5 }, 'validation', 'terms.maxStake'],
    ['an unknown field', { ...terms, percent: 10 }, 'validation', 'terms'],
    ['no expiry', { ...terms, expiresInDays: undefined }, 'terms_refused', 'terms.expiresInDays'],
    ['a casino reward', { ...terms, rewardProduct: 'casino' }, 'terms_refused', 'terms.product'],
  ])('refuses %s naming the field', (_, raw, code, field) => {
    expect(fieldOf(raw)).toEqual({ code, field });
  });
});
