import { describe, expect, it } from 'vitest';
import { hashPassword, passwordPolicyError, verifyPassword } from './passwords';
import { COMMON_PASSWORDS } from './common-passwords.data';

describe('passwords', () => {
  it('hashes with argon2id at 19 MiB and 2 iterations, and verifies', async () => {
    const hash = await hashPassword('correct-horse-7');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct-horse-7')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-8')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('refuses short, common (any case) and username-equal passwords', () => {
    expect(passwordPolicyError('short1', 'u')).toBe('password.too_short');
    expect(passwordPolicyError('Password123', 'u')).toBe('password.too_common');
    expect(passwordPolicyError('galatasaray1', 'u')).toBe('password.too_common');
    expect(passwordPolicyError('qwerty2026', 'u')).toBe('password.too_common');
    expect(passwordPolicyError('someuser', 'SomeUser')).toBe('password.too_common');
    expect(passwordPolicyError('demo-pass-2026', 'demo')).toBeNull();
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(1000);
  });
});
