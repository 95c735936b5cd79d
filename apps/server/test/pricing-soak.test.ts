import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MarketUpdate, MatchUpdate } from '@sb/contract';
import { manualClock } from '../src/lib/clock';
import { decisionsOf, PERIOD_SPORTS, periodMarkets } from '../src/modules/sports/pricing/period.markets';
import { periodRates } from '../src/modules/sports/pricing/period.model';
import type { SimState } from '../src/modules/producer/simulator/sim-state';
import { describeOnOneBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { login } from './support/accounts';
import { cashBalance, checkBets, placeBet, slipForm } from './support/betting';

/**
 * Pricing soak (kept short for CI: two football matches at 120× through `runOnce()` with a manual clock).
 * Every market update on the bus and every fixture/e read during play: no open selection (not closed, not
 * disabled) priced at 1.01 or below or at the cap or above; no open selection of an outcome the score already
 * decides (over/under goals, correct score, exact goals, first-half markets after half time). A bet on a
 * selection decided a moment ago is refused by checkBets and betPlace, and no money moves. Then one match of every
 * period sport (points and sets) played the same way: after every pass, no selection the score decides (by the
 * markets' exact logic, `decisionsOf`, on the simulator's state of that moment) is on sale in a read (issue 31 item 3).
 */
const CAP = 501;

type Sel = { id: number; outcome: string; odd: number; isClosed: boolean; isDisabled: boolean };
type Market = { id: number; t: number; s: string; selections: Sel[] };

/** Outcomes the score decides (integer facts a reader can check from the outside). */
function decidedByScore(m: Market, sel: Sel, home: number, away: number, firstHalfOver: boolean): boolean {
  const total = home + away;
  if (m.t === 18 && sel.outcome === 'under') return total > Number(m.s);
  if (m.t === 18 && sel.outcome === 'over') return total > Number(m.s);
  if (m.t === 45 && /^\d:\d$/.test(sel.outcome)) {
    const [h, a] = sel.outcome.split(':').map(Number) as [number, number];
    return h < home || a < away;
  }
  if (m.t === 21 && /^\d$/.test(sel.outcome)) return Number(sel.outcome) < total;
  if ([60, 63, 75, 81, 68].includes(m.t)) return firstHalfOver;
  return false;
}

describeOnOneBackend('pricing soak: nothing decided or outside the band is ever on sale', (backend) => {
  let server: TestServer;
  let token = '';
  const clock = manualClock(Date.UTC(2026, 10, 21, 12));
  const matches: MatchUpdate[] = [];
  const updates: MarketUpdate[] = [];

  beforeAll(async () => {
    server = await createTestServer(backend, { clock });
    server.bus.subscribe('fixture.match', (m) => matches.push(m));
    server.bus.subscribe('fixture.markets', (m) => updates.push(m));
    token = (await login(server, 'demo', 'demo-pass-2026')).access_token;
  });
  afterAll(async () => server?.close());

  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('plays two matches: every update and read is in the band, decided outcomes are closed, late bets refused', async () => {
    const producer = server.modules.producer;
    const list = (await get('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=5')).json();
    const eventIds = (list.result as { id: number }[]).slice(0, 2).map((e) => e.id);
    expect(eventIds).toHaveLength(2);
    for (const id of eventIds) {
      await producer.operator.enqueue(id, 'speed', { factor: 120 });
      await producer.operator.enqueue(id, 'start', {});
    }
    const ended = (id: number) => matches.some((m) => m.eventId === id && m.status === 'ended');
    let reads = 0;
    let checkedUpdates = 0;
    let lateBets = 0;
    const seenGoals = new Map<number, number>();
    for (let i = 0; i < 400 && !eventIds.every(ended); i++) {
      await producer.runOnce();
      clock.advance(1000);
      // Every market update published so far: open selections are inside the band.
      for (const u of updates.splice(0)) {
        checkedUpdates++;
        for (const m of u.markets)
          for (const s of m.selections) {
            if (s.isClosed || s.isDisabled || m.disabled) continue;
            expect(s.odd, `market ${m.t} ${m.s} ${s.outcome}`).toBeGreaterThan(1.01);
            expect(s.odd, `market ${m.t} ${m.s} ${s.outcome}`).toBeLessThan(CAP);
          }
      }
      for (const id of eventIds) {
        if (ended(id)) continue;
        const detail = (await get(`/api/v2/fixture/e/${id}`)).json().result;
        if (!detail.isLive) continue;
        reads++;
        const { home, away } = detail.data?.score ?? { home: 0, away: 0 };
        const last = matches.filter((m) => m.eventId === id).at(-1);
        const firstHalfOver =
          last !== undefined && last.status !== 'first_half' && last.status !== 'not_started';
        for (const m of detail.markets as Market[])
          for (const s of m.selections) {
            if (s.isClosed || s.isDisabled) continue;
            expect(s.odd, `read ${m.t} ${m.s} ${s.outcome}`).toBeGreaterThan(1.01);
            expect(s.odd, `read ${m.t} ${m.s} ${s.outcome}`).toBeLessThan(CAP);
            expect(
              decidedByScore(m, s, home, away, firstHalfOver),
              `open but decided: ${m.t} ${m.s} ${s.outcome}`,
            ).toBe(false);
          }
        // Just after a goal: the correct score it rules out is closed, and a bet on it is refused.
        const goals = home + away;
        if (goals > (seenGoals.get(id) ?? 0)) {
          seenGoals.set(id, goals);
          const cs = (detail.markets as Market[]).find((m) => m.t === 45);
          const gone = cs?.selections.find((s) => {
            const [h, a] = s.outcome.split(':').map(Number) as [number, number];
            return /^\d:\d$/.test(s.outcome) && (h < home || a < away);
          });
          if (gone) {
            lateBets++;
            const pick = { eventId: id, oddId: gone.id, odd: gone.odd, isLive: true };
            const before = await cashBalance(server, token);
            const check = (await checkBets(server, token, slipForm(1, 500, [pick]))).json();
            expect(check.errors.bets).toHaveProperty(String(gone.id));
            const placed = await placeBet(server, token, slipForm(1, 500, [pick]));
            expect(placed.statusCode).toBeGreaterThanOrEqual(400);
            expect(placed.statusCode).toBeLessThan(500);
            expect(await cashBalance(server, token)).toBe(before);
          }
        }
      }
    }
    expect(eventIds.every(ended)).toBe(true);
    expect(reads).toBeGreaterThan(20);
    expect(checkedUpdates).toBeGreaterThan(20);
    expect(lateBets).toBeGreaterThan(0);
  }, 600_000);

  it('plays a match of every period sport: nothing the score decides is ever on sale after a pass', async () => {
    const { producer, sports } = server.modules;
    const ref = await sports.catalogue.reference();
    const played: { id: number; sportId: number; specs: ReturnType<typeof periodMarkets> }[] = [];
    for (const sportId of Object.keys(PERIOD_SPORTS).map(Number)) {
      const list = (await get(`/api/v2/fixture/full?sport=${sportId}&onlyPre=1&per_page=5`)).json();
      const first = (list.result as { id: number }[])[0];
      // A sport with no match ahead in this catalogue is left out (the count is checked below).
      if (!first) continue;
      const id = first.id;
      const record = await sports.service.eventRecord(id);
      const rates = periodRates(
        PERIOD_SPORTS[sportId]!,
        ref.teams.get(record.homeTeamId)!.strength,
        ref.teams.get(record.awayTeamId)!.strength,
      );
      played.push({ id, sportId, specs: periodMarkets(sportId, rates) });
      await producer.operator.enqueue(id, 'speed', { factor: 120 });
      await producer.operator.enqueue(id, 'start', {});
    }
    const reads = new Map<number, number>();
    const decidedSeen = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      await producer.runOnce();
      clock.advance(1000);
      let live = 0;
      for (const { id, sportId, specs } of played) {
        const record = await sports.service.eventRecord(id);
        const sim = record.sim as SimState | null;
        if (record.status !== 'live' || !sim || sim.match.kind !== 'period') continue;
        live++;
        const detail = (await get(`/api/v2/fixture/e/${id}`)).json().result as { markets: Market[] };
        reads.set(sportId, (reads.get(sportId) ?? 0) + 1);
        for (const m of detail.markets) {
          const spec = specs.find((x) => x.t === m.t && x.s === m.s);
          if (!spec) continue;
          const decisions = decisionsOf(spec, sim.match.period);
          spec.outcomes.forEach((o, k) => {
            if (decisions[k] === null) return;
            decidedSeen.set(sportId, (decidedSeen.get(sportId) ?? 0) + 1);
            const sel = m.selections.find((x) => x.outcome === o.code);
            if (!sel) return;
            expect(
              sel.isClosed || sel.isDisabled,
              `sport ${sportId}: open but decided ${m.t} ${m.s} ${o.code} (${decisions[k]})`,
            ).toBe(true);
          });
        }
      }
      if (live === 0 && i > 5) break;
    }
    console.log(
      'period sports soak: reads',
      Object.fromEntries(reads),
      'decided outcomes seen',
      Object.fromEntries(decidedSeen),
    );
    expect(played.length).toBeGreaterThanOrEqual(5);
    for (const { sportId } of played) {
      expect(reads.get(sportId) ?? 0, `sport ${sportId}`).toBeGreaterThan(5);
      expect(decidedSeen.get(sportId) ?? 0, `sport ${sportId}`).toBeGreaterThan(0);
    }
  }, 600_000);
});
