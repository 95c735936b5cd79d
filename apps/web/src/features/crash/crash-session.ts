import type { CrashStateResponse } from '@sb/contract';
import { crashApi } from './crash-api';
import { randomClientSeed } from './crash-math';
import type { CrashSession } from './use-crash-balance';

/**
 * The player's crash session (demo: fun money) and the game's state in it: the one this tab kept while it is still
 * open on the server, else a new one, kept for the tab.
 */
export async function startCrashSession(
  demo: boolean,
): Promise<{ session: CrashSession; state: CrashStateResponse['result'] }> {
  const key = `crash-session:${demo ? 'demo' : 'real'}`;
  const saved = sessionStorage.getItem(key);
  let s: CrashSession | null = saved ? (JSON.parse(saved) as CrashSession) : null;
  if (typeof s?.currency !== 'object') s = null; // kept by an older build (a bare currency code)
  let state: CrashStateResponse['result'] | null = null;
  if (s) state = await crashApi.state(s.id).catch(() => null);
  if (!s || !state) {
    const opened = await crashApi.openSession(demo);
    s = { id: opened.id, currency: opened.currency, demo };
    sessionStorage.setItem(key, JSON.stringify(s));
    state = await crashApi.state(s.id);
  }
  // The browser gives the chain collecting them a random client seed: it salts rounds the server committed
  // to before it existed (the first seed of a session per chain stands; a failure costs nothing here).
  void crashApi.clientSeed(s.id, randomClientSeed()).catch(() => undefined);
  return { session: s, state };
}
