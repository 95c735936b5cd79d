import { describe, expect, it } from 'vitest';
import { reportCsv, reportGroups } from './reports.service';

describe('reports: groups per report and the CSV (issue 35 §4)', () => {
  it.each([
    ['book', [], ['day']],
    ['casino', [], ['provider', 'game']],
    ['casino', ['day', 'game'], ['day', 'game']],
    ['book', ['competition', 'marketFamily'], ['competition', 'marketFamily']],
    ['clients', [], []],
    ['cashouts', [], ['day', 'brand']],
  ] as const)('%s grouped by %j is %j', (name, asked, groups) => {
    expect(reportGroups(name, [...asked])).toEqual(groups);
  });

  it.each([
    ['casino', ['sport']],
    ['book', ['provider']],
    ['clients', ['day']],
    ['cashouts', ['day']],
  ] as const)('%s cannot be grouped by %j: a 400 on groupBy', (name, asked) => {
    expect(() => reportGroups(name, [...asked])).toThrow(
      expect.objectContaining({ statusCode: 400, field: 'groupBy' }),
    );
  });

  it('writes ratios in basis points as percentages with two decimals, money as decimals', () => {
    const csv = reportCsv({
      name: 'casino',
      from: '2026-11-01',
      to: '2026-11-01',
      timeZone: 'UTC',
      groupBy: ['game'],
      rows: [
        {
          gameId: 1,
          game: 'Citrus Spins',
          currency: 'TRY',
          rounds: 3,
          stakes: 30_000,
          wins: 28_837,
          ggr: 1_163,
          rtpBp: 9_612,
          theoreticalRtpBp: 9_586,
        },
      ],
    });
    expect(csv).toBe(
      '\uFEFFgameId,game,currency,rounds,stakes,wins,ggr,rtpPercent,theoreticalRtpPercent\r\n' +
        '1,Citrus Spins,TRY,3,300.00,288.37,11.63,96.12,95.86\r\n',
    );
  });
});
