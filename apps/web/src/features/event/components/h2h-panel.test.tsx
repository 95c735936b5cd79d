import { describe, expect, it } from 'vitest';
import { createI18nNow } from '@/lib/i18n';
import { summaryText } from './h2h-panel';

// The keys as the server's tables have them (modules/content/translations/sports-web.ts).
const en = createI18nNow('en', {
  'event.h2h_wins_one': '{{team}} {{count}} win',
  'event.h2h_wins_other': '{{team}} {{count}} wins',
  'event.h2h_draws_one': '{{count}} draw',
  'event.h2h_draws_other': '{{count}} draws',
});
const tr = createI18nNow('tr', {
  'event.h2h_wins_one': '{{team}} {{count}} galibiyet',
  'event.h2h_wins_other': '{{team}} {{count}} galibiyet',
  'event.h2h_draws_one': '{{count}} beraberlik',
  'event.h2h_draws_other': '{{count}} beraberlik',
});

describe('head to head summary', () => {
  it.each([
    [{ homeWins: 1, draws: 1, awayWins: 0 }, 'Falten 1 win, 1 draw, Portten 0 wins'],
    [{ homeWins: 2, draws: 0, awayWins: 4 }, 'Falten 2 wins, 0 draws, Portten 4 wins'],
    // Tennis: no draws line at all.
    [{ homeWins: 3, draws: null, awayWins: 3 }, 'Falten 3 wins, Portten 3 wins'],
  ])('in English, %o reads "%s"', (summary, text) => {
    expect(summaryText(summary, 'Falten', 'Portten', en.t)).toBe(text);
  });

  it('in Turkish (a number keeps the noun singular)', () => {
    expect(summaryText({ homeWins: 1, draws: 2, awayWins: 3 }, 'Falten', 'Portten', tr.t)).toBe(
      'Falten 1 galibiyet, 2 beraberlik, Portten 3 galibiyet',
    );
    expect(summaryText({ homeWins: 1, draws: null, awayWins: 0 }, 'A', 'B', tr.t)).toBe(
      'A 1 galibiyet, B 0 galibiyet',
    );
  });
});
