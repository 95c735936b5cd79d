import type { Clock } from '../../lib/clock';
import { HttpError } from '../../plugins/errors';
import type { IdentityRepository } from './identity.repository';

/** Fixed 15-minute windows: 10 attempts per username (≤ 40 failures an hour), 50 per address. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_USER = 10;
export const MAX_FAILURES_PER_ADDRESS = 50;

/**
 * Login rate limiting with counters in the database, so every instance shares them. An attempt is counted
 * before the password is checked (no race lets parallel guesses slip past the limit) and taken back when it
 * succeeds.
 */
export function createLoginThrottle(repo: IdentityRepository, clock: Clock) {
  async function count(key: string, max: number): Promise<void> {
    const now = clock.now();
    const { failures, windowStart } = await repo.countAttempt(
      key,
      new Date(now),
      new Date(now - THROTTLE_WINDOW_MS),
    );
    if (failures > max) {
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + THROTTLE_WINDOW_MS - now) / 1000));
      throw new HttpError(
        429,
        'too_many_attempts',
        'too many failed attempts; try again later',
        undefined,
        retryAfter,
      );
    }
  }

  return {
    userKey: (appId: number, username: string) => `user:${appId}:${username.toLowerCase()}`,
    addressKey: (ip: string) => `ip:${ip}`,

    /** Counts an attempt for every key; throws 429 with Retry-After when one is over its limit. */
    async attempt(keys: { user?: string; address: string }): Promise<void> {
      await count(keys.address, MAX_FAILURES_PER_ADDRESS);
      if (keys.user) await count(keys.user, MAX_FAILURES_PER_USER);
    },

    async succeeded(keys: { user?: string; address: string }): Promise<void> {
      await repo.uncountAttempt(keys.address);
      if (keys.user) await repo.clearThrottle(keys.user);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
