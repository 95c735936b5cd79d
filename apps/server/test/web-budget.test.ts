import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { build } from 'vite';
// @ts-expect-error -- a plain .mjs script without type declarations
import { FIRST_LOAD_BUDGET_KIB, firstLoadJs } from '../../../scripts/first-load-js.mjs';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const webRoot = path.join(repoRoot, 'apps/web');
const builtDist = path.join(webRoot, 'dist');
const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The newest modification time under the paths (files and folders, recursively). */
function newest(paths: string[]): number {
  let latest = 0;
  for (const p of paths) {
    const stat = statSync(p, { throwIfNoEntry: false });
    if (!stat) continue;
    latest = Math.max(latest, stat.mtimeMs);
    if (stat.isDirectory())
      for (const entry of readdirSync(p, { recursive: true, encoding: 'utf8' }))
        latest = Math.max(latest, statSync(path.join(p, entry)).mtimeMs);
  }
  return latest;
}

/**
 * The web build to measure: `npm test` has just built apps/web/dist (one build, reused), and it is taken when
 * it is newer than every input of the web bundle; otherwise (a stale or missing build, as after an edit) the
 * current source is built into a temporary folder, so the budget is never checked on a stale build.
 */
async function currentBuild(): Promise<{ dir: string; reused: boolean }> {
  const manifest = statSync(path.join(builtDist, '.vite/manifest.json'), { throwIfNoEntry: false });
  const inputs = [
    ...['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => path.join(webRoot, p)),
    ...readdirSync(path.join(repoRoot, 'packages')).map((p) => path.join(repoRoot, 'packages', p, 'src')),
    path.join(repoRoot, 'package-lock.json'),
  ];
  if (manifest && manifest.mtimeMs >= newest(inputs)) return { dir: builtDist, reused: true };
  const outDir = mkdtempSync(path.join(tmpdir(), 'sb-web-budget-'));
  temporary.push(outDir);
  // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
  const env = process.env;
  const nodeEnv = env.NODE_ENV;
  env.NODE_ENV = 'production';
  try {
    await build({
      root: webRoot,
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    env.NODE_ENV = nodeEnv;
  }
  return { dir: outDir, reused: false };
}

/**
 * The size budget: the home page's first-load JavaScript (the entry and its static imports, per Vite's
 * manifest; lazy screens not counted) stays within its budget (FIRST_LOAD_BUDGET_KIB), measured on a build of the
 * current source.
 */
it(`keeps the home page's first-load JavaScript at or under ${FIRST_LOAD_BUDGET_KIB} KiB gzip`, async () => {
  const { dir, reused } = await currentBuild();
  const { files, gzip } = firstLoadJs(dir) as { files: { file: string; gzip: number }[]; gzip: number };
  const listing = files.map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} KiB`).join(', ');
  console.log(`first-load JavaScript of ${reused ? 'the build of npm test' : 'a fresh build'}: ${listing}`);
  expect(files.length).toBeGreaterThan(0);
  expect(gzip / 1024, listing).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KIB);
}, 120_000);
