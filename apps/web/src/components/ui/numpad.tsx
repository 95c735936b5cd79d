import './numpad.css';

/** A key of the numpad: a digit, the decimal comma, or delete. */
export type NumpadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | ',' | 'delete';

/** Amounts stop at this many whole digits (99,999,999.99 and below). */
const MAX_WHOLE_DIGITS = 8;
const MAX_DECIMALS = 2;

/**
 * The text after a key press (spec §5 numpad): digits append, a comma starts the decimals (once; a leading
 * comma reads `0,`), delete removes the last character. At most 2 decimals and 8 whole digits; a leading 0 is
 * replaced by the next digit. The text is what the stake field shows; `parseAmount` turns it into minor units.
 */
export function numpadInput(text: string, key: NumpadKey): string {
  if (key === 'delete') return text.slice(0, -1);
  const [whole = '', decimals] = text.split(',');
  if (key === ',') return decimals !== undefined ? text : `${whole || '0'},`;
  if (decimals !== undefined) return decimals.length >= MAX_DECIMALS ? text : text + key;
  if (whole === '0') return key;
  return whole.length >= MAX_WHOLE_DIGITS ? text : text + key;
}

const KEYS: NumpadKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', ',', '0', 'delete'];

/** A 3×4 numpad of 56 px keys; the caller keeps the text and applies `numpadInput`. */
export function Numpad({ onKey, deleteLabel }: { onKey: (key: NumpadKey) => void; deleteLabel: string }) {
  return (
    <div className="ui-numpad" role="group">
      {KEYS.map((key) => (
        <button
          key={key}
          type="button"
          className={`ui-numpad__key${key === 'delete' ? ' ui-numpad__key--delete' : ''}`}
          aria-label={key === 'delete' ? deleteLabel : undefined}
          data-key={key}
          onClick={() => onKey(key)}
        >
          {key === 'delete' ? '⌫' : key}
        </button>
      ))}
    </div>
  );
}
