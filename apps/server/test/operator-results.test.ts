import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { bearer, login } from './support/accounts';
import { cashBalance, placeBet, slipForm, withLeader, type Pick } from './support/betting';
import { COMMANDS } from '../src/cli/commands';

const TOKEN = 'operator-token-for-tests-0123456789';

type Market = {
  t: number;
  s: string;
  selections: { id: number; outcome: string; odd: number; result?: string }[];
};

describeEachBackend('operator results', (backend) => {
  let server: TestServer;
  let token = '';
  beforeAll(async () => {
    server = await createTestServer(backend, { config: { OPERATOR_TOKEN: TOKEN, CATALOGUE_SCALE: 0.1 } });
    token = (await login(server, 'demo', 'demo-pass-2026')).access_token;
  });
  afterAll(async () => server?.close());

  const command = (eventId: number, body: unknown) =>
    server.app.inject({
      method: 'POST',
      url: `/ops/v1/fixtures/${eventId}/commands`,
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: body as object,
    });
  const detail = async (id: number) =>
    (await server.app.inject({ method: 'GET', url: `/api/v2/fixture/e/${id}` })).json().result as {
      sub: number;
      markets: Market[];
    };
  let used = 0;
  /** A pre-match football event of its own per test, starting well after the test. */
  async function footballEvent() {
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100',
    });
    const later = (list.json().result as { id: number; startDate: string }[]).filter(
      (e) => Date.parse(e.startDate) > Date.now() + 3_600_000,
    );
    const id = later[used++]!.id;
    const record = await server.modules.sports.service.eventRecord(id);
    const ref = await server.modules.sports.catalogue.reference();
    const players = {
      h: (ref.teams.get(record.homeTeamId)!.players as { id: number }[]).map((p) => p.id),
      a: (ref.teams.get(record.awayTeamId)!.players as { id: number }[]).map((p) => p.id),
    };
    return { id, players };
  }
  const audit = async () => {
    const app = await server.modules.tenancy.service.findByHost('localhost');
    expect(await server.modules.wallet.service.audit(app!.id)).toEqual({
      total: 0,
      mismatched: [],
      unbalancedMovements: 0,
    });
  };

  it('refuses impossible results with a 400 naming the field, before anything is queued', async () => {
    const { id, players } = await footballEvent();
    const cases: [unknown, string][] = [
      [{ home: -1, away: 0 }, 'home'],
      [{ home: 1, away: 0, htHome: 2, htAway: 0 }, 'htHome'],
      [{ home: 1, away: 1, htHome: 0 }, 'htAway'],
      [{ home: 2, away: 0, goals: [{ minute: 10, team: 'h' }] }, 'goals'],
      [{ home: 1, away: 0, goals: [{ minute: 95, team: 'h' }] }, 'goals.0.minute'],
      [{ home: 1, away: 0, goals: [{ minute: 30, team: 'h', playerId: players.a[0] }] }, 'goals.0.playerId'],
      [{ home: 1, away: 0, htHome: 0, htAway: 0, goals: [{ minute: 30, team: 'h' }] }, 'goals'],
    ];
    for (const [body, field] of cases) {
      const res = await command(id, { command: 'result', ...(body as object) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toContain(field);
    }
    const tennis = (
      await server.app.inject({ method: 'GET', url: '/api/v2/fixture/full?sport=5&onlyPre=1&per_page=5' })
    ).json().result[0] as { id: number } | undefined;
    if (tennis) {
      const bad = await command(tennis.id, { command: 'result', periods: [{ home: 6, away: 5 }] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('periods.0');
      const short = await command(tennis.id, { command: 'result', periods: [{ home: 6, away: 4 }] });
      expect(short.json().field).toBe('periods');
    }
    expect(await server.modules.producer.operatorEvents(['ended'], 50)).toEqual([]);
  });

  it('voids what the result cannot decide and says so; settles what it can', async () => {
    const { id, players } = await footballEvent();
    const bare = await withLeader(server, () => command(id, { command: 'result', home: 2, away: 1 }));
    expect(bare.statusCode, bare.body).toBe(200);
    const markets = bare.json().result.markets as { settled: { t: number }[]; voided: { t: number }[] };
    const settled = new Set(markets.settled.map((m) => m.t));
    const voided = new Set(markets.voided.map((m) => m.t));
    expect(settled.has(1)).toBe(true); // 1X2 from the final score
    for (const t of [60, 47, 37, 39]) expect(voided.has(t), `market ${t}`).toBe(true); // half-time, goal order
    const main = await detail(id);
    expect(main.markets.find((m) => m.t === 60)!.selections.every((s) => s.result === 'void')).toBe(true);
    expect(main.markets.find((m) => m.t === 1)!.selections.map((s) => s.result)).toEqual([
      'win',
      'loss',
      'loss',
    ]);

    // The same match with half-time and goals: half-time and first-team-to-score markets are settled too.
    const full = await withLeader(server, () =>
      command(id, {
        command: 'result',
        home: 2,
        away: 1,
        htHome: 0,
        htAway: 1,
        goals: [
          { minute: 20, team: 'a' },
          { minute: 60, team: 'h', playerId: players.h[0] },
          { minute: 88, team: 'h', playerId: players.h[1] },
        ],
      }),
    );
    expect(full.statusCode, full.body).toBe(200);
    const after = await detail(id);
    const result = (t: number) =>
      after.markets.find((m) => m.t === t)!.selections.map((s) => [s.outcome, s.result]);
    expect(result(60)).toEqual([
      ['1', 'loss'],
      ['X', 'loss'],
      ['2', 'win'],
    ]);
    expect(result(47)).toContainEqual(['2/1', 'win']);
    expect(result(37)).toEqual([
      ['1', 'loss'],
      ['none', 'loss'],
      ['2', 'win'],
    ]);
    // The first scorer is unknown (the away goal has no scorer): that market stays void.
    const sub = await detail(after.sub);
    const firstScorer = sub.markets.find((m) => m.t === 38);
    if (firstScorer) expect(firstScorer.selections.every((s) => s.result === 'void')).toBe(true);
  });

  it('takes the same result from the CLI: checked first, then the settled and voided markets printed', async () => {
    const { id, players } = await footballEvent();
    const run = async (flags: Record<string, string>) => {
      const lines: string[] = [];
      await COMMANDS['fixture:result']!.run(server.modules, flags, (line) => lines.push(line));
      return lines;
    };
    await expect(
      run({ event: String(id), home: '1', away: '0', 'ht-home': '2', 'ht-away': '0' }),
    ).rejects.toThrow(/--ht-home/);
    await expect(run({ event: String(id), home: '1', away: '0', goals: '30:a' })).rejects.toThrow(/--goals/);
    const lines = await withLeader(server, () =>
      run({ event: String(id), home: '1', away: '0', goals: `30:h:${players.h[0]}` }),
    );
    expect(lines[0]).toMatch(/applied/);
    expect(lines.find((l) => l.startsWith('settled'))).toMatch(/^settled \d+ markets: .*\b1\b/);
    expect(lines.find((l) => l.startsWith('voided'))).toMatch(/^voided \d+ markets: .*\b137\b/);
  });

  it('resettles each bet exactly once after a corrected result; the ledger stays balanced', async () => {
    const { id } = await footballEvent();
    const main = await detail(id);
    const pick = (t: number, outcome: string): Pick => {
      const sel = main.markets.find((m) => m.t === t)!.selections.find((s) => s.outcome === outcome)!;
      return { eventId: id, oddId: sel.id, odd: sel.odd };
    };
    const picks = [pick(1, '1'), pick(60, '1'), pick(37, '1'), pick(1, '2')];
    const before = await cashBalance(server, token);
    const bets: { id: number; odd: number }[] = [];
    for (const p of picks) {
      const res = await placeBet(server, token, slipForm(1, 1000, [p]));
      expect(res.statusCode, res.body).toBe(200);
      bets.push({ id: res.json().result.id as number, odd: p.odd });
    }
    const settlement = server.modules.betting.settlement;
    await withLeader(server, () =>
      command(id, {
        command: 'result',
        home: 2,
        away: 0,
        htHome: 1,
        htAway: 0,
        goals: [
          { minute: 5, team: 'h' },
          { minute: 70, team: 'h' },
        ],
      }),
    );
    expect((await settlement.settleDue()).sort()).toEqual(bets.map((b) => b.id).sort());
    const paid = (odd: number) => Math.round(1000 * odd);
    expect(await cashBalance(server, token)).toBe(
      before - 4000 + paid(bets[0]!.odd) + paid(bets[1]!.odd) + paid(bets[2]!.odd),
    );

    // Corrected: 0:1, nothing known about half-time or the goal's minute. Every bet changes: home win and
    // first team to score (away scored the only goal) lose, the half-time bet is void (0:0 or 0:1 at half-time),
    // the away-win bet wins.
    const corrected = await withLeader(server, () => command(id, { command: 'result', home: 0, away: 1 }));
    expect(corrected.statusCode, corrected.body).toBe(200);
    const changed = await settlement.resettleChanged();
    expect(changed.sort()).toEqual([bets[0]!.id, bets[1]!.id, bets[2]!.id, bets[3]!.id].sort());
    expect(await settlement.resettleChanged()).toEqual([]);
    expect(await settlement.settleDue()).toEqual([]);
    const view = async (betId: number) =>
      (
        await server.app.inject({ method: 'GET', url: `/api/v1/bet/detail/${betId}`, headers: bearer(token) })
      ).json().result as { items: { oddResult: string }[] };
    expect((await view(bets[0]!.id)).items[0]!.oddResult).toBe('loss');
    expect((await view(bets[1]!.id)).items[0]!.oddResult).toBe('void');
    expect((await view(bets[2]!.id)).items[0]!.oddResult).toBe('loss');
    expect((await view(bets[3]!.id)).items[0]!.oddResult).toBe('win');
    expect(await cashBalance(server, token)).toBe(before - 4000 + 1000 + paid(bets[3]!.odd));
    await audit();
  });
});
