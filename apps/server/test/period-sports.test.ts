import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MatchUpdate } from '@sb/contract';
import { manualClock } from '../src/lib/clock';
import {
  decisionsOf,
  PERIOD_MARKET_BASE,
  PERIOD_SPORTS,
  periodMarkets,
} from '../src/modules/sports/pricing/period.markets';
import {
  periodRates,
  setComplete,
  setScoreValid,
  setsWon,
  type PeriodState,
} from '../src/modules/sports/pricing/period.model';
import type { SimState } from '../src/modules/producer/simulator/sim-state';
import { describeOnOneBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

/**
 * Tennis and volleyball played by the simulator (manual clock, seeded): set scores valid by the rules, the
 * score shows sets won, and the totals market is decided exactly when the rules make it certain, not before.
 */
describeOnOneBackend('period sports by their rules', (backend) => {
  let server: TestServer;
  const clock = manualClock(Date.UTC(2026, 10, 21, 12));
  const matches: MatchUpdate[] = [];
  beforeAll(async () => {
    server = await createTestServer(backend, { clock, config: { CATALOGUE_SCALE: 0.1 } });
    server.bus.subscribe('fixture.match', (m) => matches.push(m));
  });
  afterAll(async () => server?.close());

  const get = (url: string) => server.app.inject({ method: 'GET', url });

  for (const sportId of [5, 23]) {
    it(`sport ${sportId}: sets by the rules, sets won shown, totals decided exactly when certain`, async () => {
      const { sports, producer } = server.modules;
      const profile = PERIOD_SPORTS[sportId]!;
      const event = (await get(`/api/v2/fixture/full?sport=${sportId}&onlyPre=1&per_page=5`)).json()
        .result[0] as {
        id: number;
      };
      expect(event).toBeDefined();
      const id = event.id;
      const record = await sports.service.eventRecord(id);
      const ref = await sports.catalogue.reference();
      const rates = periodRates(
        profile,
        ref.teams.get(record.homeTeamId)!.strength,
        ref.teams.get(record.awayTeamId)!.strength,
      );
      const totalSpec = periodMarkets(sportId, rates).find((m) => m.t === PERIOD_MARKET_BASE[sportId]! + 4)!;
      await producer.operator.enqueue(id, 'speed', { factor: 150 });
      await producer.operator.enqueue(id, 'start', {});
      let decidedAt: string | null = null;
      let checks = 0;
      for (let i = 0; i < 400; i++) {
        await producer.runOnce();
        clock.advance(1000);
        const now = await sports.service.eventRecord(id);
        const sim = now.sim as SimState | null;
        if (!sim || sim.match.kind !== 'period') continue;
        const state: PeriodState = sim.match.period;
        const periods = state.facts.periods;
        // Every set but the one in play is finished and valid; the one in play is a valid unfinished score.
        periods.forEach((p, k) => {
          const done = setComplete(profile, k, p);
          expect(setScoreValid(profile, k, p, done), `set ${k + 1} ${p.join(':')}`).toBe(true);
          if (k < periods.length - 1) expect(done).toBe(true);
        });
        const won = setsWon(profile, state.facts);
        expect(now.data.score).toEqual({ home: won[0], away: won[1] });
        expect(now.data.stats.map((s) => [s.score.home, s.score.away])).toEqual(periods);
        // The total market's selections carry a result exactly when the rules decide it (unless suspended).
        const detail = (await get(`/api/v2/fixture/e/${id}`)).json().result as {
          isSuspended: boolean;
          markets: { t: number; s: string; selections: { outcome: string; result?: string | null }[] }[];
        };
        const market = detail.markets.find((m) => m.t === totalSpec.t && m.s === totalSpec.s);
        if (!market || detail.isSuspended) continue;
        const expected = decisionsOf(totalSpec, state);
        expect(
          market.selections.map((s) => s.result ?? null),
          `${periods.map((p) => p.join(':')).join(' ')} line ${totalSpec.s}`,
        ).toEqual(expected);
        checks++;
        if (expected.some((d) => d !== null) && !decidedAt)
          decidedAt = periods.map((p) => p.join(':')).join(' ');
        if (state.ended) break;
      }
      const final = await sports.service.eventRecord(id);
      expect(final.status).toBe('ended');
      const sim = final.sim as SimState;
      if (sim.match.kind !== 'period') throw new Error('not a period sport');
      const won = setsWon(profile, sim.match.period.facts);
      expect(Math.max(...won)).toBe(profile.setsToWin);
      expect(final.resultName).toBe(`${won[0]}:${won[1]}`);
      expect(checks).toBeGreaterThan(5);
      expect(decidedAt).not.toBeNull();
      // The last published match update shows sets won, not points.
      const last = matches.filter((m) => m.eventId === id).at(-1)!;
      expect(last.data.score).toEqual({ home: won[0], away: won[1] });
    });
  }
});
