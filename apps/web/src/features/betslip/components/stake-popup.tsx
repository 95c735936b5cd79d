import { useTranslation } from '@/lib/i18n';
import type { Currency } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { Numpad } from '@/components/ui/numpad';
import { Popup } from '@/components/ui/popup';
import { formatUserMoney } from '@/lib/money';
import { QUICK_STAKES, stakeAt, typedStakeText, type StakeField, type StakeState } from '../stake';
import { useStakeDraft } from './use-stake-draft';

interface StakeEditorProps {
  stake: StakeState;
  betCount: number;
  /** Spec §5: a multiple (and a one-bet slip) shows only the total. */
  showPerBet: boolean;
  currency: Pick<Currency, 'symbol' | 'position'>;
  onSave: (stake: StakeState) => void;
}

/** The typed text with the currency symbol on its side. */
const withSymbol = (text: string, currency: StakeEditorProps['currency']) =>
  currency.position === 'before' ? `${currency.symbol}${text}` : `${text} ${currency.symbol}`.trim();

/** The editor inside the popup: mounted on open, so it starts from the slip's stake every time. */
function StakeEditor({ stake, betCount, showPerBet, currency, onSave }: StakeEditorProps) {
  const { t } = useTranslation();
  const { field, draft, text, type, press, select } = useStakeDraft(stake, betCount, showPerBet);
  const placed = stakeAt(draft, betCount);
  const fields: [StakeField, string][] = showPerBet
    ? [
        ['perBet', 'betslip.stake_per_bet'],
        ['total', 'betslip.stake_total'],
      ]
    : [['total', 'betslip.stake_total']];
  return (
    <div className="stake-editor">
      <div className="stake-editor__fields">
        {fields.map(([name, label]) => (
          <button
            key={name}
            type="button"
            className="stake-field"
            aria-pressed={field === name}
            data-field={name}
            onClick={() => select(name)}
          >
            <span className="stake-field__label">{t(label)}</span>
            <span className="stake-field__value" data-testid={`stake-${name}`}>
              {field === name
                ? withSymbol(typedStakeText(text), currency)
                : formatUserMoney(name === 'perBet' ? draft.perBet : draft.total, currency)}
            </span>
          </button>
        ))}
      </div>
      {showPerBet && placed.total !== draft.total && (
        <p className="stake-editor__split" data-testid="stake-split">
          {t('betslip.stake_split', {
            count: betCount,
            perBet: formatUserMoney(placed.perBet, currency),
            total: formatUserMoney(placed.total, currency),
          })}
        </p>
      )}
      <div className="stake-editor__quick" role="group" aria-label={t('betslip.quick_amounts')}>
        {QUICK_STAKES.map((amount) => (
          <button key={amount} type="button" className="stake-quick" onClick={() => type(String(amount))}>
            {amount}
          </button>
        ))}
      </div>
      <Numpad
        onKey={press}
        deleteLabel={t('betslip.numpad_delete')}
        decimalLabel={t('betslip.numpad_decimal')}
        decimalMark="."
      />
      <Button className="stake-editor__done" onClick={() => onSave(draft)}>
        {t('betslip.done')}
      </Button>
    </div>
  );
}

/** Spec §2/§5 stake popup: per-bet and total fields, quick amounts 10–200 and the numpad. */
export function StakePopup({
  open,
  onClose,
  ...editor
}: StakeEditorProps & { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup open={open} title={t('betslip.stake')} onClose={onClose} closeLabel={t('betslip.close')}>
      <StakeEditor {...editor} />
    </Popup>
  );
}
