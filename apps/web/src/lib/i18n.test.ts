import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';

describe('translations', () => {
  it('picks the plural form by the count (no "1 weeks")', async () => {
    const table = { 'limits.weeks_one': '{{count}} week', 'limits.weeks_other': '{{count}} weeks' };
    const i18n = await createI18n('en', table);
    expect(i18n.t('limits.weeks', { count: 1 })).toBe('1 week');
    expect(i18n.t('limits.weeks', { count: 6 })).toBe('6 weeks');
    const tr = await createI18n('tr', {
      'limits.weeks_one': '{{count}} hafta',
      'limits.weeks_other': '{{count}} hafta',
    });
    expect(tr.t('limits.weeks', { count: 2 })).toBe('2 hafta');
  });
});
