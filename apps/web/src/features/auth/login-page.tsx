import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useLocalePath } from '@/lib/app-context';
import { loginWithPassword } from '@/lib/auth-token';
import { authStorage } from '@/lib/auth-storage';
import { logout, USER_QUERY_KEY, useIsLoggedIn } from '@/lib/session';
import { PasswordInput } from './password-input';
import './auth.css';

/** The alert's translation key for a failed token request (spec §8: the login error; 429 says to wait). */
export function loginErrorKey(error: unknown): string {
  return error instanceof ApiError && error.status === 429 ? 'auth.too_many_attempts' : 'auth.login_error';
}

/**
 * Spec §2 Login: username and password, show/hide toggle, alert on failure. `?u=…&s=…` prefill the
 * fields and log in at once; a logged-in visitor without them is sent home.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const to = useLocalePath();
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const linkUser = params.get('u') ?? '';
  const linkSecret = params.get('s') ?? '';
  const fromLink = linkUser !== '' && linkSecret !== '';
  const [username, setUsername] = useState(linkUser);
  const [password, setPassword] = useState(linkSecret);
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const autoStarted = useRef(false);

  async function login(user: string, secret: string) {
    setBusy(true);
    setErrorKey(null);
    try {
      // A u/s link may arrive while someone else is logged in here: end that session first.
      if (authStorage.get()) await logout(queryClient, { revoke: true });
      await loginWithPassword(user, secret);
      await queryClient.resetQueries({ queryKey: [USER_QUERY_KEY] });
      navigate(to('/'), { replace: true });
    } catch (error) {
      setErrorKey(loginErrorKey(error));
      setBusy(false);
    }
  }

  useEffect(() => {
    if (!fromLink || autoStarted.current) return;
    autoStarted.current = true;
    // The credentials leave the address bar (and the history) once read: no later request or shared URL carries
    // them (the server also sends Referrer-Policy: no-referrer).
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void login(linkUser, linkSecret);
    // Once per page load: the link's credentials are read at mount.
  }, []);

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
