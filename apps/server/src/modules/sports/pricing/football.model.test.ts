import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyFacts,
  footballRates,
  type FootballFacts,
  type FootballPhase,
  type Player,
} from './football.facts';
import { asianResult, footballMarkets, type FootballSpec } from './football.markets';
import {
  decisionBound,
  dixonColes,
  goalDims,
  priceGoalsAndSequence,
  type FootballPricingInput,
} from './football.model';
import { priceEvent, type PricingEvent } from './event-pricing';
import { DEFAULT_PRICING } from './pricing-options';
import type { PricedMarket } from './market-spec';

const squad = (base: number): Player[] =>
  Array.from({ length: 11 }, (_, i) => ({ id: base + i, name: `P${base + i}`, share: (i + 1) / 66 }));
const home = squad(100);
const away = squad(200);
const event = (h = 1.2, a = 0.9): PricingEvent => ({
  id: 1,
  sportId: 1,
  homeStrength: h,
  awayStrength: a,
  homePlayers: home,
  awayPlayers: away,
});
const specs = footballMarkets(home, away) as FootballSpec[];
const find = (list: PricedMarket[], t: number, s = '') => {
  const m = list.find((x) => x.t === t && x.s === s);
  if (!m) throw new Error(`market ${t} ${s} missing`);
  return m;
};
const outcome = (m: PricedMarket, code: string) => {
  const o = m.outcomes.find((x) => x.code === code);
  if (!o) throw new Error(`outcome ${code} missing`);
  return o;
};
const live = (
  phase: FootballPhase,
  minute: number,
  facts: Partial<FootballFacts>,
  clock?: { added: [number, number]; clock: number },
) =>
  priceEvent(event(), {
    kind: 'football',
    football: { phase, minute, facts: { ...emptyFacts(), ...facts }, ...clock },
  });

/** A random in-play football state: phase, minute and a score per half consistent with the phase. */
const stateArb = fc
  .record({
    phase: fc.constantFrom<FootballPhase>('pre', 'first_half', 'half_time', 'second_half'),
    m: fc.integer({ min: 0, max: 45 }),
    h1: fc.nat(5),
    a1: fc.nat(5),
    h2: fc.nat(5),
    a2: fc.nat(5),
    rh: fc.nat(1),
  })
  .map(({ phase, m, h1, a1, h2, a2, rh }) => {
    const firstOnly = phase === 'first_half';
    const none = phase === 'pre';
    const facts: FootballFacts = {
      ...emptyFacts(),
      h1: none ? 0 : h1,
      a1: none ? 0 : a1,
      h2: none || firstOnly || phase === 'half_time' ? 0 : h2,
      a2: none || firstOnly || phase === 'half_time' ? 0 : a2,
      rh: none ? 0 : rh,
    };
    const minute = phase === 'first_half' ? m : phase === 'second_half' ? 45 + m : phase === 'pre' ? 0 : 45;
    return { phase, minute, facts };
  });

