import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { migrationsFolder } from '../db/database';
import type { EventBus } from './bus';

export interface ReadinessDeps {
  database: Database;
  bus: EventBus;
  /** Whether REDIS_URL is set (then the bus's connection is reported). */
  redisConfigured: boolean;
  /** A check slower than this fails (a pool waiting for a connection counts as not ready). */
  timeoutMs: number;
  /** Told every check's outcome (the `sb_ready` gauge). */
  onCheck?: (ready: boolean) => void;
}

type Part = 'database' | 'migrations' | 'redis' | 'shutdown';

/**
 * What an instance still serves without Redis (issue 32 item 10): bets, cash-outs, reads and its own feed clients
 * (its producers deliver to them in process). Only what other instances publish is paused until Redis is back, and
 * the instance resyncs its clients then. So Redis down leaves the instance ready, reported as degraded.
 */
const DEGRADED = 'degraded: disconnected';
const passes = (value: string) => value === 'ok' || value === 'not configured' || value === DEGRADED;

/** Migrations the build ships (its journal); the database must have applied at least these. */
function expectedMigrations(): number {
  const journal = JSON.parse(readFileSync(`${migrationsFolder()}/meta/_journal.json`, 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Asks the database how many migrations it applied, writing what fails into `checks` (database, migrations). */
async function checkDatabase(
  deps: ReadinessDeps,
  expected: number,
  checks: Record<Part, string>,
): Promise<void> {
  try {
    const rows = await withTimeout(
      deps.database.withConnection((query) =>
        query('select count(*)::int as n from drizzle.__drizzle_migrations'),
      ),
      deps.timeoutMs,
      'the database',
    );
    const applied = Number((rows[0] as { n?: unknown } | undefined)?.n ?? 0);
    if (applied < expected) checks.migrations = `${applied} of ${expected} applied`;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The migrations table is missing: the database answers but was never migrated.
    if (/__drizzle_migrations|schema "drizzle"/.test(message)) checks.migrations = 'not applied';
    else {
      checks.database = 'unreachable';
      checks.migrations = 'unknown';
    }
  }
}

/** `/healthz` and `/readyz` on the app, the latter answering `check`'s result (503 naming what fails). */
function registerProbes(
  app: FastifyInstance,
  databaseKind: string,
  check: () => Promise<{ ready: boolean; checks: Record<Part, string> }>,
): void {
  app.get(
    '/healthz',
    { schema: { tags: ['ops'], summary: 'Liveness: the process serves (no dependency is checked)' } },
    async () => ({ status: 'ok', database: databaseKind }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['ops'],
        summary: 'Readiness: database with migrations, not shutting down (Redis down: ready, degraded)',
      },
    },
    async (_request, reply) => {
      const { ready, checks } = await check();
      const failing = Object.entries(checks)
        .filter(([, v]) => !passes(v))
        .map(([k]) => k);
      const degraded = Object.entries(checks)
        .filter(([, v]) => v === DEGRADED)
        .map(([k]) => k);
      reply.header('cache-control', 'no-store');
      if (ready) return { status: degraded.length > 0 ? 'degraded' : 'ready', checks, degraded };
      // Every 503 of the server says when to come back (issue 32 item 8).
      reply.header('retry-after', '5');
      return reply.code(503).send({
        error: 'not_ready',
        message: `not ready: ${failing.map((k) => `${k} ${checks[k as Part]}`).join(', ')}`,
        failing,
        checks,
      });
    },
  );
}

/**
 * Liveness and readiness (Kubernetes' probes). `/healthz`: the process serves (no dependency is asked, so a
 * database outage never gets the process restarted). `/readyz`: 200 only when the database answers with every
 * shipped migration applied and the instance is not shutting down; 503 naming the failing parts otherwise. A Redis
 * that cannot be reached is reported (`checks.redis`, `degraded`) but keeps the instance ready (see DEGRADED).
 * SIGTERM calls `beginShutdown()` first, so load balancers stop sending traffic before the drain.
 */
export function createReadiness(deps: ReadinessDeps) {
  const expected = expectedMigrations();
  let shuttingDown = false;

  async function check(): Promise<{ ready: boolean; checks: Record<Part, string> }> {
    const checks: Record<Part, string> = {
      database: 'ok',
      migrations: 'ok',
      redis: deps.redisConfigured ? 'ok' : 'not configured',
      shutdown: shuttingDown ? 'shutting down' : 'ok',
    };
    await checkDatabase(deps, expected, checks);
    if (deps.redisConfigured && deps.bus.connected?.() === false) checks.redis = DEGRADED;
    const ready = Object.values(checks).every(passes);
    deps.onCheck?.(ready);
    return { ready, checks };
  }

  return {
    check,
    /** Readiness answers 503 from now on (SIGTERM, before the drain). */
    beginShutdown(): void {
      shuttingDown = true;
      deps.onCheck?.(false);
    },
    isShuttingDown: () => shuttingDown,
    register: (app: FastifyInstance, databaseKind: string): void => registerProbes(app, databaseKind, check),
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
