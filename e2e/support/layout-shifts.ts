import type { Page } from 'playwright-core';

/**
 * An init script keeping the page's layout shifts from the first byte on (those without recent input, as CLS
 * counts them); read them with `layoutShifts`.
 */
export const WATCH_LAYOUT_SHIFTS = `(() => {
  const entries = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  const element = (node) => (node?.nodeType === 1 ? node : node?.parentElement);
  window.__layoutShifts = (within) => new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => {
      entries.push(...observer.takeRecords());
      resolve(entries.filter((e) => !e.hadRecentInput).map((e) => ({
        value: e.value,
        sources: (e.sources ?? [])
          .filter((s) => !within || element(s.node)?.closest(within))
          .map((s) => \`\${element(s.node)?.className} [\${s.previousRect.x},\${s.previousRect.width}]→[\${s.currentRect.x},\${s.currentRect.width}]\`),
      })));
    })),
  );
})();`;

export interface LayoutShift {
  value: number;
  /** What moved: `class [x,width]→[x,width]`; with `within`, only what is inside it. */
  sources: string[];
}

/**
 * The page's layout shifts so far (it must have run `WATCH_LAYOUT_SHIFTS`), read once two frames have been painted
 * since the call: a shift is measured when the frame that moved something is painted, and reported after.
 */
export function layoutShifts(page: Page, within?: string): Promise<LayoutShift[]> {
  return page.evaluate(`window.__layoutShifts(${JSON.stringify(within ?? null)})`) as Promise<LayoutShift[]>;
}
