// `npm test`: builds the app once (browser tests run against the real build, and the web budget test measures
// that same build), runs the Vitest projects unit, web and integration (PGlite, and PostgreSQL when configured)
// in turn while e2e (Chromium) runs beside them, then prints one plain closing line `N passed, N failed, N skipped` over all
// suites for CI to read. Last, after every other tier, the chaos suite's bounded CI tier
// (apps/server/test/chaos/run.ts --ci: its own PostgreSQL and Redis, at most 3 minutes); its checks are added to
// the closing line. `--no-chaos` or CHAOS=0 leaves it out, and it runs only with the whole suite or when `chaos`
// is named. Before the closing line it prints the wall time of each tier, with those `.ci/run` measured before
// it (CI_TIER_TIMES, `name=seconds;…`). Soak tests run their bounded CI size unless SOAK=full (README "Tests").
// `--check` (as `.ci/run` passes) runs `npm run check` first in the lane beside the browser tier, after the build:
// the browser tier, the longest, starts that much sooner; a failed check is a failure of the run.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const PROJECTS = ['unit', 'web', 'integration', 'e2e'];
const args = process.argv.slice(2);
const projects = args.filter((a) => !a.startsWith('-'));
const skipBuild = args.includes('--no-build') || (projects.length > 0 && !projects.includes('e2e'));
const withCheck = args.includes('--check');

/** [tier, seconds, outcome] in the order run; the tiers .ci/run timed come first. */
const ciTiers = (process.env.CI_TIER_TIMES ?? '')
  .split(';')
  .filter(Boolean)
  .map((pair) => {
    const [name, seconds] = pair.split('=');
    return [name, Number(seconds), ''];
  });
const tiers = [...ciTiers];
const started = performance.now();
/** Runs a tier (its function may return the outcome or a promise of it) and records its wall time. */
async function timed(name, run) {
  const t = performance.now();
  const outcome = await run();
  tiers.push([name, (performance.now() - t) / 1000, outcome]);
}
/** A child's exit status (1 when it could not start). */
const exited = (child) =>
  new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (status) => resolve(status ?? 1));
  });

let passed = 0;
let failed = 0;
let skipped = 0;
/** `tier file › test: first line of the error`, printed again at the end so a CI log's tail names every failure. */
const failures = [];

function firstLine(text) {
  const line =
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim() !== '') ?? '(no message)';
  // Strip colour codes; keep the line short enough for a log's tail.
  return stripVTControlCharacters(line).trim().slice(0, 300);
}

function printTimes() {
  if (failures.length > 0) {
    console.log('\nfailed:');
    for (const failure of failures) console.log(`  ${failure}`);
  }
  // The tiers .ci/run timed, then npm test's own wall time (the browser tier overlaps the others).
  const before = ciTiers.reduce((sum, [, s]) => sum + s, 0);
  const own = (performance.now() - started) / 1000;
  const rows = [...tiers, ['total', before + own, `npm test itself: ${own.toFixed(0)} s`]];
  console.log('\ntier          wall time');
  for (const [name, seconds, outcome] of rows)
    console.log(`${name.padEnd(12)} ${`${seconds.toFixed(1)} s`.padStart(9)}  ${outcome}`);
}

