import { useTranslation } from '@/lib/i18n';
import type { BetView } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatUserMoney } from '@/lib/money';
import { PartialPopup } from './partial-popup';
import { useCashOutFlow } from './use-cash-out-flow';

/** The offer's buttons (all of it, or part), else why there is none. */
function CashOutOffer({
  offer,
  reason,
  partial,
  money,
  onFull,
  onPartial,
}: {
  offer: number;
  reason: string | null;
  /** A part may be cashed out (the quote gave bounds). */
  partial: boolean;
  money: (n: number) => string;
  onFull: () => void;
  onPartial: () => void;
}) {
  const { t } = useTranslation();
  return offer > 0 ? (
    <div className="cash-out__actions">
      <Button className="cash-out__full" onClick={onFull} data-testid="cash-out-button" data-amount={offer}>
        {t('cashout.button', { amount: money(offer) })}
      </Button>
      {partial && (
        <Button variant="secondary" onClick={onPartial} data-testid="cash-out-partial">
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
  );
}

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
  const { offer, reason, bounds, step, setStep, confirm, execute, busy } = useCashOutFlow(bet, onDone);
  const money = (n: number) => formatUserMoney(n, bet.currency);

  return (
    <div className="cash-out" data-testid="cash-out">
      <CashOutOffer
        offer={offer}
        reason={reason}
        partial={bounds !== null}
        money={money}
        onFull={() => confirm(offer, false)}
        onPartial={() => setStep({ kind: 'partial' })}
      />
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
        busy={busy}
        onConfirm={execute}
        onCancel={() => setStep({ kind: 'idle' })}
      />
    </div>
  );
}
