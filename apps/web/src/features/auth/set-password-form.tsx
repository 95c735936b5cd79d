import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { PasswordInput } from './password-input';
import type { useSetPassword } from './use-set-password';

/** A field's message: the server's text, else its translation key's; null when the problem is another field's. */
export function problemText(
  problem: ReturnType<typeof useSetPassword>['problem'],
  field: 'password' | 'repeat' | 'form',
  t: (key: string) => string,
): string | null {
  return problem?.field === field ? (problem.text ?? t(problem.key ?? 'set_password.failed')) : null;
}

/** A field's error under it, when it has one. */
function FieldError({ text }: { text: string | null }) {
  return text ? (
    <span role="alert" className="field__error">
      {text}
    </span>
  ) : null;
}

/** The new password, twice, for the account the link is for (the change-password rules, checked by the server). */
export function SetPasswordForm({
  form,
  username,
}: {
  form: ReturnType<typeof useSetPassword>;
  username: string;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const { problem, busy } = form;
  const passwordError = problemText(problem, 'password', t);
  const repeatError = problemText(problem, 'repeat', t);
  const formError = problemText(problem, 'form', t);
  return (
    <form onSubmit={(e) => void form.submit(e)} className="login-form" noValidate>
      <p className="set-password__note" data-testid="set-password-account">
        {t('set_password.account', { username })}
      </p>
      {formError && (
        <p role="alert" className="login-form__alert">
          {formError}
        </p>
      )}
      {/* For password managers: the account the new password belongs to. */}
      <input type="hidden" name="username" autoComplete="username" value={username} />
      <label className="field">
        <span>{t('set_password.new')}</span>
        <PasswordInput
          name="new-password"
          autoComplete="new-password"
          value={form.password}
          onChange={form.setPassword}
          visible={visible}
          onToggle={() => setVisible((v) => !v)}
          invalid={Boolean(passwordError)}
          describedBy="set-password-rules"
        />
        <FieldError text={passwordError} />
      </label>
      <p id="set-password-rules" className="set-password__note">
        {t('set_password.rules')}
      </p>
      <label className="field">
        <span>{t('set_password.repeat')}</span>
        <input
          name="repeat-password"
          type={visible ? 'text' : 'password'}
          autoComplete="new-password"
          aria-invalid={repeatError ? true : undefined}
          value={form.repeat}
          onChange={(e) => form.setRepeat(e.target.value)}
        />
        <FieldError text={repeatError} />
      </label>
      <Button type="submit" disabled={busy}>
        {t(busy ? 'set_password.submitting' : 'set_password.submit')}
      </Button>
    </form>
  );
}