if (!skipBuild) {
  let ok = true;
  await timed('build', () => {
    ok = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status === 0;
    return ok ? '' : 'failed';
  });
  if (!ok) {
    printTimes();
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

mkdirSync('.cache', { recursive: true });
const vitestProjects = projects.length === 0 ? PROJECTS : projects.filter((p) => p !== 'chaos');
const vitestArgs = (project, report) => [
  'vitest',
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];

/**
 * The browser tier runs beside the others when there are others: it mostly waits (on Chromium, on its server's
 * simulator), using about 0.6 of a core, while unit, web and integration keep both cores busy; one after the
 * other they took 270 s + 380 s. Its output goes to a file, printed whole when it ends, so the two logs do not
 * interleave.
 */
let browserLane = null;
if (vitestProjects.includes('e2e') && vitestProjects.length > 1) {
  const report = '.cache/vitest-e2e.json';
  const log = '.cache/e2e.log';
  rmSync(report, { force: true });
  const out = openSync(log, 'w');
  const t = performance.now();
  const child = spawn('npx', vitestArgs('e2e', report), {
    stdio: ['ignore', out, out],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    // Its own process group, so the hang guard below stops Vitest, its workers and the server it started.
    detached: true,
  });
  closeSync(out);
  console.log('e2e: started beside the other tiers; its output follows when it ends');
  // A hang guard, not a timing check: CI has 90 minutes; a browser tier still running after E2E_LANE_LIMIT_S
  // (default 55 min, several times its time on a busy machine) is stopped, so the run ends, its log is printed
  // (naming the file that hung) and the tier counts as failed instead of the whole run timing out unread.
  const limitSeconds = Number(process.env.E2E_LANE_LIMIT_S ?? 3300);
  let hung = false;
  const guard = setTimeout(() => {
    hung = true;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, limitSeconds * 1000);
  browserLane = exited(child).then((status) => {
    clearTimeout(guard);
    if (hung)
      failures.push(`e2e: still running after ${limitSeconds} s, stopped (its log above names the file)`);
    return { status: hung ? 1 : status, seconds: (performance.now() - t) / 1000, log, hung };
  });
}

/** Reads a project's JSON report into the totals and the failure list; the tier table's outcome. */
function tally(project, report, status) {
  if (!existsSync(report)) {
    failed++;
    return 'no report';
  }
  const result = JSON.parse(readFileSync(report, 'utf8'));
  let projectFailed = result.numFailedTests;
  // A file that crashes before declaring its tests (import error, failing beforeAll) has no failed test of its
  // own: count each such file as one failure so it cannot pass silently.
  for (const file of result.testResults) {
    const where = `${project} ${relative(process.cwd(), file.name)}`;
    const failedTests = file.assertionResults.filter((a) => a.status === 'failed');
    for (const test of failedTests)
      failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) {
      projectFailed++;
      // Vitest's report keeps a file's own errors only: a describe's failed beforeAll or afterAll leaves the message
      // empty (its tests count as skipped), and its error is in the log above.
      const message = file.message
        ? firstLine(file.message)
        : 'a suite hook (beforeAll or afterAll) failed: its error is in the log above';
      failures.push(`${where}: ${message}`);
    }
  }
  if (status !== 0 && projectFailed === 0) projectFailed = 1;
  passed += result.numPassedTests;
  failed += projectFailed;
  skipped += result.numPendingTests + result.numTodoTests;
  return `${result.numPassedTests} passed, ${projectFailed} failed (${result.testResults.length} files)`;
}

if (withCheck) {
  await timed('check', async () => {
    const status = await exited(spawn('npm', ['run', 'check'], { stdio: 'inherit' }));
    if (status === 0) return '';
    failed++;
    failures.push('check: npm run check failed (its output is above)');
    return 'failed';
  });
}

for (const project of vitestProjects) {
  if (project === 'e2e' && browserLane) continue;
  const report = `.cache/vitest-${project}.json`;
  rmSync(report, { force: true });
  await timed(project, async () => {
    // Not spawnSync: the event loop must stay free to see the browser tier end while this one runs.
    const status = await exited(spawn('npx', vitestArgs(project, report), { stdio: 'inherit' }));
    return tally(project, report, status);
  });
}

if (browserLane) {
  const { status, seconds, log, hung } = await browserLane;
  process.stdout.write(readFileSync(log, 'utf8'));
  const outcome = hung
    ? (failed++, 'stopped by the hang guard')
    : tally('e2e', '.cache/vitest-e2e.json', status);
  tiers.push(['e2e', seconds, `${outcome}; beside the tiers above`]);
}

const wantsChaos =
  !args.includes('--no-chaos') &&
  process.env.CHAOS !== '0' &&
  (projects.length === 0 || projects.includes('chaos'));
if (wantsChaos) {
  await timed('chaos', () => {
    const chaosReport = '.cache/chaos-report.json';
    rmSync(chaosReport, { force: true });
    // The suite keeps its own 170 s budget and cleans up; the outer limit only catches a hung process.
    const chaos = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/test/chaos/run.ts', '--ci', '--report', chaosReport],
      { stdio: 'inherit', timeout: 180_000, killSignal: 'SIGINT' },
    );
    if (!existsSync(chaosReport)) {
      failed++;
      if (chaos.status !== 0) console.log('chaos tier: no report (crashed or timed out)');
      return 'no report';
    }
    const result = JSON.parse(readFileSync(chaosReport, 'utf8'));
    passed += result.passed;
    failed += result.failed;
    skipped += result.skipped;
    return `${result.passed} passed, ${result.failed} failed`;
  });
}
printTimes();
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
