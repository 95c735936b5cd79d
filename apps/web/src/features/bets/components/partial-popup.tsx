import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { Currency } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { Popup } from '@/components/ui/popup';
import { formatUserMoney } from '@/lib/money';

const SHARES = [25, 50, 75] as const;

function PartialPicker({
  value,
  bounds,
  currency,
  onPick,
}: {
  value: number;
  bounds: { min: number; max: number };
  currency: Pick<Currency, 'symbol' | 'position'>;
  onPick: (amount: number) => void;
}) {
  const { t } = useTranslation();
  const full = bounds.max + bounds.min;
  const [amount, setAmount] = useState(Math.round(full / 2));
  const clamped = Math.min(bounds.max, Math.max(bounds.min, amount));
  return (
    <div className="partial">
      <p className="ui-popup__text">{t('cashout.partial_text')}</p>
      <input
        type="range"
        className="partial__range"
        min={bounds.min}
        max={bounds.max}
        step={1}
        value={clamped}
        aria-label={t('cashout.partial_now')}
        onChange={(e) => setAmount(Number(e.target.value))}
      />
      <div className="partial__shares">
        {SHARES.map((share) => (
          <button key={share} type="button" onClick={() => setAmount(Math.floor((full * share) / 100))}>
            {share}%
          </button>
        ))}
      </div>
      <dl className="partial__amounts">
        <div>
          <dt>{t('cashout.partial_now')}</dt>
          <dd data-testid="partial-amount">{formatUserMoney(clamped, currency)}</dd>
        </div>
        <div>
          <dt>{t('cashout.partial_rest')}</dt>
          <dd>{formatUserMoney(value - clamped, currency)}</dd>
        </div>
      </dl>
      <Button onClick={() => onPick(clamped)}>{t('cashout.continue')}</Button>
    </div>
  );
}

/** Partial cash-out (bet365): take part of the value now, the rest of the bet stays in play. */
export function PartialPopup({
  open,
  value,
  bounds,
  currency,
  onPick,
  onClose,
}: {
  open: boolean;
  /** The full cash-out value now. */
  value: number;
  bounds: { min: number; max: number } | null;
  currency: Pick<Currency, 'symbol' | 'position'>;
  onPick: (amount: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popup
      open={open && bounds !== null}
      title={t('cashout.partial_title')}
      onClose={onClose}
      closeLabel={t('betslip.close')}
    >
      {bounds && <PartialPicker value={value} bounds={bounds} currency={currency} onPick={onPick} />}
    </Popup>
  );
}
