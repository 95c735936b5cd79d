import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { TokenResponse } from '@sb/contract';

/**
 * The answer of a refresh-token rotation, sealed so that only a caller presenting the same refresh token can
 * read it back during the grace window (two tabs refreshing at once get the same new pair). The key is derived
 * from the refresh token's plaintext, which the database never stores: a database reader cannot open it.
 */
const keyOf = (refreshToken: string) =>
  Buffer.from(hkdfSync('sha256', refreshToken, 'sb-refresh-rotation', 'token-pair', 32));

export function sealRotation(refreshToken: string, answer: TokenResponse): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The sealed answer, or null when it cannot be opened with this token. */
export function openRotation(refreshToken: string, sealed: string): TokenResponse | null {
  try {
    const raw = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(refreshToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as TokenResponse;
  } catch {
    return null;
  }
}
