import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { betPayout } from '@sb/betting';
import { sql } from 'drizzle-orm';
import type { OpsBetDetail, OpsEventLiability, OpsLiabilityBook } from '@sb/contract';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { bearer } from './support/accounts';
import { fundedClient } from './support/casino';
import { placeBet, preMatchPicks, slipForm, type Pick } from './support/betting';
import { opsRequest, opsSession, type OpsMethod } from './support/ops';

/**
 * The liability book (issue 34 §2) against the bets in the database: the book's, each client's, event's, sport's and
 * competition's stakes and max payouts are the sums of the open bets they hold (each bet once), an event's worst
 * case is its own liability's; filters by sport, competition and start time, and the orders. Liability limits at
 * sport and event level (the most specific applies). The bet detail's origin (the address as the server sees it,
 * never a forwarded header it does not trust) and timeline (§3).
 */
describeEachBackend('back office: the liability book', (backend) => {
  let server: TestServer;
  let picks: Pick[] = [];
  const tokens: Record<string, string> = {};
  const clients: { id: number; token: string }[] = [];
  const ops = (method: OpsMethod, url: string, token?: string, payload?: object) =>
    opsRequest(server)(method, url, token, payload);
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await server.database.db.execute(query)) as unknown as { rows: T[] };
  const book = async (query = '') => {
    const res = await ops('GET', `/ops/v1/liability/book${query}`, tokens.support);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as OpsLiabilityBook;
  };

  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CATALOGUE_SCALE: 0.1 } });
    picks = await preMatchPicks(server, 4, 10);
    for (const role of ['support', 'trader'])
      tokens[role] = await opsSession(server, role, `${role}-pass-2026`);
    for (const name of ['bookone', 'booktwo', 'bookthree']) {
      const { user, token } = await fundedClient(server, name, 500_00);
      clients.push({ id: user.id, token });
    }
    // Singles, a double and a treble over four events from three clients.
    const slips: [number, string][] = [
      [0, slipForm(1, 300, [picks[0]!])],
      [0, slipForm(1, 250, [picks[1]!])],
      [1, slipForm(1, 1_000, [picks[0]!])],
      [1, slipForm(2, 200, [picks[0]!, picks[2]!])],
      [2, slipForm(2, 150, [picks[1]!, picks[2]!, picks[3]!])],
      [2, slipForm(1, 700, [picks[3]!])],
    ];
    for (const [who, body] of slips) {
      const res = await placeBet(server, clients[who]!.token, body);
      expect(res.statusCode, res.body).toBe(200);
    }
  }, 180_000);
  afterAll(async () => server?.close());

  /** Every open bet in the database with its legs' odds, events, sports and competitions. */
  async function openBets() {
    const legs = await rows<{
      bet_id: number;
      user_id: number;
      total_stake: number;
      stake_per_bet: number;
      odds_thousandths: number;
      event_id: number;
      sport_id: number;
      competition_id: number;
    }>(sql`select b.id as bet_id, b.user_id, b.total_stake, b.stake_per_bet, l.odds_thousandths, l.event_id,
             e.sport_id, e.competition_id
           from bets b join bet_legs l on l.bet_id = b.id join events e on e.id = l.event_id
           where b.status in ('waiting', 'pending') and b.type in (1, 2) order by b.id, l.idx`);
    const bets = new Map<
      number,
      { userId: number; stake: number; perBet: number; legs: { odds: number; eventId: number }[] }
    >();
    const sportOf = new Map<number, number>();
    const competitionOf = new Map<number, number>();
    for (const l of legs.rows) {
      const b = bets.get(Number(l.bet_id)) ?? {
        userId: Number(l.user_id),
        stake: Number(l.total_stake),
        perBet: Number(l.stake_per_bet),
        legs: [],
      };
      b.legs.push({ odds: Number(l.odds_thousandths) / 1000, eventId: Number(l.event_id) });
      bets.set(Number(l.bet_id), b);
      sportOf.set(Number(l.event_id), Number(l.sport_id));
      competitionOf.set(Number(l.event_id), Number(l.competition_id));
    }
    const payout = (b: { perBet: number; legs: { odds: number; eventId: number }[] }) =>
      betPayout({
        legs: b.legs.map((l) => ({ ...l, result: 'win' as const })),
        systemK: b.legs.length,
        bankers: [],
        stakePerBetCents: b.perBet,
      }).payoutCents;
    /** The open bets a test picks, each once: how many, their stakes and what they pay if every leg wins. */
    const sum = (keep: (b: { userId: number; legs: { eventId: number }[] }) => boolean) => {
      const kept = [...bets.values()].filter(keep);
      return {
        bets: kept.length,
        stakes: kept.reduce((t, b) => t + b.stake, 0),
        maxPayout: kept.reduce((t, b) => t + payout(b), 0),
      };
    };
    return { sum, sportOf, competitionOf };
  }

  it('the roll-ups are the sums of the open bets, each counted once; an event’s worst case is its own', async () => {
    const whole = await book();
    const db = await openBets();
    // No system bets here: every open bet is a single or a multiple (the book would count a system's as well).
    const systems = await rows<{ n: number }>(
      sql`select count(*)::int as n from bets where status in ('waiting', 'pending') and type = 3`,
    );
    expect(Number(systems.rows[0]!.n)).toBe(0);
    expect(whole.book).toEqual({ ...db.sum(() => true), worstCase: expect.any(Number) });
    expect(whole.book.worstCase).toBe(whole.book.stakes - whole.book.maxPayout);
    expect(whole.book.bets).toBeGreaterThanOrEqual(6);

    // Clients: each client's bets, and together the whole book.
    for (const c of clients) {
      const row = whole.clients.find((r) => r.id === c.id)!;
      expect(row).toMatchObject(db.sum((b) => b.userId === c.id));
      expect(row.worstCase).toBe(row.stakes - row.maxPayout);
    }
    const clientTotal = (k: 'bets' | 'stakes' | 'maxPayout') => whole.clients.reduce((t, r) => t + r[k], 0);
    expect({
      bets: clientTotal('bets'),
      stakes: clientTotal('stakes'),
      maxPayout: clientTotal('maxPayout'),
    }).toEqual(db.sum(() => true));

    // Events: the bets holding each, once; the worst case is the event liability's net risk.
    for (const e of whole.events) {
      expect(e).toMatchObject(db.sum((b) => b.legs.some((l) => l.eventId === e.eventId)));
      const own = (await ops('GET', `/ops/v1/liability?eventId=${e.eventId}`, tokens.support)).json()
        .result as OpsEventLiability;
      expect(e.worstCase).toBe(own.netRisk);
      expect(e.event).toBe(own.event);
      expect(e.sport.name.en).not.toBe('');
      expect(e.competition.name.tr).not.toBe('');
    }
    expect(whole.eventCount).toBe(whole.events.length);
    for (const p of picks) expect(whole.events.map((e) => e.eventId)).toContain(p.eventId);

    // Sports and competitions: their bets once each (a multiple over two of their events counts once), their
    // events' worst cases summed.
    for (const s of whole.sports) {
      expect(s).toMatchObject(db.sum((b) => b.legs.some((l) => db.sportOf.get(l.eventId) === s.id)));
      const events = whole.events.filter((e) => e.sport.id === s.id);
      expect(s.events).toBe(events.length);
      expect(s.worstCase).toBe(events.reduce((t, e) => t + e.worstCase, 0));
    }
    for (const c of whole.competitions) {
      expect(c).toMatchObject(db.sum((b) => b.legs.some((l) => db.competitionOf.get(l.eventId) === c.id)));
      const events = whole.events.filter((e) => e.competition.id === c.id);
      expect(c.worstCase).toBe(events.reduce((t, e) => t + e.worstCase, 0));
    }

    // Markets and selections by name in both languages, never a type number.
    const first = (await ops('GET', `/ops/v1/liability?eventId=${picks[0]!.eventId}`, tokens.support)).json()
      .result as OpsEventLiability;
    const market = first.markets.find((m) => m.selections.some((s) => s.selectionId === picks[0]!.oddId))!;
    expect(market.name.en).not.toMatch(/^(Market )?\d+$/);
    expect(market.name.tr).not.toMatch(/^(Market )?\d+$/);
    const selection = market.selections.find((s) => s.selectionId === picks[0]!.oddId)!;
    expect(selection.label.en).not.toBe('');
    expect(selection.label.tr).not.toBe('');
  });

  it('filters by sport, competition and start time, and sorts; a window that ends before it starts is refused', async () => {
    const whole = await book();
    const db = await openBets();
    const target = whole.events.find((e) => e.eventId === picks[3]!.eventId)!;

    const bySport = await book(`?sport=${target.sport.id}`);
    expect(bySport.events.every((e) => e.sport.id === target.sport.id)).toBe(true);
    expect(bySport.sports.map((s) => s.id)).toEqual([target.sport.id]);

    const byCompetition = await book(`?competition=${target.competition.id}`);
    expect(byCompetition.events.map((e) => e.competition.id)).toEqual(
      byCompetition.events.map(() => target.competition.id),
    );
    expect(byCompetition.book).toMatchObject(
      db.sum((b) => b.legs.some((l) => db.competitionOf.get(l.eventId) === target.competition.id)),
    );

    // A one-minute window around the event's start holds it (and only events starting then).
    const start = Date.parse(target.startAt);
    const window = `?from=${encodeURIComponent(new Date(start).toISOString())}&to=${encodeURIComponent(
      new Date(start + 60_000).toISOString(),
    )}`;
    const inWindow = await book(window);
    expect(inWindow.events.map((e) => e.eventId)).toContain(target.eventId);
    for (const e of inWindow.events) expect(Date.parse(e.startAt)).toBe(start);
    expect(inWindow.book).toMatchObject(
      db.sum((b) => b.legs.some((l) => inWindow.events.some((e) => e.eventId === l.eventId))),
    );

    const starts = (await book('?sort=start')).events.map((e) => Date.parse(e.startAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const payouts = (await book('?sort=payout')).events.map((e) => e.maxPayout);
    expect(payouts).toEqual([...payouts].sort((a, b) => b - a));
    const worst = whole.events.map((e) => e.worstCase);
    expect(worst).toEqual([...worst].sort((a, b) => a - b));
    expect((await book('?limit=1')).events).toHaveLength(1);

    const refusals: [string, string][] = [
      [
        `?from=${encodeURIComponent(new Date(start + 60_000).toISOString())}&to=${encodeURIComponent(target.startAt)}`,
        'to',
      ],
      ['?sort=name', 'sort'],
      ['?from=tomorrow', 'from'],
      ['?sport=abc', 'sport'],
    ];
    for (const [query, field] of refusals) {
      const res = await ops('GET', `/ops/v1/liability/book${query}`, tokens.support);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });

  it('liability limits at event and sport level: the most specific that names the market applies', async () => {
    const put = (body: object) =>
      ops('PUT', '/ops/v1/limits', tokens.trader, { kind: 'liability', reason: 'book test', ...body });
    const whole = await book();
    const [onEvent, onSport] = [picks[1]!, picks[2]!];
    const sportId = whole.events.find((e) => e.eventId === onSport.eventId)!.sport.id;
    await server.modules.ops.controls.tick();
    // The sport's limit is generous, the event's tight: the event's applies to its markets.
    expect((await put({ level: 'sport', refId: sportId, amount: 1_000_000_00 })).statusCode).toBe(200);
    expect((await put({ level: 'event', refId: onEvent.eventId, amount: 1 })).statusCode).toBe(200);
    const single = await placeBet(server, clients[0]!.token, slipForm(1, 500, [onEvent]));
    expect(single.statusCode, single.body).toBe(200);
    const first = await server.modules.ops.controls.tick();
    expect(first.suspended).toEqual([expect.objectContaining({ limit: 1 })]);
    // Then the sport's limit tight: another event of the sport with no limit of its own takes it.
    expect((await put({ level: 'sport', refId: sportId, amount: 2 })).statusCode).toBe(200);
    const other = await placeBet(server, clients[1]!.token, slipForm(1, 500, [onSport]));
    expect(other.statusCode, other.body).toBe(200);
    const second = await server.modules.ops.controls.tick();
    expect(second.suspended).toContainEqual(expect.objectContaining({ limit: 2 }));
    const limits = (await ops('GET', '/ops/v1/limits?kind=liability', tokens.support)).json().result;
    expect(limits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 'sport', refId: sportId, amount: 2 }),
        expect.objectContaining({ level: 'event', refId: onEvent.eventId, amount: 1 }),
      ]),
    );
    // Each row named (issue 34 §5: names, not ids): the sport's name, the event's teams.
    const named = (level: string) => limits.find((l: { level: string }) => l.level === level).target;
    expect(named('sport')).toEqual(whole.events.find((e) => e.eventId === onSport.eventId)!.sport.name);
    expect(named('event').en).toMatch(/^.+ – .+$/);
    for (const [level, refId] of [
      ['sport', sportId],
      ['event', onEvent.eventId],
    ] as const)
      expect((await put({ level, refId, amount: null })).statusCode).toBe(200);
  });

  it('the bet detail shows the address the server saw (not a forwarded header it does not trust), the device and the timeline', async () => {
    const agent =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';
    const placed = await server.app.inject({
      method: 'POST',
      url: '/api/v1/betPlace',
      remoteAddress: '10.9.8.7',
      headers: {
        ...bearer(clients[2]!.token),
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': randomUUID(),
        'user-agent': agent,
        'x-forwarded-for': '203.0.113.9',
      },
      payload: slipForm(1, 100, [picks[0]!]),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const betId = Number(placed.json().result.id);
    const detail = async () =>
      (await ops('GET', `/ops/v1/bets/${betId}/detail`, tokens.support)).json().result as OpsBetDetail;
    const before = await detail();
    expect(before.origin).toEqual({ ip: '10.9.8.7', userAgent: agent });
    expect(before.timeline.map((s) => s.step)).toEqual(['placed', 'accepted']);
    expect(before.timeline[1]!.delayMs).toBe(0);

    const voided = await ops('POST', `/ops/v1/bets/${betId}/void`, tokens.trader, {
      reason: 'palpable_error',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const after = await detail();
    expect(after.timeline.map((s) => s.step)).toEqual(['placed', 'accepted', 'voided']);
  });
});
