import { useRef } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLatestOnScreen } from './on-screen';

/** An IntersectionObserver the test drives: `report(element, onScreen)`. */
class DrivenObserver {
  static last: DrivenObserver | null = null;
  readonly watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    DrivenObserver.last = this;
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
  report(element: Element, isIntersecting: boolean) {
    this.callback([{ target: element, isIntersecting } as IntersectionObserverEntry], this as never);
  }
}

function Row({ odd }: { odd: number }) {
  const ref = useRef<HTMLParagraphElement>(null);
  return <p ref={ref}>{useLatestOnScreen(ref, odd)}</p>;
}

describe('useLatestOnScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the latest value on screen, holds the last one shown while off screen, catches up when back', () => {
    vi.stubGlobal('IntersectionObserver', DrivenObserver);
    const { rerender } = render(<Row odd={1.5} />);
    const row = screen.getByText('1.5');
    const observer = DrivenObserver.last!;
    expect(observer.watched.has(row)).toBe(true);
    rerender(<Row odd={1.6} />);
    expect(row.textContent).toBe('1.6');
    act(() => observer.report(row, false));
    rerender(<Row odd={1.7} />);
    rerender(<Row odd={1.8} />);
    expect(row.textContent).toBe('1.6');
    act(() => observer.report(row, true));
    expect(row.textContent).toBe('1.8');
  });
});
