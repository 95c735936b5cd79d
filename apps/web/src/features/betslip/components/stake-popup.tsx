import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { parseAmount } from '@sb/betting';
import type { Currency } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { Numpad, numpadInput, numpadKeyOf, pastedNumpadText, type NumpadKey } from '@/components/ui/numpad';
import { Popup } from '@/components/ui/popup';
import { formatUserMoney } from '@/lib/money';
import {
  editStake,
  QUICK_STAKES,
  stakeAt,
  stakeText,
  typedStakeText,
  type StakeField,
  type StakeState,
} from '../stake';

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

/**
 * A keyboard and the clipboard work like the numpad while the popup is open (a tablet or desktop player, or
 * one who pastes an amount): digits, either decimal mark, Backspace; a paste that is not a plain amount is
 * ignored. Keys typed into a form field elsewhere are left alone.
 */
function useTypedKeys(onKey: (key: NumpadKey) => void, onPaste: (text: string) => void) {
  const handlers = useRef({ onKey, onPaste });
  handlers.current = { onKey, onPaste };
  useEffect(() => {
    const keydown = (event: KeyboardEvent) => {
      const key = numpadKeyOf(event.key);
      const inField = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
      if (!key || inField || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      handlers.current.onKey(key);
    };
    const paste = (event: ClipboardEvent) => {
      const text = pastedNumpadText(event.clipboardData?.getData('text') ?? '');
      event.preventDefault();
      if (text !== null) handlers.current.onPaste(text);
    };
    document.addEventListener('keydown', keydown);
    document.addEventListener('paste', paste);
    return () => {
      document.removeEventListener('keydown', keydown);
      document.removeEventListener('paste', paste);
    };
  }, []);
}

/** The editor inside the popup: mounted on open, so it starts from the slip's stake every time. */
function StakeEditor({ stake, betCount, showPerBet, currency, onSave }: StakeEditorProps) {
  const { t } = useTranslation();
  const start = stakeAt(stake, betCount);
  const [field, setField] = useState<StakeField>(showPerBet ? stake.edited : 'total');
  const [draft, setDraft] = useState<StakeState>({ ...start, edited: field });
  const [text, setText] = useState(stakeText(field === 'perBet' ? start.perBet : start.total));
  // The preset shown when the editor opens (or a field is chosen) is selected, as bet365's is: the first digit
  // or decimal key replaces it, later keys append (§5). Delete edits the preset.
  const [preset, setPreset] = useState(true);
  const type = (next: string) => {
    setText(next);
    setPreset(false);
    setDraft(editStake(field, parseAmount(next), betCount));
  };
  const press = (key: NumpadKey) => type(numpadInput(preset && key !== 'delete' ? '' : text, key));
  useTypedKeys(press, type);
  const select = (next: StakeField) => {
    setField(next);
    setText(stakeText(next === 'perBet' ? draft.perBet : draft.total));
    setPreset(true);
    setDraft({ ...draft, edited: next });
  };
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
