/**
 * What the database's errors say, without what they carry: a failed query's parameters (a new operator's password
 * hash, a token's digest) and PostgreSQL's `detail` (the duplicate key's value) never leave this file.
 */

interface PgLike {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The driver's error under drizzle's wrapper (`DrizzleQueryError.cause`), or the error itself. */
function pgErrorOf(error: unknown): PgLike | null {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as PgLike).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgLike;
    e = (e as PgLike).cause;
  }
  return null;
}

/** Whether a database error is a unique-index violation (PostgreSQL 23505), directly or under a wrapper. */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorOf(error)?.code === '23505';
}

/** A unique violation's column (from `Key (username)=(…)`), or null when the error is not one. */
export function uniqueViolationField(error: unknown): string | null {
  const pg = pgErrorOf(error);
  if (pg?.code !== '23505') return null;
  const column = /^Key \(([^)]+)\)=/.exec(String(pg.detail ?? ''))?.[1];
  return column ? column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) : 'request';
}

/** The SQLSTATE classes and driver messages of a database that cannot be reached now (down, restarting, full). */
const UNREACHABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
]);
const UNREACHABLE_MESSAGE =
  /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error|server closed the connection|the database system is (starting up|shutting down)|Connection ended unexpectedly/i;

/** Whether an error means the database cannot be reached now (→ 503 with Retry-After, never 500). */
export function isDatabaseUnreachable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const { code, message } = e as PgLike;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
    e = (e as PgLike).cause;
  }
  return false;
}

/**
 * An error as a log line may show it: a failed query keeps its SQL text (no parameters), the driver's error its
 * code, constraint and message (no `detail`), every other error its name, message and stack.
 */
export function loggableError(error: unknown, depth = 0): unknown {
  if (!error || typeof error !== 'object' || depth > 3) return error;
  const e = error as Error & PgLike & { query?: unknown; params?: unknown };
  const out: Record<string, unknown> = { type: e.name ?? 'Error', stack: e.stack };
  if ('params' in e && typeof e.query === 'string') {
    out.message = `Failed query: ${e.query}`;
    out.stack = undefined;
  } else out.message = e.message;
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.constraint === 'string') out.constraint = e.constraint;
  if (e.cause) out.cause = loggableError(e.cause, depth + 1);
  return out;
}
