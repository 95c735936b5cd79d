// The real entry point as a process: configuration errors stop it with a message naming the
// variable; SIGTERM shuts it down cleanly; request logs never carry query strings or tokens.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: 'memory',
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = output.match(/running: http:\/\/localhost:(\d+)\//);
      if (match) resolve(Number(match[1]));
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  ready.catch(() => undefined); // a test that expects an early exit never awaits `ready`
  return { child, exited, ready, output: () => output };
}

describe('server process', () => {
  it('refuses to start on a bad configuration value and names it', async () => {
    const server = startServer({ PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(await server.exited).toBe(2);
    expect(server.output()).toMatch(/PORT/);
    expect(server.output()).toMatch(/DATABASE_URL/);
  });

  it('serves, keeps secrets out of the logs, and exits cleanly on SIGTERM', async () => {
    const server = startServer({ LOG_LEVEL: 'info' });
    const port = await server.ready;
    const res = await fetch(
      `http://127.0.0.1:${port}/api/v1/get/client?password=hunter2-secret&access_token=tok-secret`,
      { headers: { authorization: 'Bearer bearer-secret', 'x-app-session': 'Bearer session-secret' } },
    );
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const log = server.output();
    expect(log).toMatch(/"path":"\/api\/v1\/get\/client"/);
    for (const secret of ['hunter2-secret', 'tok-secret', 'bearer-secret', 'session-secret']) {
      expect(log).not.toContain(secret);
    }
    expect(log).toMatch(/shutting down/);
  });
});
