import { describe, expect, it } from 'vitest';
import {
  acceptAtOf,
  NO_CLIENT_POLICY,
  referralReason,
  referralThresholds,
  stricterPolicy,
  thresholdsFor,
} from './bet-policy';

describe('per-client bet policy', () => {
  it('applies the stricter of the client’s odds preference and the desk’s policy', () => {
    expect(stricterPolicy('any', null)).toBe('any');
    expect(stricterPolicy('any', 'higher')).toBe('higher');
    expect(stricterPolicy('any', 'none')).toBe('none');
    expect(stricterPolicy('higher', 'any')).toBe('higher');
    expect(stricterPolicy('none', 'any')).toBe('none');
    expect(stricterPolicy('higher', 'none')).toBe('none');
  });

  it('delays a live bet by the client’s delay instead of the brand’s, a pre-match bet not at all', () => {
    const now = 1_000_000;
    expect(acceptAtOf(true, now, NO_CLIENT_POLICY, 5_000)?.getTime()).toBe(now + 5_000);
    expect(acceptAtOf(true, now, { ...NO_CLIENT_POLICY, delayMs: 12_000 }, 5_000)?.getTime()).toBe(
      now + 12_000,
    );
    expect(acceptAtOf(true, now, { ...NO_CLIENT_POLICY, delayMs: 0 }, 5_000)?.getTime()).toBe(now);
    expect(acceptAtOf(false, now, { ...NO_CLIENT_POLICY, delayMs: 12_000 }, 5_000)).toBeNull();
  });

  it('tightens the brand’s thresholds with the client’s, never loosens them', () => {
    const brand = { stake: 100_000, payout: 1_000_000 };
    expect(thresholdsFor(brand, NO_CLIENT_POLICY)).toEqual(brand);
    expect(thresholdsFor(brand, { ...NO_CLIENT_POLICY, referralStake: 5_000 })).toEqual({
      stake: 5_000,
      payout: 1_000_000,
    });
    expect(thresholdsFor(brand, { ...NO_CLIENT_POLICY, referralPayout: 9_000_000 })).toEqual(brand);
    expect(
      thresholdsFor({ stake: null, payout: null }, { ...NO_CLIENT_POLICY, referralPayout: 20_000 }),
    ).toEqual({ stake: null, payout: 20_000 });
  });

  it('refers a bet whose stake or potential payout reaches its threshold', () => {
    const t = { stake: 10_000, payout: 50_000 };
    expect(referralReason({ stake: 9_999, payout: 49_999 }, t)).toBeNull();
    expect(referralReason({ stake: 10_000, payout: 10_000 }, t)).toBe('stake');
    expect(referralReason({ stake: 1_000, payout: 50_000 }, t)).toBe('payout');
    expect(referralReason({ stake: 1e9, payout: 1e12 }, { stake: null, payout: null })).toBeNull();
  });

  it('reads a brand’s own thresholds per currency, then every brand’s, then the defaults (0 = none)', () => {
    const of = referralThresholds({
      stake: 0,
      payout: 5_000_000,
      overrides: [
        { brandId: 2, currency: 'TRY', stake: 100_000, payout: 0 },
        { brandId: null, currency: 'TRY', stake: 200_000, payout: 900_000 },
      ],
    });
    expect(of(2, 'TRY')).toEqual({ stake: 100_000, payout: null });
    expect(of(1, 'TRY')).toEqual({ stake: 200_000, payout: 900_000 });
    expect(of(1, 'EUR')).toEqual({ stake: null, payout: 5_000_000 });
  });
});
