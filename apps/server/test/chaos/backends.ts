// Throwaway back-ends of the chaos suite: its own PostgreSQL cluster (initdb/pg_ctl as the `postgres` user when
// run as root: they refuse root) and its own Redis, on free ports under a fresh temp folder. Only these are ever
// stopped or killed; a shared PostgreSQL or Redis on the machine is never touched. `destroy()` removes them.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A port nothing listens on now (the kernel's choice for port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The folder of initdb/pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<n>/bin, else the PATH. */
export function postgresBin(): string | null {
  const candidates = [
    process.env.PG_BIN,
    ...['17', '16', '15', '14'].map((v) => `/usr/lib/postgresql/${v}/bin`),
  ].filter((p): p is string => Boolean(p));
  const found = candidates.find((dir) => existsSync(path.join(dir, 'pg_ctl')));
  if (found) return found;
  try {
    return path.dirname(execFileSync('which', ['pg_ctl'], { encoding: 'utf8' }).trim());
  } catch {
    return null;
  }
}

export function redisBin(): string | null {
  try {
    return execFileSync('which', ['redis-server'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool as `postgres` when we are root (initdb and postgres refuse root). */
function pgTool(bin: string, tool: string, args: string[]): void {
  const command = path.join(bin, tool);
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
  else execFileSync(command, args, { stdio: 'pipe' });
}

export interface PostgresCluster {
  url: string;
  port: number;
  start(): void;
  /** Fast shutdown (open connections are cut), as an operator's restart does. */
  stop(): void;
  destroy(): void;
}

export async function startPostgres(bin: string): Promise<PostgresCluster> {
  const root = mkdtempSync(path.join(tmpdir(), 'sb-chaos-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
  }
  const data = path.join(root, 'data');
  const port = await freePort();
  pgTool(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=100',
  ].join(' ');
  let running = false;
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      pgTool(bin, 'pg_ctl', [
        '-D',
        data,
        '-o',
        options,
        '-l',
        path.join(root, 'log'),
        '-w',
        '-t',
        '60',
        'start',
      ]);
      running = true;
    },
    stop() {
      pgTool(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
      running = false;
    },
    destroy() {
      try {
        if (running) pgTool(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}

export interface RedisServer {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startRedis(bin: string): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const waitReady = (c: ChildProcess) =>
    new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`redis did not start: ${out}`)), 15_000);
      c.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (/Ready to accept connections/i.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      });
      c.once('exit', (code) => reject(new Error(`redis exited ${code}: ${out}`)));
    });
  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        bin,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      await waitReady(child);
    },
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    },
    destroy: () => server.stop(),
  };
  await server.start();
  return server;
}
