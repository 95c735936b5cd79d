import type { Currency } from '@sb/contract';

/** Display data of the currencies clients can hold; unknown codes show the ISO code after the amount. */
const CURRENCIES: Record<string, Omit<Currency, 'iso_code'>> = {
  TRY: { symbol: '₺', position: 'before' },
  EUR: { symbol: '€', position: 'before' },
  USD: { symbol: '$', position: 'before' },
  GBP: { symbol: '£', position: 'before' },
};

export function currencyOf(iso: string): Currency {
  return { ...(CURRENCIES[iso] ?? { symbol: iso, position: 'after' }), iso_code: iso };
}

/** Whether clients can hold this currency (a client made on the desk: the brand's or one of these). */
export const isClientCurrency = (iso: string): boolean => iso in CURRENCIES;
