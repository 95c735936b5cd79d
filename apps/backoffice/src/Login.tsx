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

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const next = await logIn(enrol !== null, { username, password, totp });
      if (next === null) return onLoggedIn(await signedIn());
      setEnrol(next);
      setTotp('');
    } catch (err) {
      setError(errorText(t.lang, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="login panel" onSubmit={submit}>
      {enrol ? (
        <Enrolment t={t} enrol={enrol} />
      ) : (
        <Credentials
          t={t}
          username={username}
          password={password}
          onUsername={setUsername}
          onPassword={setPassword}
        />
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

/** The signed-in operator as the server sees them: role, brand by name, what they may do. */
const signedIn = async () => meOf(await call<OpsSession>('GET', '/ops/v1/session'));

/**
 * One press of the form: the code confirmed when enrolling, otherwise the password (and code) sent. The enrolment
 * started when the operator has no second factor yet; `null` when they are signed in.
 */
async function logIn(
  enrolling: boolean,
  form: { username: string; password: string; totp: string },
): Promise<OpsTotpEnrolment | null> {
  const { username, password, totp } = form;
  if (enrolling) {
    await call('POST', '/ops/v1/session/totp/confirm', { totp });
    return null;
  }
  const r = await call<OpsLogin>('POST', '/ops/v1/session', {
    username,
    password,
    ...(totp ? { totp } : {}),
  });
  session.setCsrf(r.csrfToken);
  if (r.totpEnrolmentRequired) return call<OpsTotpEnrolment>('POST', '/ops/v1/session/totp');
  return null;
}

function Enrolment({ t, enrol }: { t: Texts; enrol: { qrSvg: string; secret: string } }) {
  return (
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
  );
}

function Credentials(props: {
  t: Texts;
  username: string;
  password: string;
  onUsername: (username: string) => void;
  onPassword: (password: string) => void;
}) {
  const { t, username, password } = props;
  return (
    <>
      <label>
        {t.username}
        <input
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => props.onUsername(e.target.value)}
        />
      </label>
      <label>
        {t.password}
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => props.onPassword(e.target.value)}
        />
      </label>
    </>
  );
}
