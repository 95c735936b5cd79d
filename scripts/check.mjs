// `npm run check`: the type-check of every project (each its own tsconfig: DOM for web, node for server), ESLint
// (house rules and the walls), Prettier and the import cycles (type imports included), as many at a time as the
// machine has cores (two to four) instead of one after the other (each is a single-threaded process; 60 s in a row
// on CI). Each job's output is printed whole when it ends, so the logs do not interleave; the exit code is 1 when
// any job failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const tsc = (project) => ({
  name: `tsc -p ${project}`,
  command: [process.execPath, 'node_modules/typescript/bin/tsc', '-p', project],
});
/** Longest first, so the last job to start is a short one. */
const JOBS = [
  {
    name: 'eslint',
    command: [process.execPath, 'node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0'],
  },
  tsc('apps/server'),
  tsc('apps/web'),
  {
    name: 'prettier',
    command: [
      process.execPath,
      'node_modules/prettier/bin/prettier.cjs',
      '--check',
      '.',
      '--log-level',
      'warn',
    ],
  },
  tsc('apps/backoffice'),
  tsc('e2e'),
  tsc('bench'),
  tsc('packages/betting'),
  tsc('packages/contract'),
  tsc('packages/crash'),
  // Type imports included, which eslint's import-x/no-cycle skips (scripts/import-cycles.mjs).
  { name: 'import cycles', command: [process.execPath, 'scripts/import-cycles.mjs'] },
];

function run({ name, command }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const done = (ok) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)\n${output}`);
      resolve(ok);
    };
    child.on('error', (error) => {
      output += String(error);
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

const queue = [...JOBS];
let failed = false;
async function lane() {
  for (let job = queue.shift(); job; job = queue.shift()) if (!(await run(job))) failed = true;
}
await Promise.all(Array.from({ length: Math.max(2, Math.min(availableParallelism(), 4)) }, lane));
process.exit(failed ? 1 : 0);
