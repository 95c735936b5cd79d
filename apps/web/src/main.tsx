import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Bootstrap } from './app/bootstrap';
import { adoptServerState, QUERY_DEFAULTS } from './app/ssr-state';
import { pageStartupData, seedStartupData } from './app/startup-data';
import { setUnauthorizedHandler } from './lib/api-client';
import { refreshTokens } from './lib/auth-token';
import { keepDeviceHints } from './lib/device-hints';
import { loadDrawnParts } from './lib/lazy-part';
import { setAdoptingServerMarkup } from './lib/markup-phase';
import { nextTask } from './lib/next-task';
import './styles.css';

/**
 * Each step of the start in a task of its own (none over ~50 ms on a phone; Lighthouse counts a task's time over
 * 50 ms as blocking): the modules have just been evaluated; the device hints (their first use of Intl cost ~25 ms
 * before the server's pages started ICU in their head); the start-up data; the server's data; the hydration. No
 * top-level await: it would make the entry an async module, and the build then splits the modules it shares
 * with lazy chunks into 18 more files (+5 KiB before idle).
 */
async function start(): Promise<void> {
  await nextTask();
  // The login flag and time zone the server's next first render reads (lib/device-hints.ts).
  keepDeviceHints();
  await nextTask();

  const queryClient = new QueryClient({ defaultOptions: { queries: QUERY_DEFAULTS } });

  // The app, translations, markets and client credential the server put in the page (the translations and markets
  // at the address it named, asked for beside this script): no start-up round trip.
  const seeded = seedStartupData(queryClient, await pageStartupData());
  // A task of its own each: the translations' set-up and the server's data (~80 KB of JSON) together took one
  // task of 66 ms on a phone-class CPU.
  await nextTask();
  // The data the server rendered the first view with (pages it renders: home, sports lists, events, casino).
  const serverParts = seeded ? adoptServerState(queryClient) : null;
  // The code of the lazy screens and parts the server drew, before hydrating: hydration must not suspend
  // (lib/lazy-part.ts). The server's page preloads them, so this waits only for what has not arrived yet.
  if (serverParts) await loadDrawnParts(serverParts);
  await nextTask();

  // A 401 on a call with a token refreshes the token pair once and retries (access tokens expire quickly).
  setUnauthorizedHandler(refreshTokens);

  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Bootstrap />
      </QueryClientProvider>
    </StrictMode>
  );
  // Hydration adopts the server's DOM as it is (no repaint); a page without it gets the app rendered afresh.
  // The server's markup is inert until the part that owns it has hydrated (lib/server-markup.tsx HydrationGate).
  // Preact hydrates in one synchronous pass; the components mounted in it render the server's snapshots of
  // device state (lib/react-on-preact.ts), and their live values right after.
  if (serverParts) {
    setAdoptingServerMarkup(true);
    try {
      hydrateRoot(root, app);
    } finally {
      setAdoptingServerMarkup(false);
    }
  } else createRoot(root).render(app);
}

void start();
