import type { CashOutQuote } from '@sb/contract';
import type { CashOutResult } from './api/cash-out';

/** Where a cash-out stands: choosing a part, confirming, done (the alert), or refused with a message. */
export type CashOutStep =
  | { kind: 'idle' }
  | { kind: 'partial' }
  | { kind: 'confirm'; amount: number; partial: boolean; expected: number }
  | { kind: 'done'; paid: number }
  | {
      kind: 'refused';
      message: 'cashout.price_changed' | 'cashout.unavailable' | 'error.generic';
      amount: number;
    };

/** The value on offer: 0 while unknown, when the price call failed (spec §8) or when unavailable. */
export const offerOf = (quote: CashOutQuote | undefined, failed: boolean): number =>
  !failed && quote?.available ? quote.amount : 0;

/** The step after the server answered a confirmed cash-out. */
export function stepAfter(result: CashOutResult): CashOutStep {
  if (result.status === 'cashed_out' || result.status === 'partial')
    return { kind: 'done', paid: result.paid };
  // A retried request that already paid: the bet's cash-outs say how much.
  if (result.status === 'replayed') return { kind: 'done', paid: result.bet.cashed_out };
  if (result.status === 'price_changed')
    return { kind: 'refused', message: 'cashout.price_changed', amount: result.quote.amount };
  return { kind: 'refused', message: 'cashout.unavailable', amount: 0 };
}

/** The part of a quote a partial cash-out may take: at least minPartial, leaving at least minPartial. */
export function partialBounds(quote: CashOutQuote): { min: number; max: number } | null {
  const min = quote.minPartial;
  const max = quote.amount - quote.minPartial;
  return quote.available && max >= min ? { min, max } : null;
}
