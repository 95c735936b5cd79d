import { describe, expect, it } from 'vitest';
import { MARKET_CATEGORY } from '@sb/contract';
import { sideLine } from '@sb/betting';
import { MARKET_DEFINITIONS } from '../market-definitions.data';
import { footballMarkets } from './football.markets';
import { PERIOD_SPORTS, periodMarkets } from './period.markets';
import { periodRates } from './period.model';

const handicapTypes = (sportId: number) =>
  new Set(
    MARKET_DEFINITIONS.filter((d) => d.sportId === sportId && d.mg.includes(MARKET_CATEGORY.handicap)).map(
      (d) => d.id,
    ),
  );

const marketsOf = (sportId: number) =>
  sportId === 1
    ? footballMarkets([], [])
    : periodMarkets(sportId, periodRates(PERIOD_SPORTS[sportId]!, 1.2, 1));

// Issue 33 item 1: "2 (-0.5)" beside "1 (-0.5)" told the away side it stood on the home side's line.
describe('handicap outcomes, every sport', () => {
  it.each([1, ...Object.keys(PERIOD_SPORTS).map(Number)])(
    'sport %i: each side is named with its own line; the specifier stays the home line',
    (sportId) => {
      const types = handicapTypes(sportId);
      const handicaps = marketsOf(sportId).filter((m) => types.has(m.t));
      expect(handicaps.length).toBeGreaterThan(0);
      for (const market of handicaps) {
        expect(market.s).toMatch(/^([+-]\d+(\.\d+)?|0)$/);
        for (const outcome of market.outcomes)
          expect(outcome.name).toBe(`${outcome.code} (${sideLine(outcome.code, market.s)})`);
        const home = market.outcomes.find((x) => x.code === '1')!.name;
        const away = market.outcomes.find((x) => x.code === '2')!.name;
        if (market.s !== '0') expect(home.slice(3, 4)).not.toBe(away.slice(3, 4)); // opposite signs
      }
    },
  );
});
