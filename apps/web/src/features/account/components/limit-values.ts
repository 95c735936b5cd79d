import { parseAmount } from '@sb/betting';
import type { Limit, LimitsUpdate } from '@sb/contract';

/** A limit amount (minor units) as the text of its input: `500.00`, empty for no limit. */
export const limitText = (amount: number | null): string =>
  amount === null ? '' : (amount / 100).toFixed(2);

/**
 * The typed text as minor units: empty = no limit (null); anything without a digit, zero or negative is invalid
 * (the server refuses a limit of 0: a time-out or self-exclusion stops betting).
 */
export function parseLimitText(text: string): number | null | 'invalid' {
  if (text.trim() === '') return null;
  if (!/\d/.test(text)) return 'invalid';
  const value = parseAmount(text);
  return value <= 0 ? 'invalid' : value;
}

/** The limits whose input changed from what the server has, ready for PUT; 'invalid' names a bad field. */
export function changedLimits(
  limits: Limit[],
  texts: Record<string, string>,
): LimitsUpdate['limits'] | { invalid: string } {
  const changes: LimitsUpdate['limits'] = [];
  for (const limit of limits) {
    const key = `${limit.type}.${limit.period}`;
    const text = texts[key] ?? limitText(limit.amount);
    if (text === limitText(limit.amount)) continue;
    const amount = parseLimitText(text);
    if (amount === 'invalid') return { invalid: key };
    changes.push({ type: limit.type, period: limit.period, amount });
  }
  return changes;
}
