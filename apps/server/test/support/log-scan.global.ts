// Global setup of the integration project: a folder for the log scan (support/log-scan.ts), handed to the workers;
// its teardown reads what they found and fails the run on any line carrying a secret, naming the test file and the
// kind of secret (the line itself is shown with the secret's place masked).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SECRET_PATTERNS } from './log-scan';

export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sb-log-scan-'));
  project.provide('logScanDir', dir);
  return () => {
    const files = readdirSync(dir);
    const scanned = files
      .filter((f) => f.startsWith('count-'))
      .reduce((sum, f) => sum + Number(readFileSync(path.join(dir, f), 'utf8') || 0), 0);
    const found = files
      .filter((f) => f.startsWith('found-'))
      .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean))
      .map((l) => JSON.parse(l) as { test: string; names: string[]; line: string });
    rmSync(dir, { recursive: true, force: true });
    const mask = (line: string) =>
      SECRET_PATTERNS.reduce((text, [, pattern]) => text.replace(new RegExp(pattern, 'g'), '‹secret›'), line);
    console.log(`log scan: ${scanned} server log lines scanned, ${found.length} with a secret`);
    if (found.length > 0) {
      // Vitest reports an error thrown here but keeps the run's exit code: the run fails through the exit code.
      process.exitCode = 1;
      throw new Error(
        `log scan: ${found.length} server log lines carry a password, hash, TOTP secret or token:\n` +
          found
            .slice(0, 20)
            .map((f) => `  ${f.test} [${f.names.join(', ')}]: ${mask(f.line).slice(0, 300)}`)
            .join('\n'),
      );
    }
    // Only a run that built servers through the helpers has lines to scan (a run of unit-like files has none).
  };
}
