/** Money as integer minor units (cents/kuruş); never floats. */
export type Cents = number & { readonly __unit: 'cents' };

/** Brands an integer count of minor units; throws on fractions so float money cannot sneak in. */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`cents must be a safe integer, got ${value}`);
  return value as Cents;
}

export interface CurrencyFormat {
  symbol: string;
  position: 'before' | 'after';
}

/** Minor units as the number a person reads: `1,234.56` (spec §9: 2 decimals, thousands grouped). */
export function formatAmount(amount: Cents): string {
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${whole}.${(abs % 100).toString().padStart(2, '0')}`;
  return amount < 0 ? `-${text}` : text;
}

/** Formats minor units as `1,234.56` with the currency symbol before or after. */
export function formatMoney(amount: Cents, currency: CurrencyFormat): string {
  const signed = formatAmount(amount);
  return currency.position === 'before' ? `${currency.symbol}${signed}` : `${signed} ${currency.symbol}`;
}

/**
 * Parses an amount typed by a person (spec §5): non-numeric characters are stripped,
 * parentheses or a leading minus mean negative. Returns minor units.
 */
export function parseAmount(text: string): Cents {
  const negative = /\(.*\)/.test(text) || /^[^0-9]*-/.test(text);
  let cleaned = text.replace(/[^0-9.,]/g, '');
  // With both separators the comma groups thousands; alone, a comma is the decimal point (numpad).
  cleaned = cleaned.includes('.') ? cleaned.replace(/,/g, '') : cleaned.replace(',', '.');
  const [whole = '0', fraction = ''] = cleaned.split('.');
  const value = Number(whole || '0') * 100 + Number((fraction + '00').slice(0, 2));
  return cents(negative ? -value : value);
}
