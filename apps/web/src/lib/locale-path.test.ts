import { describe, expect, it } from 'vitest';
import { localeOfPath, localizedPath, replaceLocale } from './locale-path';

describe('locale paths', () => {
  it.each([
    ['/en/live/1/2', 'tr', '/tr/live/1/2'],
    ['/en/', 'tr', '/tr/'],
    ['/en', 'tr', '/tr/'],
    ['/casino', 'en', '/en/casino'],
    ['/', 'tr', '/tr/'],
  ] as const)('replaceLocale(%s, %s) = %s', (path, locale, expected) => {
    expect(replaceLocale(path, locale)).toBe(expected);
  });

  it('reads the locale segment only when it is a known locale', () => {
    expect(localeOfPath('/tr/sports')).toBe('tr');
    expect(localeOfPath('/de/sports')).toBeNull();
    expect(localeOfPath('/')).toBeNull();
  });

  it('prefixes paths', () => {
    expect(localizedPath('en', '/live')).toBe('/en/live');
    expect(localizedPath('tr', 'live')).toBe('/tr/live');
  });
});
