import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useLocalePath } from '@/lib/app-context';
import { useTranslation } from '@/lib/i18n';
import { problemText, SetPasswordForm } from './set-password-form';
import { useSetPassword } from './use-set-password';
import './auth.css';

/**
 * Issue 35 §2: `/{lang}/set-password?token=…`, the one-time link an operator gave a new client (or a reset). It
 * reads whose link it is, takes the new password twice (the change-password rules, checked by the server) and
 * logs the client in with it. An unknown, expired, replaced or used link says so, with the way to the login.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const to = useLocalePath();
  const form = useSetPassword(params.get('token') ?? '');
  const { link } = form;

  return (
    <section className="login-page set-password" data-testid="set-password">
      <h1>{t('set_password.title')}</h1>
      {link.state === 'checking' && (
        <p role="status" className="set-password__note">
          {t('set_password.checking')}
        </p>
      )}
      {link.state === 'invalid' && (
        <div className="login-form">
          <p role="alert" className="login-form__alert" data-testid="set-password-invalid">
            {problemText(form.problem, 'form', t) ?? t('set_password.invalid')}
          </p>
          <Button type="button" onClick={() => navigate(to('/login'))}>
            {t('set_password.to_login')}
          </Button>
        </div>
      )}
      {link.state === 'ready' && <SetPasswordForm form={form} username={link.username} />}
    </section>
  );
}
