import { mkdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OpsReportResponse } from '@sb/contract';
import { E2E_CLIENTS } from './support/clients';
import { DESK, opsApi, traderDesk } from './support/desk';
import { useBrowser } from './support/fixtures';
import { logIn, placeFromPage } from './support/slip';

/**
 * Issue 35 §4 in Chromium at 1280×800: a finance operator opens Reports, shows today's book and downloads it as
 * CSV; the file's totals are the JSON's, and a bet placed between two reports moves turnover by its stake exactly;
 * the casino and clients reports answer from the Turkish desk.
 */
const SHOTS = '.cache/screenshots';
type Report = OpsReportResponse['result'];

/** Minor units of a CSV money cell (`-1234.56`). */
const minor = (text: string) => {
  const [whole = '0', part = '0'] = text.replace('-', '').split('.');
  return (text.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(part.padEnd(2, '0')));
};

describe('reports from the desk (issue 35 §4)', () => {
  const browser = useBrowser();

  it('a finance operator shows today’s book and downloads it as CSV whose totals are the bets’', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const desk = await (await browser.newContext({ ...DESK, acceptDownloads: true })).newPage();
    await traderDesk(desk, `reports-finance-${Date.now().toString(36)}`, 'finance');
    const zone = await desk.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const today = await desk.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    const turnover = async () => {
      const report = await opsApi<Report>(
        `/ops/v1/reports/book?from=${today}&to=${today}&tz=${zone}&groupBy=day`,
      );
      return report.rows
        .filter((r) => r.currency === 'TRY')
        .reduce((t, r) => t + ('turnover' in r ? r.turnover : 0), 0);
    };

    // A bet placed between two reports moves today's turnover by its stake, to the minor unit.
    const before = await turnover();
    const player = await browser.newPage('en-US');
    await logIn(player, E2E_CLIENTS.reports);
    const pick = await player.evaluate(async () => {
      const list = (await (await fetch('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=20')).json()) as {
        result: { id: number }[];
      };
      const id = list.result[0]!.id;
      const detail = (await (await fetch(`/api/v2/fixture/e/${id}`)).json()) as {
        result: { markets: { t: number; selections: { id: number; outcome: string; odd: number }[] }[] };
      };
      const home = detail.result.markets.find((m) => m.t === 1)!.selections.find((s) => s.outcome === '1')!;
      return { eventId: id, oddId: home.id, odd: home.odd };
    });
    const placed = await placeFromPage(player, pick, 1_234);
    expect(placed.status, placed.body).toBe(200);
    expect(await turnover()).toBe(before + 1_234);

    // The desk: Reports, today, by day and bet type.
    await desk.getByRole('link', { name: 'Reports', exact: true }).click();
    await desk.waitForURL(/\/backoffice\/reports$/);
    const view = desk.getByTestId('reports');
    await view.getByLabel('From').fill(today);
    await view.getByLabel('To').fill(today);
    await view.getByRole('checkbox', { name: 'Bet type' }).check();
    await view.getByRole('button', { name: 'Show' }).click();
    const total = view.getByTestId('report-total-TRY');
    await total.waitFor();
    // A day reads in the desk's date style (as the chart's axis says it), not as the server's ISO key.
    const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${today}T00:00:00Z`),
    );
    await view.getByRole('cell', { name: day, exact: true }).first().waitFor();
    await view.getByText(`Days in the ${zone} time zone, both ends included.`).waitFor();
    // By day: the chart of turnover, GGR and NGR per day above the table, one per currency.
    await view.getByTestId('report-chart').getByText('Per day, TRY').waitFor();
    await view.getByTestId('report-chart').locator('canvas').first().waitFor();
    await desk.screenshot({ path: `${SHOTS}/reports-en.png` });

    const download = desk.waitForEvent('download');
    await view.getByTestId('report-csv').click();
    const file = await (await download).path();
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header!.split(',');
    const at = (name: string) => columns.indexOf(name);
    const tryLines = lines.map((l) => l.split(',')).filter((c) => c[at('currency')] === 'TRY');
    const sum = (name: string) => tryLines.reduce((t, c) => t + minor(c[at(name)]!), 0);
    expect(sum('turnover')).toBe(before + 1_234);
    const json = await opsApi<Report>(
      `/ops/v1/reports/book?from=${today}&to=${today}&tz=${zone}&groupBy=day,betType`,
    );
    const jsonTry = json.rows.filter((r) => r.currency === 'TRY') as { ggr: number; ngr: number }[];
    expect(sum('ggr')).toBe(jsonTry.reduce((t, r) => t + r.ggr, 0));
    expect(sum('ngr')).toBe(jsonTry.reduce((t, r) => t + r.ngr, 0));
    // The screen's total line says the same turnover.
    const shown = await total.locator('[data-column=turnover]').textContent();
    expect(minor((shown ?? '').replace(/,/g, ''))).toBe(before + 1_234);

    await desk.getByRole('button', { name: 'Türkçe' }).first().click();
    await view.getByRole('heading', { name: 'Raporlar' }).waitFor();
    await desk.screenshot({ path: `${SHOTS}/reports-tr.png` });

    // The casino and clients reports in Turkish: their breakdowns offered, each answered (200) and shown.
    for (const [name, group] of [
      ['casino', 'Sağlayıcı'],
      ['clients', null],
    ] as const) {
      await view.getByTestId('report-name').selectOption(name);
      if (group) await view.getByRole('checkbox', { name: group }).waitFor();
      const answered = desk.waitForResponse((r) => r.url().includes(`/ops/v1/reports/${name}?`));
      await view.getByRole('button', { name: 'Göster' }).click();
      expect((await answered).status()).toBe(200);
      await view.getByText('Rapor okunuyor…').waitFor({ state: 'detached' });
      await desk.screenshot({ path: `${SHOTS}/reports-${name}-tr.png` });
    }
    await view.getByText('Net = ödenen + kazanç − yatırım', { exact: false }).waitFor();
  });
});
