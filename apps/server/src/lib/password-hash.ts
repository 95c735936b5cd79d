import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id minimum (19 MiB memory, 2 iterations, 1 lane): every password hash outside tests. */
export const ARGON2_PRODUCTION = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Tests only (`NODE_ENV=test`, as `testConfig()` and Vitest set it): argon2id at its smallest cost, about 1 ms
 * instead of 50–100 ms a hash. Every test server seeds demo clients and operators and most tests log in, so the
 * real cost was minutes of CI. A hash records its own parameters, so either kind verifies under either setting.
 */
const ARGON2_TEST = { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

let options: typeof ARGON2_PRODUCTION | typeof ARGON2_TEST = ARGON2_PRODUCTION;

/** Chosen once by the composition root from the config: the real cost unless NODE_ENV is `test`. */
export function usePasswordHashCost(nodeEnv: 'development' | 'production' | 'test'): void {
  options = nodeEnv === 'test' ? ARGON2_TEST : ARGON2_PRODUCTION;
}

/** An argon2id hash of a secret (a client's or an operator's password) at the chosen cost. */
export const hashSecret = (secret: string): Promise<string> => hash(secret, options);

/** Whether the secret matches the hash; false (never a throw) for a malformed hash. */
export async function verifySecret(secretHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(secretHash, secret);
  } catch {
    return false;
  }
}
