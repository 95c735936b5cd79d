// The bet slip with a big coupon (issue 33 item 2): how long the interactions a player makes take with 25 picks
// (the most the slip allows), as a ratio to the same interaction on a 1-pick slip in the same run. The bundled
// Chromium at 360×640; each interaction is timed in the page from the click to the frame after the DOM update
// (a click handler, React's commit, then requestAnimationFrame and a task: what a player waits for before the
// screen answers, as INP counts it), median of N runs. Target: every 25-pick ratio ≤ 2×.
//   add a pick       tap an odd on a competition page: the 1st pick (empty slip) against the 25th (24 on it)
//   change the stake the stake popup's Done after a numpad key, on the slip page
//   open the system  the System type button (3 picks against 10: a system takes at most 10 picks, §9)
// Needs the web build: npm run build -w @sb/web.
// Run: node --import tsx bench/slip.ts [--runs 7]
import type { Browser, Page } from 'playwright-core';
import type { FixtureEvent } from '@sb/contract';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/database';
import { launchBrowser, phoneContext } from '../e2e/support/browser';
import { cpuPressureUs, printTable, quantile, type Row } from './support/report';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const RUNS = Number(arg('runs', '7'));
const MOST_PICKS = 25;

/** A slip entry as the web persists it (localStorage `bets`): the first selection of the event's first market. */
function slipEntry(event: FixtureEvent) {
  const market = event.markets.find((m) => m.selections.length > 1)!;
  const selection = market.selections[0]!;
  const { home, away, competition, sport, region, startDate } = event;
  return {
    eventId: event.id,
    oddId: selection.id,
    name: `Market ${market.t}`,
    outCome: selection.name,
    odd: selection.odd,
    oddType: market.t,
    exc: market.id,
    specialValue: market.s,
    match: {
      ...{ home: home.name, away: away.name, competition: competition.name, startDate },
      ...{ sportId: sport.id, regionId: region.id, competitionId: competition.id },
    },
    live: false,
    active: true,
    checked: true,
    banker: false,
    maxStake: null,
  };
}

/** What the page-side code uses of the browser (this project compiles for Node, without the DOM's types). */
interface PageGlobals {
  document: { querySelector(css: string): { click(): void } | null };
  requestAnimationFrame(callback: () => void): number;
  localStorage: { setItem(key: string, value: string): void; removeItem(key: string): void };
}

/** Milliseconds from clicking `selector` to the frame after the update, measured in the page. */
function timedClick(page: Page, selector: string): Promise<number> {
  return page.evaluate(async (css) => {
    const { document, requestAnimationFrame } = globalThis as unknown as PageGlobals;
    const target = document.querySelector(css);
    if (!target) throw new Error(`nothing matches ${css}`);
    const start = performance.now();
    target.click();
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - start;
  }, selector);
}

/** A page whose slip holds `picks` (the coupon derived afresh from them). */
async function pageWithSlip(browser: Browser, origin: string, picks: unknown[], path: string): Promise<Page> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.goto(`${origin}/en/`);
  await page.evaluate((bets) => {
    const { localStorage } = globalThis as unknown as PageGlobals;
    localStorage.setItem('bets', JSON.stringify({ state: { bets }, version: 1 }));
    localStorage.removeItem('betslip.coupon');
  }, picks);
  await page.goto(`${origin}${path}`);
  return page;
}

interface Interaction {
  name: string;
  /** Picks on the slip for the baseline and for the big coupon. */
  sizes: [number, number];
  /** Opens the page with the picks and returns the time of the interaction. */
  run(picks: unknown[]): Promise<number>;
}

async function main(): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory' });
  const config = loadConfig({ DATA_DIR: 'memory', LOG_LEVEL: 'silent', CATALOGUE_DAYS_AHEAD: '2' });
  const { app } = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = address.replace('127.0.0.1', 'localhost');
  const listed = await fetch(`${address}/api/v2/fixture/full?sport=1&onlyPre=1&per_page=60`);
  if (!listed.ok) throw new Error(`the pre-match list answered ${listed.status}: ${await listed.text()}`);
  const list = (await listed.json()) as { result: FixtureEvent[] };
  const events = list.result.filter((e) => e.markets.some((m) => m.selections.length > 1));
  const target = events[0]!; // the competition page the pick is added on
  const others = events.filter((e) => e.competition.id !== target.competition.id);
  if (others.length < MOST_PICKS) throw new Error(`only ${others.length} events outside the competition`);
  const picks = others.slice(0, MOST_PICKS).map(slipEntry);
  const competition = `/en/sports/1/${target.region.id}/${target.competition.id}`;
  const browser = await launchBrowser();
  const interactions: Interaction[] = [
    {
      name: 'add a pick',
      sizes: [0, MOST_PICKS - 1],
      run: async (slip) => {
        const page = await pageWithSlip(browser, origin, slip, competition);
        // An odd of the competition's list (the slip's rows carry `data-odd-id` too, hidden on this page).
        const odd =
          '[data-testid="event-row"] button[data-odd-id]:not([disabled]):not([aria-pressed="true"])';
        await page.waitForLoadState('networkidle');
        await page
          .locator(odd)
          .first()
          .waitFor()
          .catch(async (error: unknown) => {
            await page.screenshot({ path: '.cache/slip-bench-failed.png' });
            throw new Error(`no odd to add on ${page.url()} (screenshot: .cache/slip-bench-failed.png)`, {
              cause: error,
            });
          });
        const ms = await timedClick(page, odd);
        await page.context().close();
        return ms;
      },
    },
    {
      name: 'change the stake',
      sizes: [1, MOST_PICKS],
      run: async (slip) => {
        const page = await pageWithSlip(browser, origin, slip, '/en/betslip');
        await page.getByTestId('stake-box').click();
        await page.locator('.ui-numpad__key[data-key="5"]').click();
        const ms = await timedClick(page, '.stake-editor__done');
        await page.context().close();
        return ms;
      },
    },
    {
      name: 'open the system popup',
      sizes: [3, 10],
      run: async (slip) => {
        const page = await pageWithSlip(browser, origin, slip, '/en/betslip');
        await page.getByTestId('slip-row').first().waitFor();
        const ms = await timedClick(page, '[data-type="system"]');
        await page.getByTestId('system-options').waitFor();
        await page.context().close();
        return ms;
      },
    },
  ];
  const pressureBefore = cpuPressureUs();
  const started = Date.now();
  try {
    for (const interaction of interactions) {
      const [small, big] = interaction.sizes;
      const base: number[] = [];
      const large: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        base.push(await interaction.run(picks.slice(0, small)));
        large.push(await interaction.run(picks.slice(0, big)));
      }
      // Adding a pick to n picks makes n + 1: "the 1st", "the 25th"; the others act on n picks.
      const label = (n: number) =>
        small === 0 ? `the ${n + 1}${n === 0 ? 'st' : 'th'} pick` : `${n} pick${n === 1 ? '' : 's'}`;
      const row = (n: number, times: number[]): Row => ({
        name: `${interaction.name}: ${label(n)}`,
        value: quantile(times, 0.5),
        unit: 'ms',
      });
      printTable(`${interaction.name} (median of ${RUNS})`, row(small, base), [row(big, large)]);
    }
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
  const pressureAfter = cpuPressureUs();
  if (pressureBefore !== null && pressureAfter !== null)
    console.log(
      `\nCPU pressure: some task waited for a CPU ${((100 * (pressureAfter - pressureBefore)) / 1000 / (Date.now() - started)).toFixed(0)}% of the run`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
