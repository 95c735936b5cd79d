/** Spec §9: a carousel turns every 3 s and wraps around. */
export const BANNER_AUTOPLAY_MS = 3_000;

/** Where the strip turns to from `scrollLeft`: the next slide's start, or back to the first after the last. */
export function nextBannerLeft(scrollLeft: number, maxScroll: number, slideLefts: number[]): number {
  if (scrollLeft >= maxScroll - 1) return 0;
  const next = slideLefts.find((left) => left > scrollLeft + 1);
  return next === undefined ? 0 : Math.min(next, maxScroll);
}

/**
 * Turns the strip every 3 s (a scroll to the next snap point). It waits while a finger or the mouse is on it, while
 * the page is hidden and while a link in it has the keyboard's focus. Returns the stop function.
 */
export function autoplay(strip: HTMLElement, delay = BANNER_AUTOPLAY_MS): () => void {
  let held = false;
  const hold = () => (held = true);
  const release = () => (held = false);
  const holds = ['pointerdown', 'pointerenter', 'focusin'] as const;
  const releases = ['pointerup', 'pointercancel', 'pointerleave', 'focusout'] as const;
  holds.forEach((e) => strip.addEventListener(e, hold));
  releases.forEach((e) => strip.addEventListener(e, release));
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const timer = setInterval(() => {
    if (held || document.hidden) return;
    const slides = [...strip.querySelectorAll<HTMLElement>('.banner-strip__slide')];
    const left = nextBannerLeft(
      strip.scrollLeft,
      strip.scrollWidth - strip.clientWidth,
      slides.map((s) => s.offsetLeft),
    );
    strip.scrollTo({ left, behavior: reduced ? 'auto' : 'smooth' });
  }, delay);
  return () => {
    clearInterval(timer);
    holds.forEach((e) => strip.removeEventListener(e, hold));
    releases.forEach((e) => strip.removeEventListener(e, release));
  };
}
