import { useEffect, useRef, useState } from 'react';
import { parseAmount } from '@sb/betting';
import { numpadInput, numpadKeyOf, pastedNumpadText, type NumpadKey } from '@/components/ui/numpad';
import { editStake, stakeAt, stakeText, type StakeField, type StakeState } from '../stake';

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

/**
 * The stake being edited: the field chosen (per bet or total), the text typed in it and the stake it makes.
 * Starts from the slip's stake; the numpad, a keyboard and a paste all type into the chosen field.
 */
export function useStakeDraft(stake: StakeState, betCount: number, showPerBet: boolean) {
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
  return { field, draft, text, type, press, select };
}
