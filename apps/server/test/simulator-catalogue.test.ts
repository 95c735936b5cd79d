// Issue 31 item 7: SIMULATOR_SPEED plays catalogue events (b); a match caught up after the server was down books
// what happened in the period it happened (c).
import { describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock';
import type { SimState } from '../src/modules/producer/simulator/sim-state';
import { createTestServer, type TestServer } from './support/server';

const START = Date.UTC(2026, 10, 21, 12);

async function notStarted(server: TestServer, sport: number, count: number): Promise<number[]> {
  const list = (
    await server.app.inject({
      method: 'GET',
      url: `/api/v2/fixture/full?sport=${sport}&onlyPre=1&per_page=${count}`,
    })
  ).json();
  return (list.result as { id: number }[]).map((e) => e.id);
}

const stored = async (server: TestServer, id: number) =>
  (await server.modules.sports.ingest.simulator.event(id))!;

describe('SIMULATOR_SPEED (issue 31 item 7b)', () => {
  it('plays a catalogue event at the configured speed unless an operator set its own', async () => {
    const clock = manualClock(START);
    const server = await createTestServer('pglite', { clock, config: { SIMULATOR_SPEED: 10 } });
    try {
      const [atSetting, atOwn] = await notStarted(server, 1, 2);
      const producer = server.modules.producer;
      await producer.operator.enqueue(atSetting!, 'start', {});
      await producer.operator.enqueue(atOwn!, 'start', {});
      await producer.operator.enqueue(atOwn!, 'speed', { factor: 2 });
      await producer.runOnce();
      const simSec = async (id: number) => ((await stored(server, id)).sim as SimState).simSec;
      const before = [await simSec(atSetting!), await simSec(atOwn!)];
      clock.advance(30_000);
      await producer.runOnce();
      // 30 s of real time: 300 simulated seconds at the setting's 10×, 60 at the operator's 2×.
      expect((await simSec(atSetting!)) - before[0]!).toBe(300);
      expect((await simSec(atOwn!)) - before[1]!).toBe(60);
      expect((await stored(server, atSetting!)).speed).toBeNull();
      // The operator's list shows the speed each event plays at.
      const listed = await producer.operatorEvents(['live'], 50);
      expect(listed.find((e) => e.id === atSetting)?.speed).toBe(10);
      expect(listed.find((e) => e.id === atOwn)?.speed).toBe(2);
    } finally {
      await server.close();
    }
  });
});

describe('catch-up after the server was down (issue 31 item 7c)', () => {
  it('books goals, corners and cards of a caught-up match in the half they happened', async () => {
    const clock = manualClock(START);
    const server = await createTestServer('pglite', { clock });
    try {
      const ids = await notStarted(server, 1, 6);
      const producer = server.modules.producer;
      for (const id of ids) await producer.operator.enqueue(id, 'start', {});
      await producer.runOnce();
      // Down for 75 minutes: the first tick after it plays each match from kick-off into the second half at once.
      clock.advance(75 * 60_000);
      await producer.runOnce();
      let firstHalfGoals = 0;
      for (const id of ids) {
        const event = await stored(server, id);
        const sim = event.sim as SimState;
        if (sim.match.kind !== 'football') throw new Error('not football');
        const f = sim.match.football.facts;
        expect(event.phase).toBe('second_half');
        const half = (period: number) => event.data.stats.find((s) => s.period === period);
        expect(half(1)?.score).toEqual({ home: f.h1, away: f.a1 });
        expect(half(2)?.score).toEqual({ home: f.h2, away: f.a2 });
        expect(half(1)?.corner).toEqual({ home: f.ch1, away: f.ca1 });
        // The incidents (the latest 40) carry their half: 45' and before is the first, past its added time the second.
        for (const incident of event.data.incidents) {
          if (incident.minute <= 45) expect(incident.period).toBe(1);
          if (incident.minute > 45 + sim.added[0]) expect(incident.period).toBe(2);
        }
        firstHalfGoals += f.h1 + f.a1;
      }
      // Some first-half goal was caught up (else the test would prove nothing).
      expect(firstHalfGoals).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
