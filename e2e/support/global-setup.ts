// Starts the built server once for all browser tests: PGlite in a temporary folder with demo data and
// the tests' own clients (made with the operator CLI before the server starts), on a free port.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type {} from 'vitest'; // makes the ProvidedContext augmentation below resolvable
import { E2E_CLIENTS, E2E_CREDITS } from './clients';
import { chromiumExecutable } from './browser';
import { e2eWorkers } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The started servers' ports, one per worker: a file uses `serverPort()` (fixtures.ts). */
    ports: number[];
    /** Bearer token of the server's operator HTTP API (`/ops/v1/...`): steer simulated matches. */
    operatorToken: string;
  }
}

const SERVER_ENTRY = 'apps/server/dist/main.js';
const CLI_ENTRY = 'apps/server/dist/cli-ops.js';

/**
 * The tests' clients and their credits, made with the operator CLI before the server opens the
 * same data folder, in one batch: one start of the app instead of one per command (eleven cold starts of Node,
 * PGlite and the app took most of a minute on a busy machine).
 */
function createClients(env: NodeJS.ProcessEnv, dataDir: string) {
  const lines: string[][] = Object.values(E2E_CLIENTS).map((client) => [
    'client:create',
    '--username',
    client.username,
    '--password',
    client.password,
    '--first',
    'Test',
    '--last',
    'Player',
    '--locale',
    'locale' in client ? client.locale : 'en',
    '--app',
    'app' in client ? client.app : 'localhost',
  ]);
  for (const [name, amount] of Object.entries(E2E_CREDITS)) {
    const client = E2E_CLIENTS[name as keyof typeof E2E_CLIENTS];
    const { username } = client;
    lines.push([
      'client:credit',
      '--app',
      'app' in client ? client.app : 'localhost',
      '--username',
      username,
      '--amount',
      amount,
      '--key',
      `e2e-credit-${username}`,
    ]);
  }
  // Beside the data folder, not in it (PGlite makes its database in an empty folder).
  const file = `${dataDir}.setup.json`;
  writeFileSync(file, JSON.stringify(lines));
  execFileSync(process.execPath, [CLI_ENTRY, '--batch', file], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  rmSync(file);
}

/** The server's environment: PGlite in its own data folder, demo data, the operator token, short game periods. */
function serverEnv(dataDir: string, operatorToken: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    OPERATOR_TOKEN: operatorToken,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    // A query of the database's own handle inside a transaction's callback fails there (PGlite would hang on it).
    DB_TRANSACTION_GUARD: 'throw',
    REDIS_URL: '',
    // A short roulette period, so two browsers see a spin within the test's patience.
    ROULETTE_SPIN_MS: '6000',
    // The crash game's first chain collects client seeds 2 s (not 30) before its first round.
    CRASH_SEEDING_MS: '2000',
    // A betting window of 10 s (not 5): a walk-through places its bet as the window opens, in one round, and on a
    // busy machine the page learns of the window and its click reaches the server seconds late.
    CRASH_BETTING_MS: '10000',
    // A free metrics port (9464 may be taken on a shared machine), no drain delay at teardown, and no shedding
    // (PGlite runs queries on the event loop).
    METRICS_PORT: '0',
    SHUTDOWN_DRAIN_MS: '0',
    // Pages are always server-rendered here, however busy the machine (the hydration test checks the markup).
    SSR_RENDER_TIMEOUT_MS: '60000',
    SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    // No brand-wide referral thresholds: the suites' big slips (max stakes, long multiples) place as they always
    // did; e2e/referrals.test.ts refers its own client's bets through the client's risk profile.
    BET_REFERRAL_STAKE: '0',
    BET_REFERRAL_PAYOUT: '0',
    // A referred bet waits 30 min for the desk here, not the default minute: on a busy machine the referral test's
    // desk login (argon2id) and first render can take longer than that, and a lapsed referral leaves the queue.
    BET_REFERRAL_TIMEOUT_MS: '1800000',
  };
}

/** Where each server's log goes once it is ready (a CI run's only trace of what a server did). */
const LOG_DIR = '.cache/e2e-servers';
/** Lines of a server's log said at teardown: its last errors and warnings. */
const TOLD_LINES = 30;

/**
 * The last errors and warnings of a server's log (pino's JSON lines, level 40 and up), for the run's output: a
 * browser test that timed out says only that the page never loaded, and the server's side of it was lost.
 */
function tellWarnings(file: string, name: string): void {
  if (!existsSync(file)) return;
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /"level":(4|5|6)0\b/.test(line));
  if (lines.length === 0) return;
  console.error(
    `e2e ${name}: ${lines.length} warnings or errors in its log (${file}); the last ${TOLD_LINES}:`,
  );
  for (const line of lines.slice(-TOLD_LINES)) console.error(`  ${line.slice(0, 2_000)}`);
}

/** Starts one built server on its own data folder and free port; resolves with its port and a stop function. */
async function startServer(
  operatorToken: string,
  name: string,
): Promise<{ port: number; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-e2e-'));
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = `${LOG_DIR}/${name}.log`;
  const log = createWriteStream(logFile);
  const env = serverEnv(dataDir, operatorToken);
  createClients({ ...env, LOG_LEVEL: 'warn' }, dataDir);
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    // A hang guard: two servers start at once, beside the other tiers, on a busy machine.
    const timer = setTimeout(() => reject(new Error('server did not start within 240 s')), 240_000);
    let buffer = '';
    let ready = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      // Once ready, the log goes to its file (a full pipe would block the server), not to memory.
      if (ready) return void log.write(chunk);
      buffer += chunk.toString();
      const match = buffer.match(/ready at http:\/\/localhost:(\d+)\//);
      if (match) {
        ready = true;
        buffer = '';
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', (code) =>
      reject(new Error(`server exited with ${code} before it was ready:\n${buffer}`)),
    );
  });
  const stop = async () => {
    // A server that does not exit within 30 s of SIGTERM is killed (and said so): Vitest gives a global teardown
    // no limit of its own, and a teardown waiting for ever kept a whole CI run from ending.
    const exitedCleanly = await new Promise<boolean>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(false);
      }, 30_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
      child.kill('SIGTERM');
    });
    if (!exitedCleanly) console.error('e2e teardown: a server did not exit within 30 s of SIGTERM; killed');
    await new Promise((resolve) => log.end(resolve));
    tellWarnings(logFile, name);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { port, stop };
}

/**
 * One server per Vitest worker (E2E_WORKERS, 2 by default; vitest.config.ts runs that many files at once): a file
 * talks to the server of its worker (`serverPort()` in fixtures.ts, by VITEST_POOL_ID), so each server serves one
 * file at a time, as the single server did when files ran one after the other. The browser tier mostly waits
 * (on Chromium, on its server's simulator): two lanes take much less wall time than one.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  // Chromium unpacked once, here, before the workers start: two files launching it at once each unpacked it into
  // the same folder, and one ran a half-written binary.
  await chromiumExecutable();
  const operatorToken = randomBytes(24).toString('hex');
  const count = e2eWorkers();
  const servers = await Promise.all(
    Array.from({ length: count }, (_, i) => startServer(operatorToken, `server-${i + 1}`)),
  );
  const ports = servers.map((server) => server.port);
  project.provide('ports', ports);
  project.provide('operatorToken', operatorToken);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
