// Server processes of the chaos suite: the real entry point (main.ts), so kill -9 is a real crash.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './backends';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export interface ServerProcess {
  name: string;
  baseUrl: string;
  metricsUrl: string;
  start(): Promise<void>;
  kill9(): Promise<void>;
  stop(): Promise<void>;
  running(): boolean;
  output(): string;
}

export async function serverProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const metricsPort = await freePort();
  let child: ChildProcess | null = null;
  let output = '';
  const exit = (c: ChildProcess) =>
    c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise((r) => c.once('exit', r));
  const instance: ServerProcess = {
    name,
    baseUrl: `http://127.0.0.1:${port}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    async start() {
      child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        env: {
          ...process.env,
          ...env,
          HOST: '127.0.0.1',
          PORT: String(port),
          METRICS_PORT: String(metricsPort),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const c = child;
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000);
      };
      c.stdout?.on('data', keep);
      c.stderr?.on('data', keep);
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        if (c.exitCode !== null) throw new Error(`${name} exited ${c.exitCode}:\n${output}`);
        const ok = await fetch(`${instance.baseUrl}/healthz`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`${name} did not start:\n${output}`);
    },
    async kill9() {
      const c = child;
      if (!c) return;
      c.kill('SIGKILL');
      await exit(c);
      child = null;
    },
    async stop() {
      const c = child;
      if (!c) return;
      c.kill('SIGTERM');
      const timer = setTimeout(() => c.kill('SIGKILL'), 15_000);
      await exit(c);
      clearTimeout(timer);
      child = null;
    },
    running: () => child !== null && child.exitCode === null,
    output: () => output,
  };
  return instance;
}

/** The value of `sb_producer_leader{loop}` on an instance's metrics listener (null when it does not answer). */
export async function leads(instance: ServerProcess, loop = 'simulator'): Promise<boolean | null> {
  try {
    const text = await (await fetch(instance.metricsUrl, { signal: AbortSignal.timeout(2_000) })).text();
    const line = text.split('\n').find((l) => l.startsWith(`sb_producer_leader{loop="${loop}"} `));
    return line ? line.endsWith(' 1') : false;
  } catch {
    return null;
  }
}
