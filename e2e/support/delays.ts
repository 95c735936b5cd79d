import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { urlFor } from './fixtures';

/**
 * The ticker's delay as a ratio to the feed's own delivery delay, both measured in the same browser on the
 * machine's one clock: the desk page records when each ticker row first appears, and a
 * player-feed WebSocket opened in the same page records, for every live message after its snapshot, the time
 * from the server's publish (`ts`) to its arrival.
 */
export async function installDelayProbes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as {
      __rowsShown: Record<string, number>;
      __feedDelays: number[];
      __stopProbes: () => void;
    };
    w.__rowsShown = {};
    w.__feedDelays = [];
    const seen = () => {
      document.querySelectorAll<HTMLElement>('[data-testid=ticker] tr[data-bet]').forEach((row) => {
        w.__rowsShown[row.dataset.bet!] ??= Date.now();
      });
    };
    const observer = new MutationObserver(seen);
    observer.observe(document.body, { childList: true, subtree: true });
    const socket = new WebSocket(`ws://${location.host}/ws/feed`);
    let live = false;
    socket.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as { type: string; ts?: number };
      if (msg.type === 'hello') socket.send(JSON.stringify({ type: 'subscribe', topics: ['live'] }));
      // The snapshot's state messages carry their last change's time: only what is published afterwards counts.
      if (msg.type === 'subscribed') live = true;
      else if (live && (msg.type === 'match_update' || msg.type === 'market_update') && msg.ts)
        w.__feedDelays.push(Date.now() - msg.ts);
    };
    w.__stopProbes = () => {
      observer.disconnect();
      socket.close();
    };
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : s[Math.floor((s.length - 1) / 2)]!;
};

/** Prints the ticker's delay for a bet (placed → row shown), the feed's median delivery delay and their ratio; stops the probes. */
export async function reportDelays(page: Page, betId: number): Promise<void> {
  const res = await fetch(urlFor(`/ops/v1/bets/${betId}`), {
    headers: { authorization: `Bearer ${inject('operatorToken')}` },
  });
  const placedAt = Date.parse(((await res.json()) as { result: { createdAt: string } }).result.createdAt);
  const { shownAt, feed } = await page.evaluate((id) => {
    const w = window as unknown as {
      __rowsShown: Record<string, number>;
      __feedDelays: number[];
      __stopProbes: () => void;
    };
    // Measured: the probes stop. Every live match's messages, parsed on the desk page's one thread, and a walk of
    // the page on each of its changes made the desk fall behind on a busy machine (the messages arrived 29 s late
    // and each later step of the walk-through waited on that page).
    w.__stopProbes();
    return { shownAt: w.__rowsShown[String(id)] ?? null, feed: w.__feedDelays };
  }, betId);
  const ticker = shownAt === null ? null : shownAt - placedAt;
  const feedMedian = median(feed);
  const ratio = ticker !== null && feedMedian ? (ticker / feedMedian).toFixed(1) : 'n/a';
  console.log(
    `ticker delay (bet placed → row shown): ${ticker ?? 'n/a'} ms; feed delivery delay (publish → received, ` +
      `median of ${feed.length} live messages): ${feedMedian ?? 'n/a'} ms; ratio ${ratio}`,
  );
}
