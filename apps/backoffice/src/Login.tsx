import { useState, type FormEvent } from 'react';
import type { OpsLogin, OpsSession, OpsTotpEnrolment } from '@sb/contract';
import { call, session } from './api';
import { errorText } from './app/error-text';
import type { Texts } from './i18n';
import type { Me } from './app/me';
import { meOf } from './app/may';

/** Password and TOTP code; an operator without a second factor enrols from a QR code first. */
export function Login({ t, onLoggedIn }: { t: Texts; onLoggedIn: (me: Me) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [enrol, setEnrol] = useState<{ qrSvg: string; secret: string } | null>(null);

  const fail = (e: unknown) => setError(errorText(t.lang, e));
  /** The signed-in operator as the server sees them: role, brand by name, what they may do. */
  const signedIn = async () => onLoggedIn(meOf(await call<OpsSession>('GET', '/ops/v1/session')));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (enrol) {
        await call('POST', '/ops/v1/session/totp/confirm', { totp });
        await signedIn();
        return;
      }
      const r = await call<OpsLogin>('POST', '/ops/v1/session', {
        username,
        password,
        ...(totp ? { totp } : {}),
      });
      session.setCsrf(r.csrfToken);
      if (r.totpEnrolmentRequired) {
        const started = await call<OpsTotpEnrolment>('POST', '/ops/v1/session/totp');
        setEnrol(started);
        setTotp('');
        return;
      }
      await signedIn();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="login panel" onSubmit={submit}>
      {enrol ? (
        <>
          <h2>{t.enrolTitle}</h2>
          <p>{t.enrolHelp}</p>
          <img
            alt="QR"
            width={200}
            height={200}
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrol.qrSvg)}`}
          />
          <code data-testid="totp-secret">{enrol.secret}</code>
        </>
      ) : (
        <>
          <label>
            {t.username}
            <input
              name="username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </label>
          <label>
            {t.password}
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
        </>
      )}
      <label>
        {t.totp}
        <input
          name="totp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={totp}
          onChange={(e) => setTotp(e.target.value.replace(/\D/g, ''))}
        />
        {!enrol && <span className="status">{t.totpHint}</span>}
      </label>
      {error && (
        <div className="error" role="alert">
          {error}
        </div>
      )}
      <button className="primary" type="submit" disabled={busy}>
        {enrol ? t.confirm : t.login}
      </button>
    </form>
  );
}
