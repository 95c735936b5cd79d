import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { useScrollMemory } from './use-scroll-memory';

function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

/** Scroll events the page has fired and not yet dispatched. */
let scrollEvents: Promise<void> = Promise.resolve();

/**
 * Stands for the browser: hiding the list shortens the page at once, and the clamped position fires a scroll
 * event after the commit (a browser dispatches scroll events with its next frame, never inside a commit).
 */
function PageShortens({ listShown }: { listShown: boolean }) {
  useLayoutEffect(() => {
    if (listShown) return;
    setScrollY(200);
    scrollEvents = Promise.resolve().then(() => void window.dispatchEvent(new Event('scroll')));
  }, [listShown]);
  return null;
}

function Screen({ listPath }: { listPath: string | null }) {
  useScrollMemory(listPath);
  return <PageShortens listShown={listPath !== null} />;
}

/** The calls of `scrollTo` made by the time a later part of the same commit runs its layout effects. */
function BeforePaint({ listPath, calls }: { listPath: string | null; calls: unknown[][][] }) {
  useLayoutEffect(() => {
    calls.push((window.scrollTo as unknown as { mock: { calls: unknown[][] } }).mock.calls.slice());
  }, [listPath, calls]);
  return null;
}

describe('useScrollMemory', () => {
  afterEach(() => vi.restoreAllMocks());

  it('returns to where the list was, not to the clamped position of the shorter event page', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { rerender } = render(<Screen listPath="/en/live" />);
    setScrollY(935);
    window.dispatchEvent(new Event('scroll'));
    rerender(<Screen listPath={null} />); // an event opens: the list is hidden
    await scrollEvents;
    rerender(<Screen listPath="/en/live" />); // closed: the list again
    expect(scrollTo).toHaveBeenLastCalledWith(0, 935);
  });

  it('keeps a position scrolled to before it started listening (server markup scrolled before hydration)', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    setScrollY(673);
    const { rerender } = render(<Screen listPath="/en/live" />);
    rerender(<Screen listPath={null} />);
    await scrollEvents;
    rerender(<Screen listPath="/en/live" />);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 673);
  });

  it('scrolls back in the commit that shows the list, before the browser paints it at the top', async () => {
    // A browser's scrollTo: the position changes at once, its scroll event comes with the next frame.
    const scrollTo = vi
      .spyOn(window, 'scrollTo')
      .mockImplementation(((_x: number, y: number) => setScrollY(y)) as typeof window.scrollTo);
    const calls: unknown[][][] = [];
    const page = (listPath: string | null) => (
      <>
        <Screen listPath={listPath} />
        <BeforePaint listPath={listPath} calls={calls} />
      </>
    );
    const { rerender } = render(page('/en/live'));
    setScrollY(480);
    window.dispatchEvent(new Event('scroll'));
    rerender(page(null));
    await scrollEvents;
    // The shell has scrolled to the top; the scroll event comes after the commit that shows the list again.
    setScrollY(0);
    rerender(page('/en/live'));
    expect(calls.at(-1)).toContainEqual([0, 480]);
    window.dispatchEvent(new Event('scroll'));
    rerender(page(null));
    await scrollEvents;
    rerender(page('/en/live'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 480);
  });
});
