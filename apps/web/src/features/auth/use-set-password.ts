import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PasswordSetupCheck } from '@sb/contract';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useLocalePath } from '@/lib/app-context';
import { loginWithPassword } from '@/lib/auth-token';
import { authStorage } from '@/lib/auth-storage';
import { logout, USER_QUERY_KEY } from '@/lib/session';

/** A set-password link as the server read it. */
export type PasswordLink =
  { state: 'checking' } | { state: 'invalid' } | { state: 'ready'; username: string };
/** A field's message: a translation key, or the server's text (already in the page's language). */
export type Problem = { field: 'password' | 'repeat' | 'form'; key?: string; text?: string };

/** The page's message for a refused setup: the field the server named, or the whole form. */
function problemOf(error: unknown): Problem | 'invalid' {
  if (!(error instanceof ApiError)) return { field: 'form', key: 'set_password.failed' };
  if (error.body.error === 'invalid_token') return 'invalid';
  if (error.status === 429) return { field: 'form', key: 'auth.too_many_attempts' };
  if (error.body.field === 'password' && error.body.message)
    return { field: 'password', text: String(error.body.message) };
  return { field: 'form', key: 'set_password.failed' };
}

/** Whose link `token` is, asked of the server once: checking, invalid (with why, when it is not just unknown), ready. */
function usePasswordLink(token: string, setProblem: (problem: Problem) => void) {
  const [link, setLink] = useState<PasswordLink>(token ? { state: 'checking' } : { state: 'invalid' });
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
  }, [token, setProblem]);
  return [link, setLink] as const;
}

/** The set-password form's state: the link, the two passwords, and its submit (set, then log in with it). */
export function useSetPassword(token: string) {
  const navigate = useNavigate();
  const to = useLocalePath();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [link, setLink] = usePasswordLink(token, setProblem);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);

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
  return { link, problem, password, setPassword, repeat, setRepeat, busy, submit };
}
