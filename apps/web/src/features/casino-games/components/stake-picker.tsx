import { useTranslation } from '@/lib/i18n';
import type { Currency } from '@sb/contract';
import { formatUserMoney } from '@/lib/money';

/** Steps through the stakes the game accepts (the server refuses any other). */
export function StakePicker({
  stakes,
  value,
  onChange,
  currency,
  disabled,
}: {
  stakes: number[];
  value: number;
  onChange: (stake: number) => void;
  currency: Pick<Currency, 'symbol' | 'position'>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const index = Math.max(0, stakes.indexOf(value));
  return (
    <div className="stake-picker" role="group" aria-label={t('casino.play.stake')}>
      <button
        type="button"
        aria-label={t('casino.slot.stake_down')}
        disabled={disabled || index === 0}
        onClick={() => onChange(stakes[index - 1]!)}
      >
        −
      </button>
      <div className="stake-picker__value">
        <span>{t('casino.play.stake')}</span>
        <strong data-testid="stake-value">{formatUserMoney(value, currency)}</strong>
      </div>
      <button
        type="button"
        aria-label={t('casino.slot.stake_up')}
        disabled={disabled || index === stakes.length - 1}
        onClick={() => onChange(stakes[index + 1]!)}
      >
        +
      </button>
    </div>
  );
}
