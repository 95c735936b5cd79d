// Starts the built server once for all browser tests: PGlite in a temporary folder with demo data and
// the tests' own clients (made with the operator CLI before the server starts), on a free port.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type {} from 'vitest'; // makes the ProvidedContext augmentation below resolvable
import { E2E_CLIENTS, E2E_CREDITS } from './clients';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
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

export default async function setup(project: TestProject) {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-e2e-'));
  const operatorToken = randomBytes(24).toString('hex');
  const env = {
    ...process.env,
    OPERATOR_TOKEN: operatorToken,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
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
  };
  createClients({ ...env, LOG_LEVEL: 'warn' }, dataDir);
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 90 s')), 90_000);
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = buffer.match(/ready at http:\/\/localhost:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', (code) =>
      reject(new Error(`server exited with ${code} before it was ready:\n${buffer}`)),
    );
  });
  project.provide('port', port);
  project.provide('operatorToken', operatorToken);
  project.provide('baseUrl', `http://localhost:${port}`);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
