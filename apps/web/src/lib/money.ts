import { cents, formatMoney } from '@sb/betting';
import type { Currency } from '@sb/contract';

/** Formats an amount in minor units (the contract's unit) per the user's currency: `₺1,234.56` or `1,234.56 X`. */
export function formatUserMoney(minorUnits: number, currency: Pick<Currency, 'symbol' | 'position'>): string {
  return formatMoney(cents(minorUnits), currency);
}

/** Spec §2: the header's deposit-wagering row always reads 0.00 with the Turkish lira sign. */
export function depositWageringText(position: Currency['position']): string {
  return formatUserMoney(0, { symbol: '₺', position });
}
