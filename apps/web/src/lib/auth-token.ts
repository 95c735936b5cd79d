import type { ClientCredential, TokenResponse } from '@sb/contract';
import { apiRequest } from './api-client';
import { authStorage } from './auth-storage';

/** The app's OAuth client credential, handed over by start-up; fetched again when start-up could not (spec §8). */
let credential: ClientCredential | null = null;

export function setClientCredential(value: ClientCredential | null): void {
  if (value) credential = value;
}

async function clientCredential(): Promise<ClientCredential> {
  credential ??= await apiRequest<ClientCredential>('api', '/api/v1/get/client', { auth: false });
  return credential;
}

/** POSTs a grant as a form body to `{api}/oauth/v2/token` and stores the token pair it returns. */
async function requestToken(grant: Record<string, string>): Promise<void> {
  const { client_id, client_secret } = await clientCredential();
  const body = new URLSearchParams({ ...grant, client_id, client_secret });
  const data = await apiRequest<TokenResponse>('api', '/oauth/v2/token', {
    method: 'POST',
    body,
    auth: false,
  });
  authStorage.set({ accessToken: data.access_token, refreshToken: data.refresh_token });
}

export function loginWithPassword(username: string, password: string): Promise<void> {
  return requestToken({ grant_type: 'password', username, password });
}

let inflight: Promise<boolean> | null = null;

/**
 * The unauthorized handler of the api client: trades the refresh token for a new pair. Refresh tokens
 * rotate (each works once), so concurrent 401s share one refresh call instead of racing with the same token.
 */
export function refreshTokens(): Promise<boolean> {
  inflight ??= (async () => {
    const tokens = authStorage.get();
    if (!tokens) return false;
    try {
      await requestToken({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}
