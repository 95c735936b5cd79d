import type { Clock } from '../../lib/clock';
import { HttpError } from '../../plugins/errors';
import type { IdentityRepository } from './identity.repository';

/** A token bucket: up to `capacity` failed attempts, refilled continuously over `refillMs`. */
export interface BucketRule {
  capacity: number;
  refillMs: number;
}

/**
 * Brute-force protection without lock-out:
 * - per address: 50 failures per 15 minutes across usernames;
 * - per username and address pair: 10 per 15 minutes, with a progressive delay from the 4th failure — the
 *   attacker's address is stopped, the owner's other addresses are untouched;
 * - per username: a higher ceiling, 100 per hour across addresses, which refuses only addresses the account has
 *   never logged in from: the owner's known addresses are slowed down, never locked out.
 * Buckets refill continuously (a sliding limit), so no burst of twice the limit fits across a window edge.
 */
export const THROTTLE_RULES = {
  address: { capacity: 50, refillMs: 15 * 60_000 },
  pair: { capacity: 10, refillMs: 15 * 60_000 },
  user: { capacity: 100, refillMs: 60 * 60_000 },
} satisfies Record<string, BucketRule>;

/** Failures of one pair answered at once; from here each one waits twice as long, up to the maximum. */
export const FREE_FAILURES = 3;
export const FIRST_DELAY_MS = 250;
export const MAX_DELAY_MS = 8_000;
/** The wait for a known address while the username is over its ceiling. */
export const CEILING_DELAY_MS = 2_000;

/** Buckets older than this are full again and can be dropped. */
export const THROTTLE_STALE_MS = Math.max(...Object.values(THROTTLE_RULES).map((r) => r.refillMs));

/** The wait before answering the `failures`-th failed attempt of one username from one address. */
export function progressiveDelayMs(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES - 1));
}

export interface AttemptKeys {
  /** The client's address (the socket's, or the first untrusted hop behind a configured proxy). */
  address: string;
  /** The app and username key (username-key.ts) the attempt names, if any. */
  user?: { appId: number; key: string; id: number | null };
}

export interface Attempt {
  /** The attempt succeeded: it stops counting, and the address becomes a known one for the user. */
  succeeded(): Promise<void>;
}

const tooMany = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    'too_many_attempts',
    'too many failed attempts; try again later',
    undefined,
    retryAfterSeconds,
  );

export function createLoginThrottle(deps: {
  repo: IdentityRepository;
  clock: Clock;
  /** Waits `ms` (tests pass a recorder instead of real time). */
  sleep?: (ms: number) => Promise<void>;
}) {
  const { repo, clock } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const retryAfter = (tokens: number, rule: BucketRule) =>
    Math.max(1, Math.ceil(((1 - tokens) * rule.refillMs) / rule.capacity / 1000));
  const take = (key: string, rule: BucketRule) => repo.takeThrottleToken(key, rule, new Date(clock.now()));

  const keysOf = (k: AttemptKeys) => ({
    address: `ip:${k.address}`,
    pair: k.user ? `pair:${k.user.appId}:${k.user.key}:${k.address}` : null,
    user: k.user ? `user:${k.user.appId}:${k.user.key}` : null,
  });

  return {
    /**
     * Counts one attempt before the secret is checked (parallel guesses each take a token, so none slips past
     * the limit), waits the progressive delay, or refuses with 429 and Retry-After.
     */
    async attempt(keys: AttemptKeys): Promise<Attempt> {
      const k = keysOf(keys);
      const address = await take(k.address, THROTTLE_RULES.address);
      if (address < 0) throw tooMany(retryAfter(address, THROTTLE_RULES.address));
      let delay = 0;
      if (k.pair && k.user && keys.user) {
        const pair = await take(k.pair, THROTTLE_RULES.pair);
        if (pair < 0) throw tooMany(retryAfter(pair, THROTTLE_RULES.pair));
        delay = progressiveDelayMs(Math.round(THROTTLE_RULES.pair.capacity - pair));
        const user = await take(k.user, THROTTLE_RULES.user);
        if (user < 0) {
          const known = keys.user.id !== null && (await repo.isKnownAddress(keys.user.id, keys.address));
          if (!known) throw tooMany(retryAfter(user, THROTTLE_RULES.user));
          delay = Math.max(delay, CEILING_DELAY_MS);
        }
      }
      if (delay > 0) await sleep(delay);
      return {
        async succeeded() {
          const now = new Date(clock.now());
          await repo.returnThrottleToken(k.address, THROTTLE_RULES.address);
          if (k.pair) await repo.clearThrottle(k.pair);
          if (k.user) await repo.returnThrottleToken(k.user, THROTTLE_RULES.user);
          if (keys.user?.id != null) await repo.rememberAddress(keys.user.id, keys.address, now);
        },
      };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
