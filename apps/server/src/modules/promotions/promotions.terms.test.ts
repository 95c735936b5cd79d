import { describe, expect, it } from 'vitest';
import { HttpError } from '../../plugins/errors';
import { tighten, UK_RULES, validateTerms } from './promotions.terms';

const freeBet = { product: 'sport', amount: 1_000, minOdds: 1.5, expiresInDays: 7 };

/** The refusal a call throws: its status, code, field and the rule it names. */
function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, code: error.code, field: error.field, rule: error.details?.rule };
  }
  throw new Error('not refused');
}

describe('promotion terms (UK default rules)', () => {
  it('accepts a free bet and fills in its defaults', () => {
    expect(validateTerms('free_bet', freeBet)).toEqual({
      ...freeBet,
      betTypes: [1, 2],
      live: 'any',
      eligibility: 'grant',
    });
  });

  it.each([
    ['20× wagering', { ...freeBet, wagering: 20 }, 'max_wagering', 'terms.wagering'],
    ['10.5× wagering', { ...freeBet, wagering: 10.5 }, 'max_wagering', 'terms.wagering'],
    ['a sport-to-casino offer', { ...freeBet, rewardProduct: 'casino' }, 'single_product', 'terms.product'],
    [
      'casino qualifying for sport',
      { ...freeBet, qualifyingProduct: 'casino' },
      'single_product',
      'terms.product',
    ],
    ['both products', { ...freeBet, product: ['sport', 'casino'] }, 'single_product', 'terms.product'],
    ['no product', { amount: 1, minOdds: 2, expiresInDays: 1 }, 'single_product', 'terms.product'],
    ['no expiry', { product: 'sport', amount: 1_000, minOdds: 2 }, 'expiry_required', 'terms.expiresInDays'],
    ['an expiry past 90 days', { ...freeBet, expiresInDays: 91 }, 'expiry_required', 'terms.expiresInDays'],
  ])('refuses %s, naming the rule', (_, terms, rule, field) => {
    expect(refusal(() => validateTerms('free_bet', terms))).toEqual({
      status: 400,
      code: 'terms_refused',
      field,
      rule,
    });
  });

  it('allows exactly 10× wagering under the rules, then the kind decides its own fields', () => {
    expect(refusal(() => validateTerms('free_bet', { ...freeBet, wagering: 10 }))).toMatchObject({
      code: 'validation',
      field: 'terms',
    });
  });

  it.each([
    [{ ...freeBet, amount: 0 }, 'terms.amount'],
    [{ ...freeBet, amount: 10.5 }, 'terms.amount'],
    [{ ...freeBet, minOdds: 1 }, 'terms.minOdds'],
    [{ ...freeBet, minOdds: 1.2345 }, 'terms.minOdds'],
    [{ ...freeBet, product: 'casino' }, 'terms.product'],
    [{ ...freeBet, live: 'sometimes' }, 'terms.live'],
  ])('refuses a malformed free bet with 400 naming the field (%j)', (terms, field) => {
    expect(refusal(() => validateTerms('free_bet', terms))).toMatchObject({ status: 400, field });
  });

  it('lets a brand tighten the rules but never loosen them', () => {
    const strict = tighten(UK_RULES, { maxWagering: 5, maxExpiryDays: 30 });
    expect(strict).toEqual({ maxWagering: 5, maxExpiryDays: 30 });
    expect(tighten(UK_RULES, { maxWagering: 40 })).toEqual(UK_RULES);
    expect(refusal(() => validateTerms('free_bet', { ...freeBet, expiresInDays: 31 }, strict))).toMatchObject(
      { rule: 'expiry_required' },
    );
  });

  const cashback = { product: 'sport', percent: 10, maxAmount: 50_000, expiresInDays: 7 };
  it('accepts cashback by whole percent or exact basis points, paid as cash', () => {
    expect(validateTerms('cashback', cashback)).toEqual({ ...cashback, payAs: 'cash' });
    const bp = { product: 'sport', basisPoints: 1_250, maxAmount: 1_000, expiresInDays: 3 };
    expect(validateTerms('cashback', bp)).toEqual({ ...bp, payAs: 'cash' });
  });

  it.each([
    ['a casino cashback', { ...cashback, product: 'casino' }, 'sports_only', 'terms.product'],
    [
      'a sport-to-casino cashback',
      { ...cashback, rewardProduct: 'casino' },
      'single_product',
      'terms.product',
    ],
    ['no expiry', { product: 'sport', percent: 10, maxAmount: 1 }, 'expiry_required', 'terms.expiresInDays'],
  ])('refuses %s naming the rule', (_, terms, rule, field) => {
    expect(refusal(() => validateTerms('cashback', terms))).toMatchObject({ status: 400, rule, field });
  });

  it.each([
    [{ ...cashback, percent: 0 }, 'terms.percent'],
    [{ ...cashback, percent: 12.5 }, 'terms.percent'],
    [{ ...cashback, percent: 101 }, 'terms.percent'],
    [{ ...cashback, basisPoints: 1_000 }, 'terms.percent'],
    [{ product: 'sport', maxAmount: 1, expiresInDays: 1 }, 'terms.percent'],
    [{ ...cashback, maxAmount: undefined }, 'terms.maxAmount'],
    [{ ...cashback, payAs: 'bonus' }, 'terms.payAs'],
    [
      { ...cashback, periodStart: '2026-12-08T00:00:00Z', periodEnd: '2026-12-01T00:00:00Z' },
      'terms.periodEnd',
    ],
  ])('refuses malformed cashback terms with 400 naming the field (%j)', (terms, field) => {
    expect(refusal(() => validateTerms('cashback', terms))).toMatchObject({ status: 400, field });
  });
});
