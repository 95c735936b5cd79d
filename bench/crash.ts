// Crash game benchmark: cash-outs accepted per second in the last second before a crash, with N players on
// loopback (each a feed WebSocket on the `crash` topic and real-money HTTP cash-outs through the seamless wallet
// and the ledger), as a ratio to the feed's raw fan-out measured in the same run on the same server and clients
// (crash messages delivered per second to every subscriber).
// Run: node --import tsx bench/crash.ts [--players 1000]   (PostgreSQL at TEST_DATABASE_URL; a throwaway database
// is created and dropped). Check it works with: node --import tsx bench/crash.ts --players 20
import { createHash, randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import http from 'node:http';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config/config';
import { CRASH_GAME_ID } from '../apps/server/src/modules/casino/crash/crash.repository';
import { createIdentityRepository } from '../apps/server/src/modules/identity/identity.repository';
import { send } from './support/http';
import { cleanAudit, fundedPlayer, printAudit } from './support/players';
import { printColumns as printTable } from './support/report';
import { withThrowawayDatabase } from './support/postgres';

const { values } = parseArgs({
  options: { players: { type: 'string', default: '1000' }, fanout: { type: 'string', default: '200' } },
});
const PLAYERS = Math.max(1, Math.min(Number(values.players), 2_000));
/** Messages published for the fan-out baseline. */
const FANOUT_MESSAGES = Math.max(10, Math.min(Number(values.fanout), 2_000));
const HARD_DEADLINE_MS = 10 * 60_000;
/** Rounds are skipped until one flies at least this long before it crashes (hundredths). */
const MIN_CRASH = 160;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Every player keeps its own HTTP connection open, as a phone does: a keep-alive agent with a socket per player,
 * opened while the players bet, so that the cash-outs of the last second all leave at once on warm connections
 * (1,000 fresh connects at the same instant would only measure the kernel's listen backlog).
 */
const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000, maxSockets: Infinity });

function post(url: string, token: string, body: object): Promise<{ status: number; text: string }> {
  return send(agent, url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepBody: true,
  }).then((answer) => ({ status: answer.status, text: answer.body }));
}

