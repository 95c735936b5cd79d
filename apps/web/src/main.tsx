import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Bootstrap } from './app/bootstrap';
import { setUnauthorizedHandler } from './lib/api-client';
import { refreshTokens } from './lib/auth-token';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

// A 401 on a call with a token refreshes the token pair once and retries (access tokens expire quickly).
setUnauthorizedHandler(refreshTokens);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Bootstrap />
    </QueryClientProvider>
  </StrictMode>,
);
