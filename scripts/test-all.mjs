// `npm test`: builds the app (browser tests run against the real build), runs every Vitest project
// (unit, web, integration on PGlite and PostgreSQL when configured, e2e in Chromium), then prints
// one plain closing line `N passed, N failed, N skipped` over all suites for CI to read.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';

const args = process.argv.slice(2);
const projects = args.filter((a) => !a.startsWith('-'));
const skipBuild = args.includes('--no-build') || (projects.length > 0 && !projects.includes('e2e'));

if (!skipBuild) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

mkdirSync('.cache', { recursive: true });
const report = '.cache/vitest-report.json';
rmSync(report, { force: true });
const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
for (const project of projects) vitestArgs.push('--project', project);
const run = spawnSync('npx', vitestArgs, { stdio: 'inherit' });

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
  failed = result.numFailedTests;
  skipped = result.numPendingTests + result.numTodoTests;
  // A file that crashes before declaring its tests (import error, failing beforeAll) has no
  // failed test of its own: count each such file as one failure so it cannot pass silently.
  for (const file of result.testResults) {
    if (file.status === 'failed' && !file.assertionResults.some((a) => a.status === 'failed')) failed++;
  }
} else {
  failed = 1;
}
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
