import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords.data';

/** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const MIN_PASSWORD_LENGTH = 8;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

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
