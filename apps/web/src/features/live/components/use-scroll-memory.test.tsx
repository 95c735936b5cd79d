import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { useScrollMemory } from './use-scroll-memory';

function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

/** Stands for the browser: hiding the list shortens the page, and the clamped position fires a scroll event. */
function PageShortens({ listShown }: { listShown: boolean }) {
  useLayoutEffect(() => {
    if (listShown) return;
    setScrollY(200);
    window.dispatchEvent(new Event('scroll'));
  }, [listShown]);
  return null;
}

function Screen({ listPath }: { listPath: string | null }) {
  useScrollMemory(listPath);
  return <PageShortens listShown={listPath !== null} />;
}

describe('useScrollMemory', () => {
  afterEach(() => vi.restoreAllMocks());

  it('returns to where the list was, not to the clamped position of the shorter event page', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { rerender } = render(<Screen listPath="/en/live" />);
    setScrollY(935);
    window.dispatchEvent(new Event('scroll'));
    rerender(<Screen listPath={null} />); // an event opens: the list is hidden
    rerender(<Screen listPath="/en/live" />); // closed: the list again
    expect(scrollTo).toHaveBeenLastCalledWith(0, 935);
  });

  it('keeps a position scrolled to before it started listening (server markup scrolled before hydration)', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    setScrollY(673);
    const { rerender } = render(<Screen listPath="/en/live" />);
    rerender(<Screen listPath={null} />);
    rerender(<Screen listPath="/en/live" />);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 673);
  });
});
