// Promotions as the browser tests drive them (issue 36): the desk's API with the automation token, the player's
// own calls, and a selection to offer a reward on.
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, patientContext } from './browser';
import { DESK } from './desk';
import type { FixtureEvent } from '@sb/contract';
import { urlFor } from './fixtures';

/** A `/ops/v1` call with the operator token the setup made; answers its `result`. */
export const ops = async (method: 'POST' | 'GET' | 'PUT', path: string, body?: object) => {
  const res = await fetch(urlFor(path), {
    method,
    headers: { authorization: `Bearer ${inject('operatorToken')}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: Record<string, unknown> }).result;
};

/** The logged-in client's own call, with their token (what the app itself would fetch). */
export const asClient = <T>(page: Page, path: string): Promise<T> =>
  page.evaluate(async (url) => {
    const auth = JSON.parse(localStorage.getItem('sb.auth') ?? '{}') as { accessToken?: string };
    const res = await fetch(url, { headers: { authorization: `Bearer ${auth.accessToken}` } });
    return ((await res.json()) as { result: unknown }).result;
  }, path) as Promise<T>;

/** A pre-match football event ahead (clear of other suites' events) and its home win at odds of 1.5 or more, at the
 * page's brand's prices (read in the page: Node does not resolve *.localhost, a browser does). */
export async function homeWin(
  page: Page,
  skip: number,
): Promise<{ event: FixtureEvent; oddId: number; odd: number }> {
  return page.evaluate(async (from) => {
    const list = await fetch('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=100&onlyList=1');
    const events = ((await list.json()) as { result: FixtureEvent[] }).result
      .filter((e) => Date.parse(e.startDate) > Date.now() + 2 * 3_600_000)
      .slice(from);
    for (const event of events) {
      const detail = (await (await fetch(`/api/v2/fixture/e/${event.id}`)).json()) as {
        result: { markets: { t: number; selections: { id: number; outcome: string; odd: number }[] }[] };
      };
      const home = detail.result.markets.find((m) => m.t === 1)?.selections.find((x) => x.outcome === '1');
      if (home && home.odd >= 1.5) return { event, oddId: home.id, odd: home.odd };
    }
    throw new Error('no pre-match home win at 1.5 or more');
  }, skip);
}

/** The id of the page's brand (its host's app). */
export const brandOf = (page: Page, host: string) =>
  page.evaluate(
    async (h) => ((await (await fetch(`/api/getAppByHostname/${h}`)).json()) as { id: number }).id,
    host,
  );

/**
 * A trader of Demo Bet only (the other desk suites enrol the demo operators), made with the automation token, and a
 * desk browser at 1280×800 for the describe that calls it: answers the browser context once it is open.
 */
export function deskTrader(operator: { username: string; password: string }): () => BrowserContext {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    const app = (await (await fetch(urlFor('/api/getAppByHostname/localhost'))).json()) as { id: number };
    await ops('POST', '/ops/v1/operators', { ...operator, role: 'trader', brandId: app.id });
    browser = await launchBrowser();
    context = await patientContext(browser, DESK);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });
  return () => context!;
}
