import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Bootstrap } from './app/bootstrap';
import { seedStartupData } from './app/startup-data';
import { setUnauthorizedHandler } from './lib/api-client';
import { refreshTokens } from './lib/auth-token';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

// The app, translations, markets and client credential the server put in the page: no start-up round trip.
seedStartupData(queryClient);

// A 401 on a call with a token refreshes the token pair once and retries (access tokens expire quickly).
setUnauthorizedHandler(refreshTokens);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Bootstrap />
    </QueryClientProvider>
  </StrictMode>,
);
