import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashOutQuote, oddsOf, PPB, type CashOutLeg } from '@sb/betting';
import { initialState, priceEvent, type PricingEvent } from '../sports/pricing/event-pricing';
import { fairColumns, finishMarket } from '../sports/pricing/margin';
import type { PricedMarket, PricedOutcome } from '../sports/pricing/market-spec';
import { PERIOD_SPORTS } from '../sports/pricing/period.markets';

/**
 * Issue 31 item 5: the cash-out offer of an open selection comes from the fair probability its price was made
 * from (stored with the price, `fairColumns`), per outcome: exactly floor((1 − margin) × fair value), never above
 * it, for every market family — longshots (where the power method puts most of the margin) and multi-winner
 * markets (double chance, anytime scorer: each outcome on its own) included.
 */
const MARGIN_BP = 200;

/** An open selection held as a single at the odds it was taken at: the model's value of it, exactly. */
function single(o: PricedOutcome, odds: number, stake: number) {
  const cols = fairColumns(o);
  const leg: CashOutLeg = { odds, state: 'open', ...cols };
  const quote = cashOutQuote([leg], [[0]], stake, MARGIN_BP);
  // floor((1 − m) × stake × (refund + (1 − refund) × o × q)), in integers.
  const P = BigInt(PPB);
  const value =
    BigInt(stake) *
    (BigInt(cols.refundPpb) * 1000n * P +
      (P - BigInt(cols.refundPpb)) * BigInt(oddsOf(odds)) * BigInt(cols.fairPpb));
  const expected = (value * BigInt(10_000 - MARGIN_BP)) / (1000n * P * P * 10_000n);
  const fair = stake * ((cols.refundPpb + (PPB - cols.refundPpb) * odds * (cols.fairPpb / PPB)) / PPB);
  return { quote, expected: Number(expected), fair, cols };
}

const squad = (base: number) =>
  Array.from({ length: 11 }, (_, i) => ({ id: base + i, name: `P${base + i}`, share: 1 / 11 }));
const event = (sportId: number, home: number, away: number): PricingEvent => ({
  id: 1,
  sportId,
  homeStrength: home,
  awayStrength: away,
  homePlayers: squad(100),
  awayPlayers: squad(200),
});

describe('cash-out from the model’s fair probabilities (issue 31 item 5)', () => {
  it('random markets, single- and multi-winner, longshots and suspended outcomes: exact, never above fair value', () => {
    const market = fc.record({
      multi: fc.boolean(),
      // Weights from longshots (0.2 %) to favourites; a multi-winner market takes each as its own probability.
      weights: fc.array(fc.oneof(fc.double({ min: 0.002, max: 0.02 }), fc.double({ min: 0.05, max: 0.95 })), {
        minLength: 2,
        maxLength: 14,
      }),
      stake: fc.integer({ min: 100, max: 10_000_000 }),
      pick: fc.nat(),
    });
    fc.assert(
      fc.property(market, ({ multi, weights, stake, pick }) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        const fair = multi ? weights : weights.map((w) => w / sum);
        const spec = {
          t: 1,
          s: '',
          outcomes: fair.map((_, i) => ({ code: String(i), name: String(i) })),
          multi,
        };
        const priced = finishMarket(spec as never, fair, [], undefined);
        const open = priced.outcomes.filter((o) => o.status === 'open');
        fc.pre(open.length > 0);
        const o = open[pick % open.length]!;
        const { quote, expected, fair: value } = single(o, o.odd, stake);
        expect(quote).toBe(expected);
        expect(quote).toBeLessThanOrEqual(value);
        // A suspended sibling changes nothing: the value is the outcome's own (no overround over the market).
        if (multi) expect(quote).toBeGreaterThanOrEqual(Math.floor(stake * 0.98 * 0.9) - 1);
      }),
      { numRuns: 500 },
    );
  });

  it('every market family of football and of every period sport, at unchanged odds and at a longer price taken', () => {
    const families: [string, PricedMarket[]][] = [
      ['football', priceEvent(event(1, 1.1, 0.8), initialState(1))],
      ...Object.keys(PERIOD_SPORTS).map(
        (id) =>
          [`sport ${id}`, priceEvent(event(Number(id), 1.2, 0.9), initialState(Number(id)))] as [
            string,
            PricedMarket[],
          ],
      ),
    ];
    let longshots = 0;
    let multiWinner = 0;
    for (const [name, markets] of families) {
      for (const m of markets)
        for (const o of m.outcomes.filter((x) => x.status === 'open')) {
          const stake = 10_000;
          for (const odds of [o.odd, Math.round(o.odd * 1.1 * 100) / 100]) {
            const { quote, expected, fair } = single(o, odds, stake);
            expect(quote, `${name} ${m.t} ${m.s} ${o.code}`).toBe(expected);
            expect(quote, `${name} ${m.t} ${m.s} ${o.code}`).toBeLessThanOrEqual(fair);
          }
          if (o.odd >= 10) longshots++;
          // Multi-winner outcomes: valued on their own, never a share of the market's summed probabilities.
          const total = m.outcomes.reduce((a, x) => a + x.p, 0);
          if (total > 1.5) {
            multiWinner++;
            expect(single(o, o.odd, stake).quote / stake, `${name} ${m.t} ${o.code}`).toBeGreaterThan(0.85);
          }
        }
    }
    expect(longshots).toBeGreaterThan(20);
    expect(multiWinner).toBeGreaterThan(10);
  });
});
