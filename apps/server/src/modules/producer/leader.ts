import type { Database } from '../../db/database';

/** Advisory lock key of the simulator leader (one per database). */
export const SIMULATOR_LOCK_KEY = 7_201_003;

export interface LeaderOptions {
  database: Database;
  lockKey?: number;
  /** How often a follower retries, and how often the leader checks its lock connection. */
  retryMs: number;
  /** Runs while this instance leads; must return when `signal` aborts. */
  lead: (signal: AbortSignal) => Promise<void>;
  log?: (msg: string, err?: unknown) => void;
}

/** Waits `ms`, or less if `signal` aborts; leaves no listener behind either way. */
export const sleep = (ms: number, signal: AbortSignal) =>
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
  const key = options.lockKey ?? SIMULATOR_LOCK_KEY;
  const stopping = new AbortController();
  let leader = false;

  async function attempt(): Promise<void> {
    await options.database.withConnection(async (query) => {
      const [row] = (await query('select pg_try_advisory_lock($1) as ok', [key])) as { ok: boolean }[];
      if (!row?.ok) return;
      leader = true;
      const term = new AbortController();
      const abort = () => term.abort();
      stopping.signal.addEventListener('abort', abort);
      // Keep checking the lock's connection: if it fails, leadership ends (the server dropped the lock).
      const watch = (async () => {
        while (!term.signal.aborted) {
          await sleep(options.retryMs, term.signal);
          if (term.signal.aborted) break;
          await query('select 1').catch((error: unknown) => {
            options.log?.('simulator leader lost its lock connection', error);
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
      await attempt().catch((error: unknown) => options.log?.('simulator leadership attempt failed', error));
      if (!stopping.signal.aborted) await sleep(options.retryMs, stopping.signal);
    }
  })();

  return {
    isLeader: () => leader,
    async stop(): Promise<void> {
      stopping.abort();
      await loop;
    },
  };
}
