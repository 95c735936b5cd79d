// Starts the built server once for all browser tests: in-memory PGlite, demo data, a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import type {} from 'vitest'; // makes the ProvidedContext augmentation below resolvable

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
  }
}

const SERVER_ENTRY = 'apps/server/dist/main.js';

export default async function setup(project: TestProject) {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory', SEED_DEMO: 'true', LOG_LEVEL: 'info', DATABASE_URL: '', REDIS_URL: '' },
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
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before it was ready:\n${buffer}`)));
  });
  project.provide('port', port);
  project.provide('baseUrl', `http://localhost:${port}`);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
}
