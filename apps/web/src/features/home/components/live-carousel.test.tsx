import { describe, expect, it } from 'vitest';
import { nextSlideLeft } from './live-carousel';

// Slides 300 px wide with 8 px gaps; the carousel shows 340 px, so the last start it can scroll to is 1,092 - 340.
const LEFTS = [0, 308, 616, 924];
const MAX = 1_232 - 340;

describe('live carousel autoplay', () => {
  it('turns to the next slide', () => {
    expect(nextSlideLeft(0, MAX, LEFTS)).toBe(308);
    expect(nextSlideLeft(308, MAX, LEFTS)).toBe(616);
  });

  it('turns to the next slide from part-way (a swipe left it between two)', () => {
    expect(nextSlideLeft(400, MAX, LEFTS)).toBe(616);
  });

  it('stops at the end of the scroll when the last slide cannot reach the start', () => {
    expect(nextSlideLeft(616, MAX, LEFTS)).toBe(MAX);
  });

  it('wraps around to the first slide from the end', () => {
    expect(nextSlideLeft(MAX, MAX, LEFTS)).toBe(0);
    expect(nextSlideLeft(MAX - 0.5, MAX, LEFTS)).toBe(0);
  });
});
