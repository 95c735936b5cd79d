import { Icon } from '@/components/ui/icon';
import { useTranslation } from '@/lib/i18n';

/** A password box with its show / hide button (the login's and the set-password page's). */
export function PasswordInput(props: {
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  visible: boolean;
  onToggle: () => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className="field__with-action">
      <input
        name={props.name}
        type={props.visible ? 'text' : 'password'}
        autoComplete={props.autoComplete}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.describedBy}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <button
        type="button"
        className="field__action"
        aria-pressed={props.visible}
        aria-label={t(props.visible ? 'login.hide_password' : 'login.show_password')}
        onClick={props.onToggle}
      >
        <Icon name={props.visible ? 'eye-off' : 'eye'} />
      </button>
    </span>
  );
}
