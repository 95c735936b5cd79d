import { afterAll, beforeAll, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock';
import { generateVirtualReference, matchdaysOf } from '../src/modules/producer/virtual/virtual.generator';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { login } from './support/accounts';
import { cashBalance, placeBet, slipForm, withLeader, type Pick } from './support/betting';
import { auditClean } from './support/casino';
import type { VirtualStandingRow as Row } from '@sb/contract';

const TOKEN = 'operator-token-for-tests-0123456789';
const SPORT = 1001;
const LEAGUE = 9001;
/** The test config's catalogue seed (config default). */
const SEED = 20_261_121;

type Selection = { id: number; outcome: string; odd: number; isDisabled?: boolean; isClosed?: boolean };
type Market = { t: number; s: string; disabled?: boolean; closed?: boolean; selections: Selection[] };

/** Virtual football: generated leagues, rounds on a schedule, pre-match betting, settlement, standings. */
describeEachBackend('virtual football', (backend) => {
  let server: TestServer;
  let token = '';
  const clock = manualClock(Date.UTC(2026, 10, 24, 12));

  beforeAll(async () => {
    server = await createTestServer(backend, { clock, config: { OPERATOR_TOKEN: TOKEN } });
    token = (await login(server, 'demo', 'demo-pass-2026')).access_token;
  });
  afterAll(async () => server?.close());

  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const runOnce = () => server.modules.producer.runOnce();
  const rounds = async (status: string, league = LEAGUE) =>
    (await get(`/api/v1/virtual/rounds?league=${league}&status=${status}&limit=5`)).json().result as {
      id: number;
      kickoffAt: string;
      status: string;
      matches: {
        eventId: number;
        home: { id: number };
        away: { id: number };
        status: string;
        score: { home: number; away: number };
      }[];
    }[];
  const standings = async (league = LEAGUE) =>
    (await get(`/api/v1/virtual/standings?league=${league}`)).json().result as {
      season: number;
      rows: Row[];
    };
  const markets = async (eventId: number) =>
    (await get(`/api/v2/fixture/e/${eventId}`)).json().result.markets as Market[];
  const homeWin = async (eventId: number): Promise<Pick> => {
    const sel = (await markets(eventId)).find((m) => m.t === 1)!.selections.find((s) => s.outcome === '1')!;
    return { eventId, oddId: sel.id, odd: sel.odd };
  };
  const command = (body: unknown) =>
    server.app.inject({
      method: 'POST',
      url: '/ops/v1/virtual/commands',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: body as object,
    });
  const audit = () => auditClean(server);

  /**
   * Virtual football in play lives in its own section (issue 33 item 7): live lists, counts, the sports list,
   * search and trees that name no sport leave its matches out; asked for by sport or by id they are there.
   */
  async function virtualApart(inPlay: number[]) {
    const ids = (url: string) => get(url).then((r) => r.json().result.map((e: { id: number }) => e.id));
    const live = await ids('/api/v2/fixture/full?onLive=1&per_page=100');
    expect(live.filter((id: number) => inPlay.includes(id))).toEqual([]);
    const counts = (await get('/api/v2/fixture/count?onLive=1')).json().result as {
      ID: number;
      Count: number;
    }[];
    expect(counts.map((c) => c.ID)).not.toContain(SPORT);
    expect(counts.reduce((n, c) => n + c.Count, 0)).toBe(live.length);
    const full = (await get('/api/v2/fixture/count?full=1')).json().result as { ID: number }[];
    expect(full.map((c) => c.ID)).not.toContain(SPORT);
    expect(await ids(`/api/v2/fixture/full?onLive=1&sport=${SPORT}&per_page=100`)).toEqual(
      expect.arrayContaining(inPlay),
    );
    expect(await ids(`/api/v2/fixture/full?event=${inPlay[0]}`)).toEqual([inPlay[0]]);
    // Its own count: both leagues' matches of the round (`inPlay` is one league's).
    const sport = (await get(`/api/v2/fixture/count?onLive=1&sport=${SPORT}`)).json().result;
    expect(sport.map((c: { ID: number }) => c.ID)).toEqual([SPORT]);
    expect(sport[0].Count).toBe(
      (await ids(`/api/v2/fixture/full?onLive=1&sport=${SPORT}&per_page=100`)).length,
    );
    expect(sport[0].Count).toBeGreaterThan(inPlay.length);
    const tree = (await get('/api/v1/fixture/matches?withoutMatch=1&s=1')).json().result;
    expect(JSON.stringify(tree)).not.toContain('"virtual-football"');
  }

  it('generates leagues of 16–20 teams (stored, deterministic) and keeps a priced round scheduled ahead', async () => {
    const leagues = (await get('/api/v1/virtual/leagues')).json().result;
    expect(leagues.sportId).toBe(SPORT);
    expect(leagues.roundSeconds).toBe(180);
    expect(leagues.leagues.map((l: { teams: number }) => l.teams)).toEqual([16, 18]);
    const generated = generateVirtualReference(SEED);
    expect(generateVirtualReference(SEED)).toEqual(generated);
    const ref = await server.modules.sports.catalogue.reference();
    expect(ref.sports.get(SPORT)?.alias).toBe('virtual-football');
    for (const team of generated.teams) expect(ref.teams.get(team.id)?.name).toBe(team.name);
    expect(new Set(generated.teams.filter((t) => t.competitionId === LEAGUE).map((t) => t.name)).size).toBe(
      16,
    );

    expect((await standings()).rows.every((r) => r.played === 0 && r.points === 0)).toBe(true);
    await runOnce();
    await runOnce(); // a second pass schedules nothing more
    const scheduled = await rounds('scheduled');
    expect(scheduled).toHaveLength(1);
    expect(Date.parse(scheduled[0]!.kickoffAt)).toBe(clock.now() + 180_000);
    const teams = scheduled[0]!.matches.flatMap((m) => [m.home.id, m.away.id]);
    expect(new Set(teams).size).toBe(16); // every team plays once a round

    const list = (await get(`/api/v2/fixture/full?sport=${SPORT}&per_page=50`)).json().result as {
      id: number;
      sport: { id: number };
    }[];
    expect(list).toHaveLength(8 + 9);
    const first = scheduled[0]!.matches[0]!.eventId;
    const card = await markets(first);
    expect([...new Set(card.map((m) => m.t))].sort((a, b) => a - b)).toEqual([1, 10, 18, 29, 45, 47, 60]);
    const oneXTwo = card.find((m) => m.t === 1)!;
    expect(oneXTwo.selections.every((s) => s.odd > 1 && !s.isDisabled && !s.isClosed)).toBe(true);
    // Priced by the model: the 1X2 book is over 100% and under 110%.
    const book = oneXTwo.selections.reduce((sum, s) => sum + 1 / s.odd, 0);
    expect(book).toBeGreaterThan(1);
    expect(book).toBeLessThan(1.1);
  });

  it('answers 400 naming the field for bad input', async () => {
    for (const [url, field] of [
      ['/api/v1/virtual/rounds?league=5', 'league'],
      ['/api/v1/virtual/rounds?league=x', 'league'],
      [`/api/v1/virtual/rounds?league=${LEAGUE}&status=soon`, 'status'],
      [`/api/v1/virtual/rounds?league=${LEAGUE}&limit=0`, 'limit'],
      [`/api/v1/virtual/standings?league=${LEAGUE}&season=9`, 'season'],
      ['/api/v1/virtual/standings', 'league'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field, url).toBe(field);
    }
    const bad = await command({ command: 'rewind' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('command');
  });

  it('takes bets before kick-off only, plays the round in 60–90 s, settles it and moves the standings', async () => {
    const round = (await rounds('scheduled'))[0]!;
    const eventId = round.matches[0]!.eventId;
    const before = await cashBalance(server, token);
    const pick = await homeWin(eventId);
    const placed = await placeBet(server, token, slipForm(1, 1000, [pick]));
    expect(placed.statusCode, placed.body).toBe(200);
    const betId = placed.json().result.id as number;

    // Kick-off time: betting is closed even before the leader's next pass has started the match.
    clock.set(Date.parse(round.kickoffAt));
    const late = await placeBet(server, token, slipForm(1, 1000, [await homeWin(round.matches[1]!.eventId)]));
    expect(late.statusCode).not.toBe(200);
    expect(await cashBalance(server, token)).toBe(before - 1000);

    await runOnce();
    const live = await markets(eventId);
    expect(
      live.every((m) => m.disabled || m.closed || m.selections.every((s) => s.isDisabled || s.isClosed)),
    ).toBe(true);
    const next = await rounds('scheduled');
    expect(Date.parse(next[0]!.kickoffAt)).toBe(Date.parse(round.kickoffAt) + 180_000);

    let seconds = 0;
    // The leader's passes, 3 s of the clock apart (the simulator plays whatever time has passed).
    while ((await rounds('live')).length > 0 && seconds < 200) {
      clock.advance(3000);
      seconds += 3;
      await runOnce();
    }
    expect(seconds).toBeGreaterThanOrEqual(60);
    expect(seconds).toBeLessThanOrEqual(90);

    const settled = await server.modules.betting.settlement.settleDue();
    expect(settled).toContain(betId);
    const ended = (await rounds('ended'))[0]!;
    expect(ended.id).toBe(round.id);
    const match = ended.matches.find((m) => m.eventId === eventId)!;
    const won = match.score.home > match.score.away;
    expect(await cashBalance(server, token)).toBe(before - 1000 + (won ? Math.round(1000 * pick.odd) : 0));

    const table = await standings();
    expect(table.rows.every((r) => r.played === 1)).toBe(true);
    for (const m of ended.matches) {
      const home = table.rows.find((r) => r.teamId === m.home.id)!;
      expect([home.goalsFor, home.goalsAgainst]).toEqual([m.score.home, m.score.away]);
      expect(home.points).toBe(m.score.home > m.score.away ? 3 : m.score.home === m.score.away ? 1 : 0);
    }
    for (let i = 1; i < table.rows.length; i++) {
      const [a, b] = [table.rows[i - 1]!, table.rows[i]!];
      // Points, then goal difference, then goals scored, then name.
      const order =
        b.points - a.points ||
        b.goalDifference - a.goalDifference ||
        b.goalsFor - a.goalsFor ||
        (a.name < b.name ? -1 : 1);
      expect(order, `${a.name} above ${b.name}`).toBeLessThan(0);
      expect(a.position).toBe(i);
    }
    await audit();
  });

  it('lets an operator start the next round now and finish it at once, with no waiting', async () => {
    const next = (await rounds('scheduled'))[0]!;
    const started = await withLeader(server, () => command({ command: 'start' }));
    expect(started.statusCode, started.body).toBe(200);
    const live = await rounds('live');
    expect(live.map((r) => r.id)).toEqual([next.id]);
    expect(Date.parse(live[0]!.kickoffAt)).toBe(clock.now());
    // Betting on it is closed from the moment it starts.
    const late = await placeBet(
      server,
      token,
      slipForm(1, 1000, [await homeWin(live[0]!.matches[0]!.eventId)]),
    );
    expect(late.statusCode).not.toBe(200);
    expect(Date.parse((await rounds('scheduled'))[0]!.kickoffAt)).toBe(clock.now() + 180_000);
    await virtualApart(live[0]!.matches.map((m) => m.eventId));

    const finished = await withLeader(server, () => command({ command: 'finish' }));
    expect(finished.statusCode, finished.body).toBe(200);
    expect(await rounds('live')).toEqual([]);
    expect((await rounds('ended'))[0]!.id).toBe(next.id);
    const table = await standings();
    expect(table.rows.every((r) => r.played === 2)).toBe(true);
    expect(table.season).toBe(1);
    expect(matchdaysOf(16)).toBe(30);

    const again = await withLeader(server, () => command({ command: 'finish' }));
    expect(again.statusCode).toBe(409);
    await audit();
  });
});
