import { describe, expect, it } from 'vitest';
import { themeColorScheme } from './constants';

describe('themeColorScheme', () => {
  it.each([
    ['#0f1a14', 'dark'], // Demo Bet's background
    ['#f4f4f4', 'light'], // Kartal Bahis'
    ['#000000', 'dark'],
    ['#ffffff', 'light'],
    ['#7f7f7f', 'dark'],
    ['#8a8a8a', 'light'],
  ])('%s → %s', (background, scheme) => {
    expect(themeColorScheme(background)).toBe(scheme);
  });
});
