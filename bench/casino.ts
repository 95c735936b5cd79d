// Casino benchmark: slot spins per second through the whole wallet path on PostgreSQL (session check, stake
// check, CSPRNG outcome, seamless-wallet bet and win, two ledger movements, limits check, round row — one
// transaction), against the ledger's own transfer rate (wallet credit/debit) measured in the same run on the
// same database and pool.
// Run: node --import tsx bench/casino.ts   (PostgreSQL at TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// a throwaway database is created and dropped).
import { cents } from '@sb/betting';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config/config';
import { stakesOf } from '../apps/server/src/modules/casino/index';
import { cleanAudit, fundedPlayer, printAudit } from './support/players';
import { printColumns as printTable } from './support/report';
import { median, timed, withThrowawayDatabase } from './support/postgres';

const OPS = Number(process.env.BENCH_OPS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100);
/** Baseline and spins alternate this many times; the table shows medians (the machine is noisy). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function main(): Promise<void> {
  await withThrowawayDatabase(CONCURRENCY, async (database) => {
    const config = testConfig({
      SEED_DEMO: true,
      LOG_LEVEL: 'silent',
      CATALOGUE_SCALE: 0.01,
      CATALOGUE_DAYS_AHEAD: 1,
    });
    const { app, modules } = await buildApp({ config, database });
    const { wallet, tenancy, casino } = modules;
    const tenant = (await tenancy.service.findByHost('localhost'))!;
    const game = await casino.catalogue.byId(
      (await casino.catalogueRepository.games({ isLive: false }, 1, 0)).rows[0]!.game.id,
    );
    const stake = stakesOf(game)[0]!;
    const players: {
      user: Awaited<ReturnType<typeof fundedPlayer>>;
      session: Awaited<ReturnType<typeof casino.sessions.open>>;
    }[] = [];
    for (let p = 0; p < PLAYERS; p++) {
      const user = await fundedPlayer(modules, tenant.id, 'bench', p);
      players.push({ user, session: await casino.sessions.open(game, user, tenant.id, '127.0.0.1') });
    }
    // Warm-up: connections, plans, JIT.
    await timed(200, CONCURRENCY, (i) => {
      const p = players[i % PLAYERS]!;
      return casino.slots.spin(p.session, game, { stake, roundKey: randomUUID() });
    });

    const transfers: number[] = [];
    const spins: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      transfers.push(
        OPS /
          (await timed(OPS, CONCURRENCY, (i) => {
            const p = players[i % PLAYERS]!;
            const t = {
              appId: tenant.id,
              userId: p.user.id,
              currency: p.user.currencyIso,
              amount: cents(100),
              idempotencyKey: `bench:${round}:${i}`,
            };
            return i % 2 === 0
              ? wallet.service.credit({ ...t, type: 'deposit' })
              : wallet.service.debit({ ...t, type: 'withdrawal' });
          })),
      );
      spins.push(
        OPS /
          (await timed(OPS, CONCURRENCY, (i) => {
            const p = players[i % PLAYERS]!;
            return casino.slots.spin(p.session, game, { stake, roundKey: randomUUID() });
          })),
      );
    }
    const audit = await cleanAudit(modules, tenant.id);
    await app.close();

    console.log(
      `\nCasino benchmark — PostgreSQL, ${OPS} operations per measurement, ${CONCURRENCY} in flight, pool ${CONCURRENCY}, ${PLAYERS} players, median of ${ROUNDS} alternating rounds`,
    );
    console.log(
      'baseline = ledger transfers (wallet credit/debit: movement + 2 entries + guarded balance, one transaction)',
    );
    console.log(
      `spin = one slot round of "${game.game.name}" (${game.game.config.family}): outcome, seamless-wallet bet + win, 2 ledger movements, limits check, round row — one transaction\n`,
    );
    const ratios = spins.map((s, i) => s / (transfers[i] ?? NaN));
    printTable(
      [
        [
          'slot spin vs ledger transfer',
          median(transfers).toFixed(0),
          median(spins).toFixed(0),
          `${median(ratios).toFixed(2)}×`,
        ],
      ],
      ['scenario', 'transfers/s', 'spins/s', 'spins / transfers'],
    );
    printAudit(audit);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
