import { describe, expect, it } from 'vitest';
import { AREAS, TRANSLATIONS } from './index';

describe('translation tables', () => {
  it.each(Object.entries(AREAS))(
    'area %s has the same keys in English and Turkish, none empty',
    (_area, table) => {
      expect(Object.keys(table.tr).sort()).toEqual(Object.keys(table.en).sort());
      for (const value of [...Object.values(table.en), ...Object.values(table.tr)])
        expect(value.trim()).not.toBe('');
    },
  );

  it('no key is defined by two areas', () => {
    const seen = new Map<string, string>();
    for (const [area, table] of Object.entries(AREAS)) {
      for (const key of Object.keys(table.en)) {
        expect(seen.get(key), `${key} in ${area}`).toBeUndefined();
        seen.set(key, area);
      }
    }
  });

  it('has the keys the spec names', () => {
    for (const key of [
      'auth.login_error',
      'auth.bet_auth',
      'processing.error',
      'footer.responsible_gambling',
    ]) {
      expect(TRANSLATIONS.en[key]).toBeTruthy();
      expect(TRANSLATIONS.tr[key]).toBeTruthy();
    }
  });
});
