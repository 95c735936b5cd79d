/** A labelled text input of a desk form (`wide` for a reason). */
export function Field(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  inputMode?: 'numeric' | 'decimal';
  disabled?: boolean;
  wide?: boolean;
}) {
  return (
    <label className={props.wide ? 'wide' : undefined}>
      {props.label}
      <input
        name={props.name}
        inputMode={props.inputMode}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
