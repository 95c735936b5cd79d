/** OAuth tokens of the logged-in client, kept in localStorage so a reload stays logged in. */
export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
}

const KEY = 'sb.auth';
const listeners = new Set<() => void>();

function read(): AuthTokens | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<AuthTokens> | null;
    return value?.accessToken && value.refreshToken
      ? { accessToken: value.accessToken, refreshToken: value.refreshToken }
      : null;
  } catch {
    return null;
  }
}

export const authStorage = {
  get: read,
  set(tokens: AuthTokens): void {
    localStorage.setItem(KEY, JSON.stringify(tokens));
    listeners.forEach((l) => l());
  },
  clear(): void {
    localStorage.removeItem(KEY);
    listeners.forEach((l) => l());
  },
  /** For useSyncExternalStore; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
