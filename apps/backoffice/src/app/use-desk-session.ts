import type { OpsSession } from '@sb/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, session } from '../api';
import type { Me } from './me';
import { meOf } from './may';

/** Tabs of the desk tell each other about a login and a logout (the cookie itself is shared by the browser). */
const CHANNEL = 'sb.ops.session';
type SessionMessage = 'login' | 'logout';

/**
 * The operator of this browser's desk session (issue 34 item 1): read from `GET /ops/v1/session` on start (the
 * cookie a login set in any tab: no second login, no second TOTP code), dropped when the server answers 401 (the
 * session ended), and shared across tabs: a logout in one signs every tab out at once, a login in one signs in
 * the tabs waiting on the login form.
 */
export function useDeskSession() {
  const [me, setMe] = useState<Me | null>(null);
  const [checking, setChecking] = useState(true);
  const channel = useRef<BroadcastChannel | null>(null);

  const signedOut = useCallback(() => {
    session.setCsrf(null);
    setMe(null);
  }, []);

  const check = useCallback(async () => {
    try {
      const m = await call<OpsSession>('GET', '/ops/v1/session');
      if (m.totpEnrolmentRequired) return signedOut();
      session.setCsrf(m.csrfToken);
      setMe(meOf(m));
    } catch {
      signedOut();
    } finally {
      setChecking(false);
    }
  }, [signedOut]);

  useEffect(() => {
    void check();
    const ch = new BroadcastChannel(CHANNEL);
    channel.current = ch;
    ch.onmessage = (m: MessageEvent<SessionMessage>) => {
      if (m.data === 'logout') signedOut();
      if (m.data === 'login') void check();
    };
    session.onEnded(signedOut);
    return () => {
      session.onEnded(null);
      ch.close();
      channel.current = null;
    };
  }, [check, signedOut]);

  const post = (message: SessionMessage) => channel.current?.postMessage(message);
  return {
    me,
    checking,
    /** After this tab's login (the CSRF token is set by the login form). */
    signedIn: (who: Me) => {
      setMe(who);
      post('login');
    },
    /** Ends the session on the server (its cookie and token), in this tab and every other. */
    async logout() {
      await call('DELETE', '/ops/v1/session').catch(() => undefined);
      signedOut();
      post('logout');
    },
  };
}
