// The log scan of the whole integration run (issue 32 item 7): every server the tests build through the shared
// helpers (support/server.ts, support/instances.ts) logs at `info` into this scanner, which checks each line as it
// is written for a password, an argon2 hash, a TOTP secret or a token, and keeps only the lines that carry one (with
// the test file that produced them). The integration project's global teardown (log-scan.global.ts) fails the run
// when any line was kept and prints how many lines were scanned; log-scan.test.ts shows each pattern catches its
// secret as the server writes it.
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the workers write what the log scan found (set by log-scan.global.ts). */
    logScanDir: string;
  }
}

/** What no log line may carry, by name. Cheap regular expressions, checked on every line. */
export const SECRET_PATTERNS: [string, RegExp][] = [
  ['argon2 hash', /\$argon2(?:id|i|d)\$/],
  // The tests' passwords all read `<word>-pass…`, `<word>-secret…` or `…-password-2026` (demo-pass-2026,
  // k-admin-Secret-pass-2026, chaos-secret-0-2026, first-pass-99, hunter2-secret, kartal-trader-pass).
  ['test password', /[A-Za-z0-9]-(?:pass|secret|Secret)(?:-[A-Za-z0-9]+)*(?![A-Za-z])|password-20\d\d/],
  // A TOTP secret: 20 bytes in base32 (32 characters), or the otpauth:// URI that carries one.
  ['TOTP secret', /(?<![A-Za-z0-9])[A-Z2-7]{32}(?![A-Za-z0-9])|otpauth:\/\//],
  // A bearer that was not redacted, and the server's tokens anywhere: 32 random bytes in base64url (43 characters).
  ['bearer token', /Bearer\s+(?!\[REDACTED\])[A-Za-z0-9._~+/-]{8,}/i],
  [
    'token',
    /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/,
  ],
];

/** The names of the secret patterns a line matches (none: an empty list). */
export function findSecrets(line: string): string[] {
  return SECRET_PATTERNS.filter(([, pattern]) => pattern.test(line)).map(([name]) => name);
}

let scanned = 0;
let countFile: string | null = null;

function scanDir(): string | null {
  try {
    return inject('logScanDir') || null;
  } catch {
    return null; // outside a run with the global setup (a file run on its own elsewhere)
  }
}

function currentTest(): string {
  try {
    return path.basename(expect.getState().testPath ?? '') || 'unknown';
  } catch {
    return 'unknown';
  }
}

function flushCount(): void {
  if (countFile) writeFileSync(countFile, String(scanned));
}

/**
 * The log stream and level a test server gets: the caller's own stream (if any) still gets every line, and each line
 * is scanned. Without the global setup nothing changes.
 */
export function scannedLogs(own?: { write(line: string): void }): {
  logStream?: { write(line: string): void };
  level?: 'info';
} {
  const dir = scanDir();
  if (!dir) return own ? { logStream: own } : {};
  if (!countFile) {
    countFile = path.join(dir, `count-${process.pid}-${Math.random().toString(36).slice(2)}`);
    // The count is written now and then (a worker may be ended without its exit handlers); the found lines at once.
    process.once('exit', flushCount);
    setInterval(flushCount, 500).unref();
  }
  const found = path.join(dir, `found-${process.pid}.log`);
  return {
    level: 'info',
    logStream: {
      write(line: string) {
        own?.write(line);
        scanned++;
        const names = findSecrets(line);
        if (names.length > 0)
          appendFileSync(found, `${JSON.stringify({ test: currentTest(), names, line: line.trim() })}\n`);
      },
    },
  };
}
