import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(tmpdir(), 'sb-ops-batch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let runs = 0;
/** Runs the operator CLI with a batch file; a bad batch is refused before any database is opened. */
function batch(content: string) {
  const file = path.join(dir, `${(runs += 1)}.json`);
  writeFileSync(file, content);
  const cli = path.join(import.meta.dirname, 'ops.ts');
  const run = spawnSync(process.execPath, ['--import', 'tsx', cli, '--batch', file], { encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr };
}

describe('operator CLI --batch', () => {
  it.each([
    ['not JSON', '{', /--batch .*JSON/],
    ['not an array', '{"a":1}', /expected a JSON array of command lines/],
    ['a line that is not words', '[["client:list", 3]]', /line 1 is not an array of strings/],
    [
      'an unknown command',
      '[["client:list"],["client:frobnicate"]]',
      /line 2: unknown command client:frobnicate/,
    ],
  ])('refuses %s with exit 2, naming the problem, and runs nothing', (_, content, message) => {
    const run = batch(content);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
