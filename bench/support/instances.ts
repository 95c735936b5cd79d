// The real server as child processes, shared by the benches that measure instances from outside (peak.ts,
// feed-fanout.ts --players): a throwaway PostgreSQL database, `main.ts` started with the bench's settings, the
// servers pinned to core 0 and the bench (and the generators it forks) to core 1, and each process's CPU and RSS
// read from /proc.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import pg from 'pg';

export interface Server {
  child: ChildProcess;
  base: string;
}

/**
 * Pins this process and every thread it has (libuv, V8) to core 1, so it and the processes it forks later stay off
 * the servers' core; answers the prefix that starts a server on core 0 (`taskset -c 0`), or null when pinning is
 * off (`off`) or impossible (one core, no taskset).
 */
export function pinApart(pin: string): { server: string[] } | null {
  if (pin === 'off' || availableParallelism() < 2) return null;
  try {
    execFileSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
    return { server: ['taskset', '-c', '0'] };
  } catch {
    return null;
  }
}

async function admin(dbUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** A new empty database on the server of `dbUrl` for one run: its URL, its name, and `drop()` for afterwards. */
export async function throwawayDatabase(dbUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(dbUrl, `create database ${name}`);
  const url = new URL(dbUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin(dbUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * `apps/server/src/main.ts` on a free loopback port with the demo book seeded, `env` on top; resolves when it says
 * it is running. `PEAK_SERVER_NODE_ARGS` adds Node flags to the servers only, e.g.
 * "--cpu-prof --cpu-prof-dir=/tmp/prof".
 */
export function startServer(
  databaseUrl: string,
  env: Record<string, string>,
  pinned: { server: string[] } | null,
): Promise<Server> {
  const nodeArgs = (process.env.PEAK_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const command = [
    ...(pinned?.server ?? []),
    process.execPath,
    ...nodeArgs,
    '--import',
    'tsx',
    'apps/server/src/main.ts',
  ];
  const child = spawn(command[0]!, command.slice(1), {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = out.match(/running: http:\/\/localhost:(\d+)\//);
      if (m) resolve({ child, base: `http://127.0.0.1:${m[1]}` });
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

/** Ids of the events live on `base` (at least `atLeast`, waiting up to a minute for the simulator to start them). */
export async function liveEventIds(base: string, atLeast: number): Promise<number[]> {
  let live: number[] = [];
  for (let i = 0; i < 60 && live.length < atLeast; i++) {
    const list = (await (await fetch(`${base}/api/v2/fixture/full?onLive=1&per_page=50`)).json()) as {
      result: { id: number }[];
    };
    live = list.result.map((e) => e.id);
    if (live.length < atLeast) await new Promise((r) => setTimeout(r, 1_000));
  }
  return live;
}

/** CPU seconds (user + system, all threads) and RSS of a process, from /proc. */
export function procStats(pid: number): { cpu: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return { cpu: ticks / 100, rssMb: Number(rss ?? 0) / 1024 };
}

/** The soft limit on open files of this process (children inherit it), from /proc. */
export function openFilesLimit(): number {
  const line = /Max open files\s+(\d+|unlimited)/.exec(readFileSync('/proc/self/limits', 'utf8'));
  return !line || line[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line[1]);
}
