import {
  cents,
  formatDateTime,
  formatMoney,
  formatOdds,
  marketCaption,
  type OddsDisplayFormat,
} from '@sb/betting';
import { canonicalTimeZone, type BetView, type Locale } from '@sb/contract';
import { html, trustedHtml, type Html } from '../../lib/html';

/**
 * Odds as placed, in the client's odds format (the app's one formatter): decimal exact (2 decimals, or 3 when the
 * third is not 0, as the slip and My bets write them), fractional or American.
 */
export function receiptOdd(odd: number, format: OddsDisplayFormat = 'decimal'): string {
  return formatOdds(odd, format);
}

const STYLE = trustedHtml(
  'body{font:14px/1.4 system-ui,sans-serif;max-width:420px;margin:16px auto;padding:0 12px}table{width:100%;border-collapse:collapse}td,th{padding:6px 0;border-bottom:1px solid #ddd;text-align:left}.n{text-align:right;white-space:nowrap}h1{font-size:18px}',
);

/** An open bet has paid nothing yet (unless partly cashed out): no "Paid 0.00" line that reads like a loss. */
const SETTLED = new Set(['win', 'loss', 'refund', 'cancelled', 'cashout', 'rejected']);

/**
 * A printable receipt of a bet (spec §7: print=1, tz, host): every text escaped, no scripts. Each leg carries its
 * kick-off; the foot names the brand (the client's, else the host the page was printed from).
 */
export function receiptHtml(
  bet: BetView,
  t: (key: string) => string,
  locale: Locale,
  tz?: string,
  brand?: string,
  oddsFormat: OddsDisplayFormat = 'decimal',
  datePattern?: string,
): string {
  const money = (n: number) => formatMoney(cents(n), bet.currency);
  // Dates as the success page writes them (the one date style, @sb/betting dates.ts): the receipt printed
  // from that page reads like it, in the client's pattern (`date_format`) when it has one.
  const dates = { locale, timeZone: canonicalTimeZone(tz) ?? 'Europe/Istanbul', pattern: datePattern };
  const placed = formatDateTime(bet.created_at, dates);
  const systems =
    bet.type.name === 'system' ? ` ${bet.systems.map((k) => `${k}/${bet.odd_count}`).join(', ')}` : '';
  const kickOff = (i: BetView['items'][number]) =>
    i.matchStartDate &&
    html`<br><small>${t('bet.receipt.kick_off')}: ${formatDateTime(i.matchStartDate, dates)}</small>`;
  const rows = bet.items.map(
    (i) =>
      html`<tr><td>${i.fcName} – ${i.scName}${kickOff(i)}<br><small>${marketCaption(i.name, i.specialValue, i.selection)}: ${i.selection}${i.oddResult && ` · ${t(`bets.leg.${i.oddResult}`)}`}</small></td><td class="n">${receiptOdd(i.oddValue, oddsFormat)}</td></tr>`,
  );
  const line = (key: string, value: string | number) =>
    html`<tr><th>${t(key)}</th><td class="n">${value}</td></tr>`;
  const paid: Html | null =
    SETTLED.has(bet.result.key) || bet.earnings > 0 ? line('bet.receipt.paid', money(bet.earnings)) : null;
  return html`<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${t('bet.receipt.title')} #${bet.id}</title>
<style>${STYLE}</style></head>
<body><h1>${t('bet.receipt.title')}</h1><table>
${line('bet.receipt.number', `#${bet.id}`)}${line('bet.receipt.placed', placed)}${line('bet.receipt.status', t(`bet.status.${bet.result.key}`))}
${line('bet.receipt.bets', `${t(`bet.type.${bet.type.name}`)}${systems} · ${bet.bet_count}`)}</table>
<table>${rows}</table><table>
${line('bet.receipt.stake_per_bet', money(bet.amount_per_bet))}${line('bet.receipt.stake', money(bet.amount))}${line('bet.receipt.potential', money(bet.calculated_earnings))}${paid}
</table>${brand && html`<p><small>${brand}</small></p>`}</body></html>`.text;
}