async function main(): Promise<void> {
  setTimeout(() => {
    console.error('hard deadline reached');
    process.exit(2);
  }, HARD_DEADLINE_MS).unref();
  await withThrowawayDatabase(32, async (database) => {
    const config = testConfig({
      SEED_DEMO: true,
      LOG_LEVEL: 'silent',
      CATALOGUE_SCALE: 0.01,
      CATALOGUE_DAYS_AHEAD: 1,
      CASINO_PLAYS_PER_MINUTE: 100_000,
      // Every player connects from loopback: the per-address feed cap would refuse the 51st.
      FEED_MAX_CONNECTIONS_PER_ADDRESS: 100_000,
      CRASH_BETTING_MS: 3_000 + PLAYERS * 50,
      CRASH_PAUSE_MS: 200,
      CRASH_MAX_ROUND_PAYOUT: 1_000_000_000_000,
    });
    const { app, modules, bus } = await buildApp({ config, database });
    const arrivals: number[] = [];
    const handled: number[] = [];
    if (process.env.CRASH_BENCH_DEBUG) {
      app.addHook('onRequest', async (request) => {
        if (request.url.endsWith('/cashout')) arrivals.push(Date.now());
      });
      app.addHook('preHandler', async (request) => {
        if (request.url.endsWith('/cashout')) handled.push(Date.now());
      });
    }
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1', backlog: 4_096 });
    const { tenancy, casino } = modules;
    const crash = casino.crash;
    const tenant = (await tenancy.service.findByHost('localhost'))!;
    const game = await casino.catalogue.byId(CRASH_GAME_ID);
    const identities = createIdentityRepository(database.db);

    // Players: an account with cash, an access token (stored as the identity module stores it), a game session.
    const players: { token: string; session: string; socket: WebSocket; received: number }[] = [];
    for (let p = 0; p < PLAYERS; p++) {
      const user = await fundedPlayer(modules, tenant.id, 'crash-bench', p);
      const sessionId = randomBytes(16).toString('hex');
      const now = Date.now();
      await identities.insertSession({
        id: sessionId,
        userId: user.id,
        createdAt: new Date(now),
        expiresAt: new Date(now + 3_600_000),
      });
      const token = randomBytes(32).toString('base64url');
      await identities.insertToken({
        tokenHash: createHash('sha256').update(token).digest('hex'),
        kind: 'access',
        sessionId,
        expiresAt: new Date(now + 3_600_000),
      });
      const session = await casino.sessions.open(game, user, tenant.id, '127.0.0.1');
      const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/feed`);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      const player = { token, session: session.id, socket, received: 0 };
      socket.on('message', () => {
        player.received += 1;
      });
      socket.send(JSON.stringify({ type: 'subscribe', topics: ['crash'] }));
      players.push(player);
    }
    const call = (p: (typeof players)[0], path: string, body: object) =>
      post(`${baseUrl}${path}`, p.token, body);

    // The loop, led by this process.
    let running = true;
    const loop = (async () => {
      while (running) {
        await crash.tick().catch((error: unknown) => console.error('crash tick failed', error));
        await sleep(20);
      }
    })();

    // A round that flies long enough: every player bets in its window.
    let round = await crash.repo.latestRound();
    for (;;) {
      round = await crash.repo.latestRound();
      if (
        round?.status === 'betting' &&
        round.crashPoint >= MIN_CRASH &&
        round.bettingEndsAt.getTime() - Date.now() > PLAYERS * 45
      )
        break;
      await sleep(50);
    }
    const target = round!;
    const bets = await Promise.all(
      players.map(async (p) => {
        const res = await call(p, '/api/v1/crash/bets', {
          sessionId: p.session,
          roundId: target.id,
          slot: 0,
          stake: 1_000,
        });
        if (res.status !== 200) throw new Error(`bet refused: ${res.text}`);
        return (JSON.parse(res.text) as { result: { bet: { id: number } } }).result.bet.id;
      }),
    );
    // Wait for the last second before the crash, then every player cashes out at once.
    let flying = await crash.repo.round(target.id);
    while (flying?.status !== 'flying') {
      await sleep(200);
      flying = await crash.repo.round(target.id);
    }
    const crashAt = flying.crashAt!.getTime();
    while (Date.now() < crashAt - 1_000) await sleep(5);
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const start = performance.now();
    let accepted = 0;
    let refusal = '';
    let lastAcceptedAt = start;
    const lateness: number[] = [];
    await Promise.all(
      players.map(async (p, i) => {
        const sentAt = Date.now() - crashAt;
        const res = await call(p, '/api/v1/crash/cashout', { sessionId: p.session, betId: bets[i] });
        const text = res.text;
        if (process.env.CRASH_BENCH_DEBUG) lateness.push(sentAt, Date.now() - crashAt);
        if (res.status !== 200 && refusal === '') refusal = `${res.status} ${text}`;
        if (res.status === 200) {
          accepted += 1;
          lastAcceptedAt = performance.now();
        }
      }),
    );
    if (refusal) console.log(`first refusal: ${refusal}`);
    lag.disable();
    if (process.env.CRASH_BENCH_DEBUG) {
      console.log('sent/answered ms after crashAt', lateness.slice(0, 40).join(' '));
      console.log(
        'arrivals ms after crashAt',
        arrivals
          .slice(0, 20)
          .map((t) => t - crashAt)
          .join(' '),
      );
      console.log(
        'preHandler ms after crashAt',
        handled
          .slice(0, 20)
          .map((t) => t - crashAt)
          .join(' '),
      );
      console.log(
        `event loop delay p50 ${lag.percentile(50) / 1e6} ms, p99 ${lag.percentile(99) / 1e6} ms, max ${lag.max / 1e6} ms`,
      );
    }
    const cashoutSeconds = Math.max(lastAcceptedAt - start, 1) / 1_000;
    const cashoutsPerSecond = accepted / cashoutSeconds;
    running = false;
    await loop;

    // Baseline: the feed's raw fan-out of crash messages to the same clients.
    await sleep(500);
    const before = players.map((p) => p.received);
    const fanStart = performance.now();
    for (let i = 0; i < FANOUT_MESSAGES; i++)
      await bus.publish('casino.crash', {
        type: 'crash_tick',
        roundId: target.id,
        multiplier: 100 + i,
        elapsedMs: i,
        ts: Date.now(),
      });
    // A socket the hub dropped as too slow (its backpressure rule) no longer counts; the deliveries are counted.
    const behind = () =>
      players.filter(
        (p, i) => p.socket.readyState === WebSocket.OPEN && p.received - before[i]! < FANOUT_MESSAGES,
      );
    while (behind().length > 0) {
      if (performance.now() - fanStart > 120_000)
        throw new Error(`fan-out did not complete: ${behind().length} open sockets behind`);
      await sleep(2);
    }
    const fanSeconds = (performance.now() - fanStart) / 1_000;
    const delivered = players.reduce(
      (sum, p, i) => sum + Math.min(FANOUT_MESSAGES, p.received - before[i]!),
      0,
    );
    const dropped = players.filter((p) => p.socket.readyState !== WebSocket.OPEN).length;
    if (dropped > 0) console.log(`${dropped} sockets were closed by the hub as too slow during the run`);
    const deliveriesPerSecond = delivered / fanSeconds;

    const audit = await cleanAudit(modules, tenant.id);
    for (const p of players) p.socket.close();
    await app.close();

    console.log(
      `\nCrash game benchmark — PostgreSQL, ${PLAYERS} players on loopback (a feed WebSocket each on \`crash\`), one round crashing at ${(target.crashPoint / 100).toFixed(2)}×`,
    );
    console.log(
      `cash-outs = real-money HTTP cash-outs fired by every player 1 s before the crash (seamless-wallet win + ledger movement each); accepted ${accepted} of ${PLAYERS}, the last answered ${cashoutSeconds.toFixed(2)} s after the first was sent`,
    );
    console.log(
      `baseline = the feed's raw fan-out in the same run: ${FANOUT_MESSAGES} crash messages published on the bus, delivered to all ${PLAYERS} clients\n`,
    );
    printTable(
      [
        [
          'cash-outs vs feed fan-out',
          deliveriesPerSecond.toFixed(0),
          cashoutsPerSecond.toFixed(0),
          `${(cashoutsPerSecond / deliveriesPerSecond).toFixed(4)}×`,
        ],
      ],
      ['scenario', 'fan-out deliveries/s', 'cash-outs accepted/s', 'cash-outs / deliveries'],
    );
    printAudit(audit);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
