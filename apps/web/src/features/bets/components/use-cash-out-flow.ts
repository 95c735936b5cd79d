import { useState } from 'react';
import type { BetView } from '@sb/contract';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useCashOut } from '../api/cash-out';
import { useCashOutQuote } from '../api/get-cash-out-quote';
import { offerOf, partialBounds, stepAfter, type CashOutStep } from '../cash-out-flow';

/**
 * A waiting bet's cash-out: the offer (refreshed by the quote), why there is none, the partial bounds, and the
 * steps from "are you sure" to the server's answer. `onDone` is told what was paid and whether it was all of it.
 */
export function useCashOutFlow(bet: BetView, onDone: (paid: number, full: boolean) => void) {
  const quote = useCashOutQuote(bet.id, bet.result.key === 'waiting');
  const mutation = useCashOut();
  const [step, setStep] = useState<CashOutStep>({ kind: 'idle' });
  const offer = offerOf(quote.data, quote.isError);
  const reason = !quote.isError && quote.data && !quote.data.available ? quote.data.reason : null;
  const bounds = quote.data ? partialBounds(quote.data) : null;

  const confirm = (amount: number, partial: boolean) =>
    setStep({ kind: 'confirm', amount, partial, expected: offer });
  const execute = () => {
    if (step.kind !== 'confirm') return;
    const { partial, amount, expected } = step;
    const request = { betId: bet.id, expected, key: newIdempotencyKey() };
    mutation.mutate(partial ? { ...request, amount } : request, {
      onSuccess: (result) => {
        const next = stepAfter(result);
        if (next.kind === 'done') onDone(next.paid, !partial);
        setStep(next.kind === 'done' ? { kind: 'idle' } : next);
      },
      onError: () => setStep({ kind: 'refused', message: 'error.generic', amount: 0 }),
    });
  };
  return { offer, reason, bounds, step, setStep, confirm, execute, busy: mutation.isPending };
}
