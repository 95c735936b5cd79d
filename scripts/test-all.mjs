// `npm test`: builds the app (browser tests run against the real build), runs every Vitest project
// (unit, web, integration on PGlite and PostgreSQL when configured, e2e in Chromium), then prints
// one plain closing line `N passed, N failed, N skipped` over all suites for CI to read. Last, after every other
// tier, the chaos suite's bounded CI tier (apps/server/test/chaos/run.ts --ci: its own PostgreSQL and Redis,
// at most 3 minutes); its checks are added to the closing line. `--no-chaos` or CHAOS=0 leaves it out, and
// it runs only with the whole suite or when `chaos` is named.
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
const vitestProjects = projects.filter((p) => p !== 'chaos');
for (const project of vitestProjects) vitestArgs.push('--project', project);
const onlyChaos = projects.length > 0 && vitestProjects.length === 0;
const run = onlyChaos ? { status: 0 } : spawnSync('npx', vitestArgs, { stdio: 'inherit' });

let passed = 0;
let failed = 0;
let skipped = 0;
if (onlyChaos) {
  // nothing of Vitest's to count
} else if (existsSync(report)) {
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

const wantsChaos =
  !args.includes('--no-chaos') &&
  process.env.CHAOS !== '0' &&
  (projects.length === 0 || projects.includes('chaos'));
if (wantsChaos) {
  const chaosReport = '.cache/chaos-report.json';
  rmSync(chaosReport, { force: true });
  // The suite keeps its own 170 s budget and cleans up; the outer limit only catches a hung process.
  const chaos = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/test/chaos/run.ts', '--ci', '--report', chaosReport],
    { stdio: 'inherit', timeout: 180_000, killSignal: 'SIGINT' },
  );
  if (existsSync(chaosReport)) {
    const result = JSON.parse(readFileSync(chaosReport, 'utf8'));
    passed += result.passed;
    failed += result.failed;
    skipped += result.skipped;
  } else failed++;
  if (chaos.status !== 0 && !existsSync(chaosReport))
    console.log('chaos tier: no report (crashed or timed out)');
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
