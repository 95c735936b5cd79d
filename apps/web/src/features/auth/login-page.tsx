import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useLocalePath } from '@/lib/app-context';
import { useIsLoggedIn } from '@/lib/session';
import { PasswordInput } from './password-input';
import { useLogin } from './use-login';
import './auth.css';

/**
 * Spec §2 Login: username and password, show/hide toggle, alert on failure. `?u=…&s=…` prefill the
 * fields and log in at once; a logged-in visitor without them is sent home.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const to = useLocalePath();
  const loggedIn = useIsLoggedIn();
  const linkUser = params.get('u') ?? '';
  const linkSecret = params.get('s') ?? '';
  const [username, setUsername] = useState(linkUser);
  const [password, setPassword] = useState(linkSecret);
  const [visible, setVisible] = useState(false);
  const { busy, errorKey, login, fromLink } = useLogin({ user: linkUser, secret: linkSecret });

  if (loggedIn && !fromLink && !busy) return <Navigate replace to={to('/')} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void login(username, password);
  };

  return (
    <section className="login-page">
      <h1>{t('login.title')}</h1>
      <form onSubmit={submit} className="login-form" noValidate>
        {errorKey && (
          <p role="alert" className="login-form__alert">
            {t(errorKey)}
          </p>
        )}
        <label className="field">
          <span>{t('login.username')}</span>
          <input
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('login.password')}</span>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            visible={visible}
            onToggle={() => setVisible((v) => !v)}
          />
        </label>
        <Button type="submit" disabled={busy}>
          {t(busy ? 'login.submitting' : 'login.submit')}
        </Button>
      </form>
    </section>
  );
}
