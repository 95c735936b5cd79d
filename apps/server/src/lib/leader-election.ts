/**
 * Advisory lock keys of the loops that run on exactly one instance (one leader per database). Every key of the
 * server is listed here so a new one can be checked against them: PostgreSQL's single-key (bigint) and two-key
 * (int, int) advisory locks are separate key spaces.
 * - single key: 7_201_001 migrations (db/database.ts), 7_201_019 the crash game's hash chain (crash.repository.ts),
 *   7_221_005 the tests' template database (test/support/databases.ts), and the leaders below.
 * - two keys: (7_201_008, user) favourites, (7_201_019, user) a client's risk limits.
 */
export const SIMULATOR_LOCK_KEY = 7_201_003;
/** The roulette tables' dealer (casino). */
export const CASINO_TABLES_LOCK_KEY = 7_201_010;
/** The crash game's loop (casino). */
export const CRASH_LOCK_KEY = 7_201_011;
/** The back office's automatic jobs: price overrides' expiry and suspension on a liability limit (ops). */
export const LIABILITY_LOCK_KEY = 7_201_012;

/** What leader election needs of the database (db/database.ts's `Database`): one dedicated connection. */
export interface LockConnections {
  /** Runs `fn` on one dedicated connection (advisory locks are per connection). */
  withConnection<T>(
    fn: (query: (sql: string, params?: unknown[]) => Promise<unknown[]>) => Promise<T>,
  ): Promise<T>;
}

export interface LeaderOptions {
  database: LockConnections;
  /** The loop's name in log lines (`simulator`, `roulette` …). */
  name: string;
  /** One of the keys above. */
  lockKey: number;
  /** How often a follower retries, and how often the leader checks its lock connection. */
  retryMs: number;
  /** Runs while this instance leads; must return when `signal` aborts. */
  lead: (signal: AbortSignal) => Promise<void>;
  log?: ((msg: string, err?: unknown) => void) | undefined;
}

/** Waits `ms`, or less if `signal` aborts; leaves no listener behind either way. */
export const sleepUnlessAborted = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Leader election through a PostgreSQL advisory lock held on one dedicated connection for the whole
 * leadership: if this process dies or its connection drops, the lock is released and a follower,
 * retrying every `retryMs`, takes over. Returns `stop()`, which ends leadership and releases the lock.
 */
export function startLeaderElection(options: LeaderOptions) {
  const key = options.lockKey;
  const stopping = new AbortController();
  let leader = false;
  let refusals = 0;

  async function attempt(): Promise<void> {
    await options.database.withConnection(async (query) => {
      const [row] = (await query('select pg_try_advisory_lock($1) as ok', [key])) as { ok: boolean }[];
      if (!row?.ok) {
        refusals++;
        return;
      }
      leader = true;
      const term = new AbortController();
      const abort = () => term.abort();
      stopping.signal.addEventListener('abort', abort);
      // Keep checking the lock's connection: if it fails, leadership ends (the server dropped the lock).
      const watch = (async () => {
        while (!term.signal.aborted) {
          await sleepUnlessAborted(options.retryMs, term.signal);
          if (term.signal.aborted) break;
          await query('select 1').catch((error: unknown) => {
            options.log?.(`${options.name} leader lost its lock connection`, error);
            term.abort();
          });
        }
      })();
      try {
        await options.lead(term.signal);
      } finally {
        term.abort();
        await watch;
        stopping.signal.removeEventListener('abort', abort);
        leader = false;
        await query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
      }
    });
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      await attempt().catch((error: unknown) =>
        options.log?.(`${options.name} leadership attempt failed`, error),
      );
      if (!stopping.signal.aborted) await sleepUnlessAborted(options.retryMs, stopping.signal);
    }
  })();

  return {
    isLeader: () => leader,
    /** How many times this instance asked for the lock and was refused (another one leads): a follower at work. */
    refusals: () => refusals,
    async stop(): Promise<void> {
      stopping.abort();
      await loop;
    },
  };
}

export type LeaderElection = ReturnType<typeof startLeaderElection>;
