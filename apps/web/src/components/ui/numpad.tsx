import './numpad.css';

/** A key of the numpad: a digit, the decimal key (spec §5: "a comma starts decimal entry"), or delete. */
export type NumpadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | ',' | 'delete';

/** Amounts stop at this many whole digits (99,999,999.99 and below). */
const MAX_WHOLE_DIGITS = 8;
const MAX_DECIMALS = 2;

/**
 * The text after a key press (spec §5 numpad): digits append, a comma starts the decimals (once; a leading
 * comma reads `0,`), delete removes the last character. At most 2 decimals and 8 whole digits; a leading 0 is
 * replaced by the next digit. The text is what the stake field holds; `parseAmount` turns it into minor units.
 */
export function numpadInput(text: string, key: NumpadKey): string {
  if (key === 'delete') return text.slice(0, -1);
  const [whole = '', decimals] = text.split(',');
  if (key === ',') return decimals !== undefined ? text : `${whole || '0'},`;
  if (decimals !== undefined) return decimals.length >= MAX_DECIMALS ? text : text + key;
  if (whole === '0') return key;
  return whole.length >= MAX_WHOLE_DIGITS ? text : text + key;
}

/** The numpad key a physical key stands for (digits, either decimal mark, Backspace/Delete), or null. */
export function numpadKeyOf(key: string): NumpadKey | null {
  if (/^[0-9]$/.test(key)) return key as NumpadKey;
  if (key === ',' || key === '.') return ',';
  if (key === 'Backspace' || key === 'Delete') return 'delete';
  return null;
}

/**
 * Pasted text as numpad text (`₺1.234,5` → `1234,5`, `1,234.50` → `1234,50`), or null when it is not a plain
 * positive amount the numpad could have typed: a sign or parentheses (negative, spec §5), letters, more than
 * 2 decimals or 8 whole digits. A mark followed by one or two final digits is the decimal one; any other mark
 * must group thousands (`12.345.678`), so `0.005` or `1234.567` are refused rather than misread.
 */
export function pastedNumpadText(pasted: string): string | null {
  if (/[-(]/.test(pasted)) return null;
  const text = pasted.trim().replace(/^[^\d.,]+|[^\d.,]+$/g, '');
  if (!/^[\d.,]+$/.test(text)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const grouped = decimal ? text.slice(0, decimal.index) : text;
  const plain = /^\d*$/.test(grouped) && (grouped !== '' || decimal !== null);
  if (!plain && !/^[1-9]\d{0,2}([.,]\d{3})+$/.test(grouped)) return null;
  const whole = grouped.replace(/[.,]/g, '').replace(/^0+(?=\d)/, '') || '0';
  if (whole.length > MAX_WHOLE_DIGITS) return null;
  return decimal ? `${whole},${decimal[1]}` : whole;
}

const KEYS: NumpadKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', ',', '0', 'delete'];

/**
 * A 3×4 numpad of 52 px keys; the caller keeps the text and applies `numpadInput`. The decimal key shows the
 * decimal mark amounts are written with (`decimalMark`), whatever key value it sends.
 */
export function Numpad({
  onKey,
  deleteLabel,
  decimalLabel,
  decimalMark = ',',
}: {
  onKey: (key: NumpadKey) => void;
  deleteLabel: string;
  decimalLabel: string;
  decimalMark?: string;
}) {
  const labelOf = (key: NumpadKey) =>
    key === 'delete' ? deleteLabel : key === ',' ? decimalLabel : undefined;
  return (
    <div className="ui-numpad" role="group">
      {KEYS.map((key) => (
        <button
          key={key}
          type="button"
          className={`ui-numpad__key${key === 'delete' ? ' ui-numpad__key--delete' : ''}`}
          aria-label={labelOf(key)}
          data-key={key}
          onClick={() => onKey(key)}
        >
          {key === 'delete' ? '⌫' : key === ',' ? decimalMark : key}
        </button>
      ))}
    </div>
  );
}
