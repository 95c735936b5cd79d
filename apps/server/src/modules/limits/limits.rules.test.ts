import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RAISE_DELAY_MS, change, effective, type LimitState } from './limits.rules';

const base: LimitState = {
  type: 'stake',
  period: 'day',
  amount: 10_000,
  pendingAmount: null,
  pendingFrom: null,
};
const now = Date.parse('2026-11-21T12:00:00Z');

describe('limit changes', () => {
  it('applies a lowering at once and clears a pending raise', () => {
    const raised = change(base, 50_000, now);
    expect(raised).toMatchObject({
      amount: 10_000,
      pendingAmount: 50_000,
      pendingFrom: now + RAISE_DELAY_MS,
    });
    expect(change(raised, 5_000, now + 1000)).toMatchObject({
      amount: 5_000,
      pendingAmount: null,
      pendingFrom: null,
    });
  });

  it('delays a raise and a removal by 24 hours, then applies them', () => {
    const removal = change(base, null, now);
    expect(removal).toMatchObject({ amount: 10_000, pendingAmount: null, pendingFrom: now + RAISE_DELAY_MS });
    expect(effective(removal, now + RAISE_DELAY_MS - 1).amount).toBe(10_000);
    expect(effective(removal, now + RAISE_DELAY_MS).amount).toBeNull();
  });

  it('sets a first limit at once', () => {
    const none: LimitState = { ...base, amount: null };
    expect(change(none, 1_000, now)).toMatchObject({ amount: 1_000, pendingFrom: null });
  });

  it('property: the effective limit never gets looser before 24 hours have passed since the last request', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
            fc.integer({ min: 0, max: 3 * 3600_000 }),
          ),
          { maxLength: 20 },
        ),
        (steps) => {
          let state = base;
          let t = now;
          for (const [wanted, wait] of steps) {
            t += wait;
            const before = effective(state, t).amount;
            state = change(state, wanted, t);
            const after = effective(state, t).amount;
            // At the moment of a request the limit can only stay or tighten.
            if (before !== null) expect(after === null ? Infinity : after).toBeLessThanOrEqual(before);
          }
        },
      ),
    );
  });
});