describe('football model: exact decisions', () => {
  it(
    'decides goal markets the same with the bound K as with K + 6 (the enumeration is exact)',
    { timeout: 120_000 },
    () => {
      fc.assert(
        fc.property(stateArb, (state) => {
          const input: FootballPricingInput = { rates: footballRates(1.2, 0.9), state, home, away };
          const k = decisionBound(state.facts);
          const small = priceGoalsAndSequence(specs, input, -0.1, k);
          const large = priceGoalsAndSequence(specs, input, -0.1, k + 6);
          for (const spec of specs) {
            if (spec.dist !== 'goals') continue;
            expect(small.get(spec)?.decisions, `${spec.t} ${spec.s}`).toEqual(large.get(spec)?.decisions);
          }
        }),
        { numRuns: 12 },
      );
    },
  );

  it("reads only the goals a market's scope says (match totals, one half)", { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.nat(6), fc.nat(6), fc.nat(6), fc.nat(6), fc.nat(6), (h1, a1, h2, a2, shift) => {
        const f = { ...emptyFacts(), h1, a1, h2, a2 };
        // Same totals, goals moved between halves; and the other half changed.
        const moved = { ...f, h1: h1 + h2, h2: 0, a1: Math.max(0, a1 - shift), a2: a2 + Math.min(a1, shift) };
        const otherHalf2 = { ...f, h2: h2 + shift, a2: a2 + 1 };
        const otherHalf1 = { ...f, h1: h1 + shift, a1: a1 + 1 };
        for (const spec of specs) {
          if (spec.dist !== 'goals') continue;
          const w = spec.settle ? spec.settle(f) : spec.winners(f);
          const of = (g: FootballFacts) => (spec.settle ? spec.settle(g) : spec.winners(g));
          if (spec.scope === 'ft') expect(of(moved), `${spec.t} ${spec.s}`).toEqual(w);
          if (spec.scope === 'h1') expect(of(otherHalf2), `${spec.t}`).toEqual(w);
          if (spec.scope === 'h2') expect(of(otherHalf1), `${spec.t}`).toEqual(w);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('closes what a goal decides at once, and keeps the rest open', { timeout: 60_000 }, () => {
    const list = live('first_half', 20, {
      h1: 1,
      goals: [{ team: 'h', playerId: 103, minute: 19 }],
    });
    expect(find(list, 18, '0.5').outcomes.map((o) => o.result)).toEqual(['win', 'loss']);
    const cs = find(list, 45);
    expect(outcome(cs, '0:0')).toMatchObject({ status: 'decided', result: 'loss' });
    expect(outcome(cs, '1:0').status).toBe('open');
    expect(cs.decided).toBe(false);
    expect(find(list, 37).outcomes.map((o) => o.result)).toEqual(['win', 'loss', 'loss']);
    expect(outcome(find(list, 38), 'p103').result).toBe('win');
    expect(outcome(find(list, 888), 'p103').result).toBe('win');
    expect(outcome(find(list, 882), 'none').result).toBe('loss');
    expect(outcome(find(list, 21), '0').result).toBe('loss');
  });

  it('decides first-half markets at half time and nothing on a threshold of probability', () => {
    const ht = live('half_time', 45, { h1: 2, a1: 1 });
    for (const t of [60, 63, 75, 81]) expect(find(ht, t).decided, `market ${t}`).toBe(true);
    for (const line of ['0.5', '1.5', '2.5']) expect(find(ht, 68, line).decided).toBe(true);
    // 2:1 in the 89th minute: 0:0 lost, "under 5.5" and "6+" both still possible (3 more goals can come).
    const late = live('second_half', 89, { h1: 2, a1: 1 });
    expect(outcome(find(late, 45), '0:0').result).toBe('loss');
    expect(find(late, 18, '5.5').decided).toBe(false);
    expect(outcome(find(late, 21), '6+').status).not.toBe('decided');
    // At 90' the added time still to come is priced (its law until announced): the match result stays on sale.
    const added = live('second_half', 90, { h1: 1 });
    expect(find(added, 1).decided).toBe(false);
    expect(find(added, 1).outcomes.some((o) => o.status === 'open')).toBe(true);
    // The last second of 3 announced added minutes: nothing left to price, and still nothing certain.
    const last = live('second_half', 90, { h1: 1 }, { added: [2, 3], clock: 48 * 60 });
    expect(find(last, 1).decided).toBe(false);
    expect(find(last, 1).outcomes.every((o) => o.status !== 'open')).toBe(true);
  });

  it('settles everything at full time, including pushes and half results', () => {
    const end = live('ended', 90, { h1: 1, a1: 1, h2: 1 });
    expect(end.every((m) => m.decided)).toBe(true);
    expect(find(end, 17, '-1').outcomes.map((o) => o.result)).toEqual(['void', 'void']);
    expect(find(end, 17, '-0.75').outcomes.map((o) => o.result)).toEqual(['half_win', 'half_loss']);
    expect(find(end, 26, '3').outcomes.map((o) => o.result)).toEqual(['void', 'void']);
    expect(find(end, 26, '3.25').outcomes.map((o) => o.result)).toEqual(['half_loss', 'half_win']);
  });

  it('never offers a decided outcome or a price outside the band', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        for (const m of priceEvent(event(), { kind: 'football', football: state })) {
          for (const o of m.outcomes) {
            expect(o.result === null).toBe(o.status !== 'decided');
            if (o.status === 'open') {
              expect(o.odd).toBeGreaterThanOrEqual(1.02);
              expect(o.odd).toBeLessThan(501);
            }
          }
          if (m.outcomes.length <= 3 && m.outcomes.some((o) => o.status === 'open'))
            expect(m.outcomes.every((o) => o.status !== 'suspended' || o.odd >= 1.02)).toBe(true);
        }
      }),
      { numRuns: 20 },
    );
  });
});

