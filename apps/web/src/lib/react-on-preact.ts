// What `react` and `react-dom` resolve to in the web app's builds (vite.config.ts): Preact's compatibility layer
// (~10 KiB gzip where react-dom's client was ~63 KiB), with React's `useSyncExternalStore` semantics on hydration
// that Preact's own lacks: a component mounted while it adopts the server's markup (on the server, and during
// the client's hydration pass) renders the store's server snapshot, and its live value from the next render on,
// as React does. The app's device state (login, slip, balance toggle, time zone), zustand's stores and
// `useServerMarkup` (lib/server-markup.tsx) rely on it: Preact does not patch attributes while it hydrates, so a
// first client render that differed from the server's would leave the server's attributes in place.
import * as compat from 'preact/compat';
import { useEffect, useState, useSyncExternalStore as liveStore } from 'preact/compat';
import { isAdoptingServerMarkup } from './markup-phase';

// @ts-expect-error -- preact/compat's types are `export =` (CommonJS style); its ES build has the named exports.
export * from 'preact/compat';

export function useSyncExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot?: () => T,
): T {
  const [adopting, setAdopting] = useState(isAdoptingServerMarkup);
  useEffect(() => {
    if (adopting) setAdopting(false);
  }, [adopting]);
  const live = liveStore(subscribe, getSnapshot);
  return adopting && getServerSnapshot ? getServerSnapshot() : live;
}

export default { ...compat, useSyncExternalStore };
