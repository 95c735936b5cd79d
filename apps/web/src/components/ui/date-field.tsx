import { useDateFormat } from '@/lib/dates';
import './date-field.css';

/**
 * A date input that reads like every other date of the app (My bets' filter, the transactions filter). A native
 * date input shows its value in the device's format (10/23/2026 on an English phone, beside 23.10.2026 on a
 * Turkish page): here the date is written by the shared date module, and the native input lies invisibly over
 * it, so a tap still opens the system's date picker.
 */
export function DateField({
  label,
  name,
  value,
  max,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  const dates = useDateFormat();
  return (
    <label className="ui-date">
      <span>{label}</span>
      <span className="ui-date__box">
        <span aria-hidden="true" data-testid={`date-field-${name}`}>
          {value ? dates.plainDate(value) : ''}
        </span>
        <input
          className="ui-date__input"
          type="date"
          name={name}
          value={value}
          max={max}
          required
          onChange={(e) => onChange(e.target.value)}
        />
      </span>
    </label>
  );
}
