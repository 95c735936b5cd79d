import { useDateFormat } from '@/lib/dates';

/**
 * A date input that reads like every other date of the app. A native date input shows its value in the
 * device's format (10/23/2026 on an English phone) whatever the page's language: here the date is written by
 * the shared date module, and the native input lies invisibly over it, so a tap still opens the system picker.
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
    <label className="date-field">
      <span className="date-field__label">{label}</span>
      <span className="date-field__box">
        <span aria-hidden="true">{value ? dates.plainDate(value) : ''}</span>
        <input
          className="date-field__input"
          type="date"
          name={name}
          value={value}
          max={max}
          onChange={(e) => onChange(e.target.value)}
          required
        />
      </span>
    </label>
  );
}
