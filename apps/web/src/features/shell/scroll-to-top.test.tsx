import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { ScrollToTop } from './scroll-to-top';

let navigate: NavigateFunction;
/** The calls of `scrollTo` made by the time a later part of the same commit runs its layout effects. */
const seenBeforePaint: unknown[][][] = [];

function Page() {
  navigate = useNavigate();
  useLayoutEffect(() => {
    seenBeforePaint.push((window.scrollTo as unknown as { mock: { calls: unknown[][] } }).mock.calls.slice());
  });
  return null;
}

describe('ScrollToTop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('scrolls to the top in the commit that draws the new page (before it is painted), not on the first render', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/en/info/terms']}>
        <ScrollToTop />
        <Page />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => void navigate('/en/info/privacy'));
    expect(seenBeforePaint.at(-1)).toContainEqual([0, 0]);
  });
});
