// IntersectionObserver stand-ins for jsdom, which has none (STACK.md trap 4).
import { vi } from 'vitest';

/** Observes nothing: components that need an observer can mount. */
export class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** Remembers every observer made, so a test can say when an observed element comes into view. */
export class ControlledObserver extends NoopObserver {
  static made: ControlledObserver[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    super();
    ControlledObserver.made.push(this);
  }
  /** Until an observer has been made: components make theirs in an effect, which runs after the render. */
  static async observing() {
    await vi.waitFor(() => {
      if (ControlledObserver.made.length === 0) throw new Error('no IntersectionObserver made yet');
    });
  }
  /** Tells the latest observer its element is (or is not) in view. */
  static seen(visible = true) {
    ControlledObserver.made
      .at(-1)!
      .callback([{ isIntersecting: visible } as IntersectionObserverEntry], {} as IntersectionObserver);
  }
}
