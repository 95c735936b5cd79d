import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { hashSecret, usePasswordHashCost, verifySecret } from './password-hash';

const REAL_COST = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

describe('password hashing cost', () => {
  afterEach(() => usePasswordHashCost('production'));

  it('hashes at OWASP’s argon2id minimum by default, and in production and development', async () => {
    expect(await hashSecret('correct-horse-7')).toMatch(REAL_COST);
    // An unconfigured deployment is production (the composition root passes config.NODE_ENV).
    expect(loadConfig({}).NODE_ENV).toBe('production');
    for (const env of ['production', 'development'] as const) {
      usePasswordHashCost(env);
      expect(await hashSecret('correct-horse-7')).toMatch(REAL_COST);
    }
  });

  it('uses the cheap cost only under NODE_ENV=test, and either kind of hash verifies under either setting', async () => {
    const real = await hashSecret('correct-horse-7');
    usePasswordHashCost('test');
    const cheap = await hashSecret('correct-horse-7');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifySecret(real, 'correct-horse-7')).toBe(true);
    usePasswordHashCost('production');
    expect(await verifySecret(cheap, 'correct-horse-7')).toBe(true);
    expect(await verifySecret(cheap, 'correct-horse-8')).toBe(false);
    expect(await verifySecret('not a hash', 'x')).toBe(false);
  });
});
