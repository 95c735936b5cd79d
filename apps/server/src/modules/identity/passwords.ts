import { hashSecret, verifySecret } from '../../lib/password-hash';
import { COMMON_PASSWORDS } from './common-passwords.data';

export const MIN_PASSWORD_LENGTH = 8;

/** argon2id at OWASP's minimum (lib/password-hash.ts; tests: the smallest cost). */
export const hashPassword = (password: string): Promise<string> => hashSecret(password);

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verifySecret(passwordHash, password);

/**
 * The password hash of a client made on the desk until they use their one-time link (issue 35 §2): not an argon2
 * hash, so no password verifies against it (`verifySecret` answers false for a malformed hash).
 */
export const UNSET_PASSWORD = '!unset';

let dummyHash: Promise<string> | null = null;
/** Spends the same time as a real check, so an unknown username cannot be told from a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}

/** Translation key of the first broken rule, or null when the new password is acceptable. */
export function passwordPolicyError(password: string, username: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'password.too_short';
  if (password.length > 200) return 'password.too_long';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || lower === username.toLowerCase()) return 'password.too_common';
  return null;
}
