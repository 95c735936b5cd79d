import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PasswordSetupCheck } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useLocalePath } from '@/lib/app-context';
import { loginWithPassword } from '@/lib/auth-token';
import { authStorage } from '@/lib/auth-storage';
import { useTranslation } from '@/lib/i18n';
import { logout, USER_QUERY_KEY } from '@/lib/session';
import { PasswordInput } from './password-input';
import './auth.css';

type Link = { state: 'checking' } | { state: 'invalid' } | { state: 'ready'; username: string };
/** A field's message: a translation key, or the server's text (already in the page's language). */
type Problem = { field: 'password' | 'repeat' | 'form'; key?: string; text?: string };

/** The page's message for a refused setup: the field the server named, or the whole form. */
function problemOf(error: unknown): Problem | 'invalid' {
  if (!(error instanceof ApiError)) return { field: 'form', key: 'set_password.failed' };
  if (error.body.error === 'invalid_token') return 'invalid';
  if (error.status === 429) return { field: 'form', key: 'auth.too_many_attempts' };
  if (error.body.field === 'password' && error.body.message)
    return { field: 'password', text: String(error.body.message) };
  return { field: 'form', key: 'set_password.failed' };
}

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
  const queryClient = useQueryClient();
  const token = params.get('token') ?? '';
  const [link, setLink] = useState<Link>(token ? { state: 'checking' } : { state: 'invalid' });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    apiRequest<{ result: PasswordSetupCheck }>('api', '/api/v1/password-setup/check', {
      method: 'POST',
      body: { token },
      auth: false,
    })
      .then((r) => live && setLink({ state: 'ready', username: r.result.username }))
      .catch((error: unknown) => {
        if (!live) return;
        const found = problemOf(error);
        if (found === 'invalid') setLink({ state: 'invalid' });
        else {
          setProblem(found);
          setLink({ state: 'invalid' });
        }
      });
    return () => {
      live = false;
    };
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (link.state !== 'ready' || busy) return;
    setProblem(null);
    if (password !== repeat) {
      setProblem({ field: 'repeat', key: 'set_password.mismatch' });
      return;
    }
    setBusy(true);
    try {
      const done = await apiRequest<{ result: { username: string } }>('api', '/api/v1/password-setup', {
        method: 'POST',
        body: { token, password },
        auth: false,
      });
      // Someone else may be logged in on this device: their session ends first.
      if (authStorage.get()) await logout(queryClient, { revoke: true });
      await loginWithPassword(done.result.username, password);
      await queryClient.resetQueries({ queryKey: [USER_QUERY_KEY] });
      navigate(to('/'), { replace: true });
    } catch (error) {
      const found = problemOf(error);
      if (found === 'invalid') setLink({ state: 'invalid' });
      else setProblem(found);
      setBusy(false);
    }
  }

  const message = (p: Problem | null, field: Problem['field']) =>
    p?.field === field ? (p.text ?? t(p.key ?? 'set_password.failed')) : null;
  const passwordError = message(problem, 'password');
  const repeatError = message(problem, 'repeat');
  const formError = message(problem, 'form');

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
            {formError ?? t('set_password.invalid')}
          </p>
          <Button type="button" onClick={() => navigate(to('/login'))}>
            {t('set_password.to_login')}
          </Button>
        </div>
      )}
      {link.state === 'ready' && (
        <form onSubmit={(e) => void submit(e)} className="login-form" noValidate>
          <p className="set-password__note" data-testid="set-password-account">
            {t('set_password.account', { username: link.username })}
          </p>
          {formError && (
            <p role="alert" className="login-form__alert">
              {formError}
            </p>
          )}
          {/* For password managers: the account the new password belongs to. */}
          <input type="hidden" name="username" autoComplete="username" value={link.username} />
          <label className="field">
            <span>{t('set_password.new')}</span>
            <PasswordInput
              name="new-password"
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              visible={visible}
              onToggle={() => setVisible((v) => !v)}
              invalid={Boolean(passwordError)}
              describedBy="set-password-rules"
            />
            {passwordError && (
              <span role="alert" className="field__error">
                {passwordError}
              </span>
            )}
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
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
            />
            {repeatError && (
              <span role="alert" className="field__error">
                {repeatError}
              </span>
            )}
          </label>
          <Button type="submit" disabled={busy}>
            {t(busy ? 'set_password.submitting' : 'set_password.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
