import { describe, expect, it } from 'vitest';
import type { BetView } from '@sb/contract';
import { receiptHtml, receiptOdd } from './receipt';

const leg = (oddValue: number): BetView['items'][number] => ({
  name: 'Match Result',
  selection: '1',
  selectionId: Math.round(oddValue * 1000),
  specialValue: '',
  fcName: 'Home <b>',
  scName: 'Away',
  competition: 'League',
  mid: 1,
  matchStartDate: '2026-11-23T15:00:00.000Z',
  matchOnLive: false,
  matchPeriodTime: 0,
  mData: { score: { home: 0, away: 0 } },
  matchStats: { status: '' },
  betData: { score: { home: 0, away: 0 } },
  isLive: false,
  banker: false,
  oddResult: null,
  oddValue,
  oddType: 1,
});

const bet = (over: Partial<BetView> = {}): BetView => ({
  id: 42,
  type: { id: 3, name: 'system' },
  odd_count: 3,
  bet_count: 3,
  combinations: 3,
  systems: [2],
  created_at: '2026-11-23T07:45:00.000Z',
  status: 1,
  result: { key: 'waiting' },
  amount: 750,
  amount_per_bet: 250,
  currency: { iso_code: 'TRY', symbol: '₺', position: 'before' },
  earnings: 0,
  calculated_earnings: 4321,
  cashed_out: 0,
  reject_reason: null,
  referral: null,
  items: [leg(1.125), leg(2.5), leg(3.333)],
  ...over,
});

const t = (key: string) => key;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('bet receipt', () => {
  it('writes dates as the web does, in the asked time zone', () => {
    expect(text(receiptHtml(bet(), t, 'en', 'Europe/Istanbul'))).toContain('23 Nov 2026, 10:45');
    expect(text(receiptHtml(bet(), t, 'tr', 'Europe/Istanbul'))).toContain('23.11.2026 10:45');
  });

  it("writes the date in the client's own pattern (date_format), as the success page does", () => {
    const page = (pattern: string) =>
      text(receiptHtml(bet(), t, 'en', 'Europe/Istanbul', undefined, 'decimal', pattern));
    expect(page('MM/DD/YYYY')).toContain('11/23/2026 10:45');
    expect(page('YYYY-MM-DD')).toContain('2026-11-23 10:45');
    // Not a date pattern: the locale's style.
    expect(page('HH:mm')).toContain('23 Nov 2026, 10:45');
  });

  it('shows odds exactly as placed (a third decimal is kept, never rounded)', () => {
    expect(receiptOdd(1.125)).toBe('1.125');
    expect(receiptOdd(2.5)).toBe('2.50');
    // The client's odds format, as every other screen writes odds.
    expect(receiptOdd(2.5, 'fractional')).toBe('3/2');
    expect(receiptOdd(2.5, 'american')).toBe('+150');
    expect(receiptOdd(1.5, 'american')).toBe('-200');
    const page = text(receiptHtml(bet(), t, 'en'));
    expect(page).toContain('1.125');
    expect(page).toContain('3.333');
    expect(page).not.toContain('1.13');
  });

  it('names the system sizes, and shows what was paid only once there is something', () => {
    const open = text(receiptHtml(bet(), t, 'en'));
    expect(open).toContain('bet.type.system 2/3 · 3');
    expect(open).not.toContain('bet.receipt.paid');
    expect(text(receiptHtml(bet({ result: { key: 'loss' } }), t, 'en'))).toContain('bet.receipt.paid ₺0.00');
    expect(text(receiptHtml(bet({ earnings: 1200 }), t, 'en'))).toContain('bet.receipt.paid ₺12.00');
  });

  it('names each settled leg, halves of Asian lines and pushes included', () => {
    const items = [
      { ...leg(1.9), oddResult: 'half_win' },
      { ...leg(2.05), oddResult: 'void' },
      { ...leg(1.85), oddResult: 'half_loss' },
    ];
    const page = text(receiptHtml(bet({ items, result: { key: 'win' }, earnings: 1573 }), t, 'en'));
    expect(page).toContain('1 · bets.leg.half_win');
    expect(page).toContain('1 · bets.leg.void');
    expect(page).toContain('1 · bets.leg.half_loss');
    expect(page).toContain('bet.receipt.paid ₺15.73');
    expect(text(receiptHtml(bet(), t, 'en'))).not.toContain('bets.leg');
  });

  it('escapes every text', () => {
    expect(receiptHtml(bet(), t, 'en')).toContain('Home &lt;b&gt;');
  });
});

describe('receipt: brand and kick-off (issue 33)', () => {
  it("names the brand at the foot and gives every leg's kick-off in the receipt's date style", () => {
    const en = text(receiptHtml(bet(), t, 'en', 'Europe/Istanbul', 'Demo Bet'));
    expect(en).toContain('Demo Bet');
    // 15:00 UTC is 18:00 in Istanbul: one line per leg.
    expect(en.match(/bet\.receipt\.kick_off: 23 Nov 2026, 18:00/g)).toHaveLength(3);
    const tr = text(receiptHtml(bet(), t, 'tr', 'Europe/Istanbul', 'Kartal Bahis'));
    expect(tr).toContain('bet.receipt.kick_off: 23.11.2026 18:00');
    expect(tr).toContain('Kartal Bahis');
  });
});
