// Helpers for betting tests: real selections from the fixture calls, bracket-encoded slips, and steering events.
import { randomUUID } from 'node:crypto';
import type { TestServer } from './server';
import { bearer } from './accounts';

export interface Pick {
  eventId: number;
  oddId: number;
  odd: number;
  isLive?: boolean;
  banker?: boolean;
}

/** The home-win selection of `count` pre-match football events that start well after the test. */
export async function preMatchPicks(
  server: { app: TestServer['app'] },
  count: number,
  skip = 0,
): Promise<Pick[]> {
  const list = await server.app.inject({
    method: 'GET',
    url: '/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100',
  });
  const events = (list.json().result as { id: number; startDate: string }[])
    .filter((e) => Date.parse(e.startDate) > Date.now() + 3_600_000)
    .slice(skip, skip + count);
  const picks: Pick[] = [];
  for (const e of events) {
    const detail = (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${e.id}` })).json();
    const market = detail.result.markets.find((m: { t: number }) => m.t === 1);
    const home = market.selections.find((s: { outcome: string }) => s.outcome === '1');
    picks.push({ eventId: e.id, oddId: home.id, odd: home.odd });
  }
  if (picks.length < count) throw new Error(`only ${picks.length} pre-match football events`);
  return picks;
}

/** A slip as the web sends it: form-encoded with bracket lists. */
export function slipForm(type: 1 | 2 | 3, amount: number, picks: Pick[], systems: number[] = []): string {
  const fields = new URLSearchParams({ walletType: 'cash', type: String(type), amount: String(amount) });
  for (const k of systems) fields.append('systems[]', String(k));
  picks.forEach((p, i) => {
    fields.append(`bets[${i}][eventId]`, String(p.eventId));
    fields.append(`bets[${i}][oddId]`, String(p.oddId));
    fields.append(`bets[${i}][odd]`, String(p.odd));
    fields.append(`bets[${i}][banker]`, p.banker ? '1' : '0');
    fields.append(`bets[${i}][isLive]`, p.isLive ? '1' : '0');
  });
  return fields.toString();
}

export function placeBet(server: TestServer, token: string, body: string, key: string = randomUUID()) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/betPlace',
    headers: {
      ...bearer(token),
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': key,
    },
    payload: body,
  });
}

export function checkBets(server: TestServer, token: string | null, body: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/checkBets',
    headers: {
      ...(token ? bearer(token) : { host: 'localhost' }),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: body,
  });
}

/** Ends events with a given score, playing the simulator leader's part by hand. */
export async function finishEvents(
  server: TestServer,
  results: { eventId: number; home: number; away: number }[],
) {
  const producer = server.modules.producer;
  for (const r of results) {
    await producer.operator.enqueue(r.eventId, 'result', { home: r.home, away: r.away });
  }
  await producer.runOnce();
}

export async function cashBalance(server: TestServer, token: string): Promise<number> {
  const res = await server.app.inject({ method: 'GET', url: '/api/get/session', headers: bearer(token) });
  return res.json().result.user.balance as number;
}

/**
 * Sends operator commands while playing the simulator leader's part (no simulator runs in tests): each command
 * request runs the leader's pass itself and answers once the command is applied (`producer.driveCommands`), so
 * the answer never depends on how fast a leader would have been.
 */
export async function withLeader<T>(server: TestServer, work: () => Promise<T>): Promise<T> {
  server.modules.producer.driveCommands(true);
  try {
    return await work();
  } finally {
    server.modules.producer.driveCommands(false);
  }
}