describe('football model: one grid', () => {
  it('applies the Dixon–Coles correction to the low scores (configurable ρ)', { timeout: 60_000 }, () => {
    const pre = { phase: 'pre' as const, minute: 0, facts: emptyFacts() };
    const zero = (rho: number) =>
      outcome(
        find(priceEvent(event(1, 1), { kind: 'football', football: pre }, { ...DEFAULT_PRICING, rho }), 45),
        '0:0',
      ).p;
    expect(zero(-0.1)).toBeGreaterThan(zero(0) * 1.1);
    // τ(0,0) = 1 − λμρ on the full-match means, added time included (a tiny tail is cut off and renormalised).
    const d = goalDims({ rates: footballRates(1, 1), state: pre, home: [], away: [] });
    expect(d.lambda).toBeGreaterThan(footballRates(1, 1).goalsHome);
    expect(zero(-0.1) / zero(0)).toBeCloseTo(1 + d.lambda * d.mu * 0.1, 3);
    expect(dixonColes(1, 1, 1.4, 1.1, -0.1)).toBeCloseTo(1.1, 12);
  });

  it(
    'derives every goals market from the same grid: implied probabilities agree exactly',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(stateArb, (state) => {
          const list = priceEvent(event(), { kind: 'football', football: state });
          const cs = find(list, 45);
          const p = (m: PricedMarket, code: string) => outcome(m, code).p;
          const draw = cs.outcomes.filter((o) => /^(\d):\1$/.test(o.code) || o.code === 'otherX');
          const drawP = draw.reduce((a, o) => a + o.p, 0);
          const x = find(list, 1);
          if (!x.decided) expect(p(x, 'X')).toBeCloseTo(drawP, 9);
          // Asian handicap 0 is draw-no-bet; the two sides of every Asian line sum to 1.
          const dnb = find(list, 11);
          const ah0 = find(list, 17, '0');
          if (!dnb.decided && !ah0.decided) expect(p(ah0, '1')).toBeCloseTo(p(dnb, '1'), 9);
          for (const m of list.filter((m) => (m.t === 17 || m.t === 26) && !m.decided)) {
            const [a, b] = [m.outcomes[0]!, m.outcomes[1]!];
            // A line whose push is all but certain (0:0 at 90', whole line 0) has no effective probability on
            // either side: both are priced out of the band and suspended, never offered.
            if (a.p === 0 && b.p === 0) expect([a.status, b.status]).toEqual(['suspended', 'suspended']);
            else expect(a.p + b.p).toBeCloseTo(1, 9);
          }
          // First team to score vs no goal: "no goal" is the 0:0 of the goals still to come.
          const firstNone = p(find(list, 37), 'none');
          if (
            state.facts.goals.length === 0 &&
            state.facts.h1 + state.facts.a1 === 0 &&
            state.phase !== 'second_half'
          )
            expect(firstNone).toBeCloseTo(p(cs, '0:0'), 9);
        }),
        { numRuns: 20 },
      );
    },
  );

  it('settles Asian lines: whole lines push, quarter lines half win or half lose', () => {
    expect(asianResult(1, 1)).toBe('void');
    expect(asianResult(2, 1)).toBe('win');
    expect(asianResult(1, 0.75)).toBe('half_win');
    expect(asianResult(1, 1.25)).toBe('half_loss');
    expect(asianResult(0, 0.5)).toBe('loss');
    expect(asianResult(3, 2.25)).toBe('win');
  });
});
