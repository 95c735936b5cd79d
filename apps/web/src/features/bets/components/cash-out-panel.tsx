import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { BetView } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatUserMoney } from '@/lib/money';
import { useCashOut } from '../api/cash-out';
import { useCashOutQuote } from '../api/get-cash-out-quote';
import { offerOf, partialBounds, stepAfter, type CashOutStep } from '../cash-out-flow';
import { PartialPopup } from './partial-popup';

/**
 * Cash-out of a waiting bet (spec §4, §8): the offer refreshed every 5 s, the reason when there is none, the
 * "are you sure" dialog, then the server's answer: the "Cashout!" alert, or the new price to try again.
 */
export function CashOutPanel({
  bet,
  onDone,
}: {
  bet: BetView;
  /** A cash-out was paid: the page shows the alert (the card may leave the list at once). */
  onDone: (paid: number, full: boolean) => void;
}) {
  const { t } = useTranslation();
  const quote = useCashOutQuote(bet.id, bet.result.key === 'waiting');
  const mutation = useCashOut();
  const [step, setStep] = useState<CashOutStep>({ kind: 'idle' });
  const money = (n: number) => formatUserMoney(n, bet.currency);
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

  return (
    <div className="cash-out" data-testid="cash-out">
      {offer > 0 ? (
        <div className="cash-out__actions">
          <Button
            className="cash-out__full"
            onClick={() => confirm(offer, false)}
            data-testid="cash-out-button"
            data-amount={offer}
          >
            {t('cashout.button', { amount: money(offer) })}
          </Button>
          {bounds && (
            <Button
              variant="secondary"
              onClick={() => setStep({ kind: 'partial' })}
              data-testid="cash-out-partial"
            >
              {t('cashout.partial')}
            </Button>
          )}
        </div>
      ) : (
        reason && (
          <p className="cash-out__reason" data-testid="cash-out-reason">
            {t(`bets.reason.${reason}`)}
          </p>
        )
      )}
      {step.kind === 'refused' && (
        <p className="cash-out__message" role="alert">
          {t(step.message, { amount: money(step.amount) })}
        </p>
      )}
      <PartialPopup
        open={step.kind === 'partial'}
        value={offer}
        bounds={bounds}
        currency={bet.currency}
        onPick={(amount) => confirm(amount, true)}
        onClose={() => setStep({ kind: 'idle' })}
      />
      <ConfirmDialog
        open={step.kind === 'confirm'}
        title={t('cashout.confirm_title')}
        text={t('cashout.confirm_text', { amount: money(step.kind === 'confirm' ? step.amount : 0) })}
        confirmLabel={t('cashout.yes')}
        cancelLabel={t('cashout.not_sure')}
        busy={mutation.isPending}
        onConfirm={execute}
        onCancel={() => setStep({ kind: 'idle' })}
      />
    </div>
  );
}
