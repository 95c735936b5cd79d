import { sql } from 'drizzle-orm';
import { cents } from '@sb/betting';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createClient, login } from './support/accounts';
import { finishEvents, placeBet, preMatchPicks, slipForm } from './support/betting';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

/**
 * Issue 35 §4: `GET /ops/v1/reports/{name}` — the book and the cash-outs and voids over a range of days, as JSON
 * and as a CSV a spreadsheet opens; its totals are the bets in the database.
 */
const TOKEN = 'reports-operator-token-0123456789';

describeEachBackend('ops reports (issue 35 §4)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CATALOGUE_SCALE: 0.1, OPERATOR_TOKEN: TOKEN } });
  }, 120_000);
  afterAll(async () => server?.close());

  const ops = (url: string) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${TOKEN}` },
      remoteAddress: '10.9.0.1',
    });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const today = () => new Date().toISOString().slice(0, 10);

  it('answers 400 naming the field for a bad range, group, zone, format or name', async () => {
    const day = today();
    const cases: [string, string][] = [
      [`/ops/v1/reports/book?to=${day}`, 'from'],
      [`/ops/v1/reports/book?from=2026-02-30&to=${day}`, 'from'],
      [`/ops/v1/reports/book?from=${day}&to=2020-01-01`, 'to'],
      ['/ops/v1/reports/book?from=2024-01-01&to=2025-01-01', 'to'],
      [`/ops/v1/reports/book?from=${day}&to=${day}&groupBy=day,colour`, 'groupBy'],
      [`/ops/v1/reports/book?from=${day}&to=${day}&groupBy=day,day`, 'groupBy'],
      [`/ops/v1/reports/book?from=${day}&to=${day}&tz=Mars/Olympus`, 'tz'],
      [`/ops/v1/reports/book?from=${day}&to=${day}&format=xls`, 'format'],
      [`/ops/v1/reports/wages?from=${day}&to=${day}`, 'name'],
    ];
    for (const [url, field] of cases) {
      const res = await ops(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(String(res.json().field), url).toMatch(new RegExp(`^${field}`));
    }
    // A whole year (a leap year's 366 days) is allowed.
    expect((await ops('/ops/v1/reports/book?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    expect((await ops(`/ops/v1/reports/book?from=${day}&to=${day}&brand=999999`)).statusCode).toBe(404);
  });

  it('sums the bets in the database: book by day and bet type, cash-outs and voids, and the CSV says the same', async () => {
    const name = 'reports-punter';
    const user = await createClient(server, name, `${name}-secret-2026`);
    await server.modules.wallet.service.credit({
      appId: user.appId,
      userId: user.id,
      currency: user.currencyIso,
      amount: cents(100_000),
      type: 'deposit',
      idempotencyKey: `${name}-deposit`,
    });
    const token = (await login(server, name, `${name}-secret-2026`)).access_token;
    const picks = await preMatchPicks(server, 5);
    const place = async (type: 1 | 2, amount: number, legs: typeof picks) => {
      const res = await placeBet(server, token, slipForm(type, amount, legs));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.id as number;
    };
    await place(1, 2_000, [picks[0]!]);
    await place(1, 1_000, [picks[1]!]);
    await place(2, 1_234, [picks[2]!, picks[3]!]);
    const cashed = await place(1, 1_500, [picks[4]!]);
    const voided = await place(1, 700, [picks[3]!]);
    const out = await server.app.inject({
      method: 'POST',
      url: `/api/v1/bet-cash-out/${cashed}`,
      headers: bearer(token),
      payload: {},
    });
    expect(out.statusCode, out.body).toBe(200);
    const voiding = await server.app.inject({
      method: 'POST',
      url: `/ops/v1/bets/${voided}/void`,
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { reason: 'other' },
      remoteAddress: '10.9.0.1',
    });
    expect(voiding.statusCode, voiding.body).toBe(200);
    await finishEvents(server, [
      { eventId: picks[0]!.eventId, home: 0, away: 2 },
      { eventId: picks[1]!.eventId, home: 3, away: 0 },
    ]);
    await server.modules.betting.settlement.settleDue();

    const day = today();
    const brand = user.appId;
    const res = await ops(
      `/ops/v1/reports/book?from=${day}&to=${day}&brand=${brand}&groupBy=day,betType&tz=UTC`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().result as {
      timeZone: string;
      rows: {
        day: string;
        betType: string;
        bets: number;
        turnover: number;
        settledStakes: number;
        paid: number;
        ggr: number;
        ngr: number;
      }[];
    };
    expect(report.timeZone).toBe('UTC');
    const [db] = await rows<{ turnover: number; bets: number; settled: number; paid: number }>(sql`
      select coalesce(sum(total_stake) filter (where status not in ('pending', 'rejected', 'cancelled')), 0)::int as turnover,
             count(*) filter (where status not in ('pending', 'rejected', 'cancelled'))::int as bets,
             coalesce(sum(total_stake) filter (where status in ('win', 'loss', 'refund', 'cashout')), 0)::int as settled,
             coalesce(sum(paid) filter (where status in ('win', 'loss', 'refund', 'cashout')), 0)::int as paid
      from bets where app_id = ${brand} and created_at >= ${`${day}T00:00:00Z`}::timestamptz`);
    const sum = (key: 'turnover' | 'bets' | 'settledStakes' | 'paid') =>
      report.rows.reduce((t, r) => t + r[key], 0);
    expect({
      turnover: sum('turnover'),
      bets: sum('bets'),
      settled: sum('settledStakes'),
      paid: sum('paid'),
    }).toEqual(db);
    const multiple = report.rows.find((r) => r.betType === 'multiple')!;
    expect(multiple).toMatchObject({ day, bets: 1, turnover: 1_234 });
    expect(report.rows.every((r) => r.ggr === r.settledStakes - r.paid)).toBe(true);

    // By sport, competition and market family: the same totals; names in English and Turkish; the multiple
    // across events of two competitions or families is in the `multiple` / 0 bucket.
    const fine = (
      await ops(
        `/ops/v1/reports/book?from=${day}&to=${day}&brand=${brand}&groupBy=sport,competition,marketFamily&tz=UTC`,
      )
    ).json().result.rows as {
      sport: string;
      sportTr: string;
      competitionId: number;
      competition: string;
      competitionTr: string;
      marketFamily: string;
      bets: number;
      turnover: number;
    }[];
    expect(fine.reduce((t, r) => t + r.turnover, 0)).toBe(db!.turnover);
    expect(fine.reduce((t, r) => t + r.bets, 0)).toBe(db!.bets);
    for (const r of fine.filter((x) => x.competitionId !== 0)) {
      expect(r.sport).not.toBe('');
      expect(r.sportTr).not.toBe('');
      expect(r.competition).not.toBe('');
      expect(r.competitionTr).not.toBe('');
      expect(r.marketFamily).toMatch(/^[a-z]+$/);
    }

    const cashouts = (
      await ops(`/ops/v1/reports/cashouts?from=${day}&to=${day}&brand=${brand}&tz=UTC`)
    ).json().result.rows as {
      brand: string;
      cashouts: number;
      cashoutStakes: number;
      cashoutPaid: number;
      voids: number;
      voidStakes: number;
    }[];
    expect(cashouts).toHaveLength(1);
    expect(cashouts[0]).toMatchObject({
      cashouts: 1,
      cashoutStakes: 1_500,
      cashoutPaid: out.json().result.paid,
      voids: 1,
      voidStakes: 700,
    });
    expect(cashouts[0]!.brand).not.toBe('');

    // The CSV: a byte-order mark, a header, money as decimals that add up to the JSON's minor units.
    const csv = await ops(
      `/ops/v1/reports/book?from=${day}&to=${day}&brand=${brand}&groupBy=betType&tz=UTC&format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`book-${day}-${day}-UTC.csv`);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header!.split(',');
    expect(columns).toContain('holdPercent');
    const turnover = columns.indexOf('turnover');
    const minor = (text: string) => {
      const [whole, cents2] = text.replace('-', '').split('.');
      return (text.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(cents2));
    };
    expect(lines.reduce((t, l) => t + minor(l.split(',')[turnover]!), 0)).toBe(db!.turnover);
    expect(lines.every((l) => /^\d+\.\d{2}$/.test(l.split(',')[turnover]!))).toBe(true);
  }, 180_000);
});
