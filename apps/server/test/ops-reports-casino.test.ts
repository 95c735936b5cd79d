import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer } from './support/accounts';
import { finishEvents, placeBet, preMatchPicks, slipForm } from './support/betting';
import { fundedClient, gameOf, launch, spin } from './support/casino';
import { describeEachBackend } from './support/databases';
import { opsRequest } from './support/ops';
import { createTestServer, type TestServer } from './support/server';

/**
 * Issue 35 §4: the casino report (by provider and game, actual vs declared RTP) and the clients report (winners,
 * losers, new, active, self-excluded): their totals are the rows in the database, and the CSV says the same.
 */
const TOKEN = 'reports-casino-operator-token-0123';

describeEachBackend('ops casino and clients reports (issue 35 §4)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(backend, {
      config: { CATALOGUE_SCALE: 0.1, OPERATOR_TOKEN: TOKEN, CASINO_PLAYS_PER_MINUTE: 10_000 },
    });
  }, 120_000);
  afterAll(async () => server?.close());

  const ops = (url: string) => opsRequest(server)('GET', url, TOKEN);
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const today = () => new Date().toISOString().slice(0, 10);
  const minor = (text: string) => {
    const [whole, cents2] = text.replace('-', '').split('.');
    return (text.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(cents2));
  };
  const csvOf = (body: string) => {
    const [header, ...lines] = body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    return { columns: header!.split(','), lines: lines.map((l) => l.split(',')) };
  };

  /** Spins a game until it has won once and played at least `n` rounds. */
  async function play(token: string, n: number, gameIndex: number) {
    const game = await gameOf(server, false, gameIndex);
    const id = await launch(server, game, token);
    const stake = (
      await server.app.inject({ method: 'GET', url: `/api/v1/casino/sessions/${id}`, headers: bearer(token) })
    ).json().result.session.defaultStake as number;
    let won = 0;
    for (let i = 0; i < n || (won === 0 && i < 300); i++) {
      const res = await spin(server, id, token, stake);
      expect(res.statusCode, res.body).toBe(200);
      won += res.json().result.round.win as number;
    }
    return game;
  }

  it('400 naming the field for a group the report does not take', async () => {
    const day = today();
    for (const url of [
      `/ops/v1/reports/casino?from=${day}&to=${day}&groupBy=sport`,
      `/ops/v1/reports/clients?from=${day}&to=${day}&groupBy=day`,
      `/ops/v1/reports/cashouts?from=${day}&to=${day}&groupBy=game`,
      `/ops/v1/reports/book?from=${day}&to=${day}&groupBy=provider`,
    ]) {
      const res = await ops(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().field, url).toBe('groupBy');
    }
  });

  it('casino: rounds, stakes, wins, GGR and RTP per provider and game equal the wallet rows; CSV too', async () => {
    const a = await fundedClient(server, 'casino-report-a', 500_000);
    const b = await fundedClient(server, 'casino-report-b', 500_000);
    const first = await play(a.token, 20, 0);
    await play(b.token, 15, 1);
    await play(b.token, 5, 0);
    const day = today();
    const brand = a.user.appId;
    const res = await ops(`/ops/v1/reports/casino?from=${day}&to=${day}&brand=${brand}&tz=UTC`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().result as {
      groupBy: string[];
      rows: {
        providerId: number;
        provider: string;
        gameId: number;
        game: string;
        rounds: number;
        stakes: number;
        wins: number;
        ggr: number;
        rtpBp: number | null;
        theoreticalRtpBp: number | null;
      }[];
    };
    expect(report.groupBy).toEqual(['provider', 'game']);
    const db = await rows<{
      game_id: number;
      rounds: number;
      stakes: number;
      wins: number;
      rtp_bp: number;
    }>(sql`
      select s.game_id, g.rtp_bp,
             count(*) filter (where t.kind = 'bet')::int as rounds,
             coalesce(sum(t.amount) filter (where t.kind = 'bet'), 0)::int as stakes,
             coalesce(sum(t.amount) filter (where t.kind = 'win'), 0)::int as wins
      from casino_wallet_transactions t join casino_sessions s on s.id = t.session_id
        join casino_games g on g.id = s.game_id
      where t.status = 'RS_OK' and t.app_id = ${brand}
      group by s.game_id, g.rtp_bp order by s.game_id`);
    expect(db.length).toBe(2);
    expect(
      report.rows.map((r) => ({ id: r.gameId, rounds: r.rounds, stakes: r.stakes, wins: r.wins })),
    ).toEqual(db.map((r) => ({ id: r.game_id, rounds: r.rounds, stakes: r.stakes, wins: r.wins })));
    for (const r of report.rows) {
      const row = db.find((d) => d.game_id === r.gameId)!;
      expect(r.ggr).toBe(r.stakes - r.wins);
      // Rounded half up, in integers: (wins × 10000 + stakes / 2) div stakes.
      expect(r.rtpBp).toBe(Math.floor((r.wins * 10_000 * 2 + r.stakes) / (2 * r.stakes)));
      expect(r.theoreticalRtpBp).toBe(row.rtp_bp);
      expect(r.game).not.toBe('');
      expect(r.provider).not.toBe('');
    }
    expect(report.rows.some((r) => r.game === first.name)).toBe(true);

    // By day and brand only: one row, the same totals, its declared RTP the stake-weighted mean.
    const byDay = (
      await ops(`/ops/v1/reports/casino?from=${day}&to=${day}&brand=${brand}&groupBy=day,brand&tz=UTC`)
    ).json().result.rows as { day: string; brand: string; stakes: number; wins: number; rounds: number }[];
    expect(byDay).toHaveLength(1);
    expect(byDay[0]).toMatchObject({
      day,
      rounds: db.reduce((t, r) => t + r.rounds, 0),
      stakes: db.reduce((t, r) => t + r.stakes, 0),
      wins: db.reduce((t, r) => t + r.wins, 0),
    });

    const csv = await ops(`/ops/v1/reports/casino?from=${day}&to=${day}&brand=${brand}&tz=UTC&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`casino-${day}-${day}-UTC.csv`);
    const { columns, lines } = csvOf(csv.body);
    expect(columns).toEqual(
      expect.arrayContaining([
        'provider',
        'game',
        'stakes',
        'wins',
        'ggr',
        'rtpPercent',
        'theoreticalRtpPercent',
      ]),
    );
    const stakes = columns.indexOf('stakes');
    expect(lines.reduce((t, l) => t + minor(l[stakes]!), 0)).toBe(db.reduce((t, r) => t + r.stakes, 0));
    const rtp = columns.indexOf('rtpPercent');
    expect(lines.every((l) => /^\d+\.\d{2}$/.test(l[rtp]!))).toBe(true);
  }, 180_000);

  it('clients: winners and losers net the bets and casino rows, new, active and self-excluded counts', async () => {
    const day = today();
    const c = await fundedClient(server, 'clients-report-c', 100_000);
    const brand = c.user.appId;
    const picks = await preMatchPicks(server, 2);
    const placed = await placeBet(server, c.token, slipForm(1, 2_000, [picks[0]!]));
    expect(placed.statusCode, placed.body).toBe(200);
    await finishEvents(server, [{ eventId: picks[0]!.eventId, home: 1, away: 1 }]);
    await server.modules.betting.settlement.settleDue();
    await play(c.token, 3, 2);
    const quiet = await fundedClient(server, 'clients-report-quiet', 0);
    const self = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/self-exclusion',
      headers: bearer(quiet.token),
      payload: { months: 6 },
    });
    expect(self.statusCode, self.body).toBe(200);

    const res = await ops(`/ops/v1/reports/clients?from=${day}&to=${day}&brand=${brand}&tz=UTC`);
    expect(res.statusCode, res.body).toBe(200);
    type Row = {
      section: string;
      userId?: number;
      rank?: number;
      brand: string;
      currency: string;
      sportsStakes?: number;
      sportsPaid?: number;
      casinoStakes?: number;
      casinoWins?: number;
      net?: number;
      clients?: number;
      inRange?: number;
    };
    const report = res.json().result.rows as Row[];
    const db = await rows<{ user_id: number; net: number }>(sql`
      with s as (
        select user_id, sum(case when status in ('win', 'loss', 'refund', 'cashout') then paid - total_stake else 0 end) as net
        from bets where app_id = ${brand} group by user_id
      ), k as (
        select user_id, sum(case kind when 'win' then amount when 'rollback' then amount else -amount end) as net
        from casino_wallet_transactions where app_id = ${brand} and status = 'RS_OK' group by user_id
      )
      select coalesce(s.user_id, k.user_id) as user_id, (coalesce(s.net, 0) + coalesce(k.net, 0))::int as net
      from s full join k on k.user_id = s.user_id`);
    const ranked = report.filter((r) => r.section === 'winners' || r.section === 'losers');
    expect(ranked.length).toBeGreaterThan(0);
    const expected = db.filter((r) => r.net !== 0).map((r) => ({ userId: r.user_id, net: r.net }));
    expect(
      ranked.map((r) => ({ userId: r.userId, net: r.net })).sort((x, y) => x.userId! - y.userId!),
    ).toEqual(expected.sort((x, y) => x.userId - y.userId));
    for (const r of ranked) {
      expect(r.net).toBe(r.sportsPaid! + r.casinoWins! - r.sportsStakes! - r.casinoStakes!);
      expect(r.section).toBe(r.net! > 0 ? 'winners' : 'losers');
      expect(r.brand).not.toBe('');
    }
    const mine = ranked.find((r) => r.userId === c.user.id)!;
    expect(mine.sportsStakes).toBe(2_000);

    const count = (section: string) => report.find((r) => r.section === section)?.clients;
    const [users] = await rows<{ n: number; active: number }>(sql`
      select count(*)::int as n,
             count(*) filter (where id in (select user_id from bets) or id in (
               select user_id from casino_wallet_transactions where kind = 'bet' and status = 'RS_OK'))::int as active
      from users where app_id = ${brand} and created_at >= ${`${day}T00:00:00Z`}::timestamptz`);
    expect(count('new')).toBe(users!.n);
    expect(count('active')).toBe(users!.active);
    expect(report.find((r) => r.section === 'selfExcluded')).toMatchObject({ clients: 1, inRange: 1 });

    const csv = await ops(`/ops/v1/reports/clients?from=${day}&to=${day}&brand=${brand}&tz=UTC&format=csv`);
    const { columns, lines } = csvOf(csv.body);
    expect(columns.slice(0, 2)).toEqual(['section', 'rank']);
    const net = columns.indexOf('net');
    const section = columns.indexOf('section');
    expect(
      lines
        .filter((l) => l[section] !== 'new' && l[section] !== 'active' && l[section] !== 'selfExcluded')
        .reduce((t, l) => t + minor(l[net]!), 0),
    ).toBe(expected.reduce((t, r) => t + r.net, 0));
  }, 180_000);
});
