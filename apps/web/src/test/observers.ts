// IntersectionObserver stand-ins for jsdom, which has none (STACK.md trap 4).

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
  /** Tells the latest observer its element is (or is not) in view. */
  static seen(visible = true) {
    ControlledObserver.made
      .at(-1)!
      .callback([{ isIntersecting: visible } as IntersectionObserverEntry], {} as IntersectionObserver);
  }
}
