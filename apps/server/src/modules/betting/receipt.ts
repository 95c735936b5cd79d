import { formatMoney, formatOdds, cents, type OddsDisplayFormat } from '@sb/betting';
import type { BetView, Locale } from '@sb/contract';
import { escapeHtml } from '../identity/index';

const zoneOf = (tz: string | undefined) => {
  try {
    return tz
      ? new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone
      : 'Europe/Istanbul';
  } catch {
    return 'Europe/Istanbul';
  }
};

/**
 * Dates as the web writes them (apps/web/src/lib/dates.ts): Turkish `23.11.2026 10:45`, English
 * `23 Nov 2026, 10:45`, 24-hour clock: the receipt printed from the success page reads like that page.
 */
const DATE_STYLE: Record<Locale, [string, Intl.DateTimeFormatOptions]> = {
  tr: ['tr-TR', { day: '2-digit', month: '2-digit', year: 'numeric' }],
  en: ['en-GB', { day: 'numeric', month: 'short', year: 'numeric' }],
};

/**
 * Odds as placed, in the client's odds format (the app's one formatter): decimal exact (2 decimals, or 3 when the
 * third is not 0, as the slip and My bets write them), fractional or American.
 */
export function receiptOdd(odd: number, format: OddsDisplayFormat = 'decimal'): string {
  return formatOdds(odd, format);
}

/** An open bet has paid nothing yet (unless partly cashed out): no "Paid 0.00" line that reads like a loss. */
const SETTLED = new Set(['win', 'loss', 'refund', 'cancelled', 'cashout', 'rejected']);

/** A printable receipt of a bet (spec §7: print=1, tz, host): every text escaped, no scripts. */
export function receiptHtml(
  bet: BetView,
  t: (key: string) => string,
  locale: Locale,
  tz?: string,
  host?: string,
  oddsFormat: OddsDisplayFormat = 'decimal',
): string {
  const money = (n: number) => escapeHtml(formatMoney(cents(n), bet.currency));
  const [tag, style] = DATE_STYLE[locale];
  const date = new Intl.DateTimeFormat(tag, {
    ...style,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zoneOf(tz),
  });
  const systems =
    bet.type.name === 'system' ? ` ${bet.systems.map((k) => `${k}/${bet.odd_count}`).join(', ')}` : '';
  const rows = bet.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.fcName)} – ${escapeHtml(i.scName)}<br><small>${escapeHtml(i.name)}${i.specialValue ? ` (${escapeHtml(i.specialValue)})` : ''}: ${escapeHtml(i.selection)}${i.oddResult ? ` · ${escapeHtml(t(`bets.leg.${i.oddResult}`))}` : ''}</small></td><td class="n">${receiptOdd(i.oddValue, oddsFormat)}</td></tr>`,
    )
    .join('');
  const line = (key: string, value: string) =>
    `<tr><th>${escapeHtml(t(key))}</th><td class="n">${value}</td></tr>`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(t('bet.receipt.title'))} #${bet.id}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;max-width:420px;margin:16px auto;padding:0 12px}table{width:100%;border-collapse:collapse}td,th{padding:6px 0;border-bottom:1px solid #ddd;text-align:left}.n{text-align:right;white-space:nowrap}h1{font-size:18px}</style></head>
<body><h1>${escapeHtml(t('bet.receipt.title'))}</h1><table>
${line('bet.receipt.number', `#${bet.id}`)}${line('bet.receipt.placed', escapeHtml(date.format(new Date(bet.created_at))))}${line('bet.receipt.status', escapeHtml(t(`bet.status.${bet.result.key}`)))}
${line('bet.receipt.bets', `${escapeHtml(t(`bet.type.${bet.type.name}`))}${systems} · ${bet.bet_count}`)}</table>
<table>${rows}</table><table>
${line('bet.receipt.stake_per_bet', money(bet.amount_per_bet))}${line('bet.receipt.stake', money(bet.amount))}${line('bet.receipt.potential', money(bet.calculated_earnings))}${SETTLED.has(bet.result.key) || bet.earnings > 0 ? line('bet.receipt.paid', money(bet.earnings)) : ''}
</table>${host ? `<p><small>${escapeHtml(host)}</small></p>` : ''}</body></html>`;
}
