// The desk's event view (issue 34 item 2): the load time of `GET /ops/v1/events/{id}` for a football event of about
// 90 markets, as a ratio to the player's event call `GET /api/v2/fixture/e/{id}` for the same event, measured in
// the same run, one request at a time (what a trader opening the event waits for), interleaved so that both
// calls meet the same machine. The app runs in this process (PGlite, or --db postgres://…) with the simulator
// playing; the event is pre-match (its markets stay still while timed).
// Run: node --import tsx bench/event-view.ts [--rounds 200] [--markets 90] [--scale 0.3] [--db URL]
import { simulatedBook } from './support/simulated-book';
import { arg } from './support/args';
import { cpuPressureUs, quantile } from './support/report';

const rounds = Number(arg('rounds', '200'));
const wanted = Number(arg('markets', '90'));
const scale = Number(arg('scale', '0.3'));
const url = arg('db', '');
const TOKEN = 'bench-event-view-operator-token-2026';

/** Milliseconds of one call, which must answer 200. */
async function timed(address: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${address}${path}`, { headers });
  await res.arrayBuffer();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return ms;
}

async function main(): Promise<void> {
  const { app, database } = await simulatedBook(url, scale, { OPERATOR_TOKEN: TOKEN });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const ops = { authorization: `Bearer ${TOKEN}` };

  // The pre-match football event whose market count is nearest the wanted one (markets are made on first view).
  const list = (await (
    await fetch(`${address}/api/v2/fixture/full?sport=1&onlyPre=1&per_page=40`)
  ).json()) as {
    result: { id: number }[];
  };
  let best: { id: number; markets: number; selections: number } | null = null;
  for (const { id } of list.result) {
    const view = (await (await fetch(`${address}/ops/v1/events/${id}`, { headers: ops })).json()) as {
      result: { markets: { selections: unknown[] }[] };
    };
    const markets = view.result.markets.length;
    const selections = view.result.markets.reduce((n, m) => n + m.selections.length, 0);
    if (!best || Math.abs(markets - wanted) < Math.abs(best.markets - wanted))
      best = { id, markets, selections };
    if (markets === wanted) break;
  }
  if (!best) throw new Error('no pre-match football event');
  const player = `/api/v2/fixture/e/${best.id}?locale=en`;
  const desk = `/ops/v1/events/${best.id}`;
  for (let i = 0; i < 20; i++) {
    await timed(address, player);
    await timed(address, desk, ops);
  }
  const waitedBefore = cpuPressureUs();
  const startedAt = performance.now();
  const times = { player: [] as number[], desk: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    // Alternate which goes first, so that neither always follows the other's garbage.
    if (i % 2 === 0) {
      times.player.push(await timed(address, player));
      times.desk.push(await timed(address, desk, ops));
    } else {
      times.desk.push(await timed(address, desk, ops));
      times.player.push(await timed(address, player));
    }
  }
  const waited = cpuPressureUs();
  const share =
    waited === null || waitedBefore === null
      ? 'CPU pressure unknown'
      : `some task waited for a CPU ${((100 * (waited - waitedBefore)) / 1000 / (performance.now() - startedAt)).toFixed(0)}% of the run`;
  const row = (name: string, xs: number[]) =>
    `${name.padEnd(34)}${quantile(xs, 0.5).toFixed(1).padStart(9)}${quantile(xs, 0.9).toFixed(1).padStart(9)}`;
  console.log(
    `\nevent view — ${database.kind}, scale ${scale}, event ${best.id}: ${best.markets} markets, ${best.selections} selections, ${rounds} rounds, one request at a time; ${share}`,
  );
  console.log(`${'call'.padEnd(34)}${'p50 ms'.padStart(9)}${'p90 ms'.padStart(9)}`);
  console.log(row('GET /api/v2/fixture/e/{id}', times.player));
  console.log(row('GET /ops/v1/events/{id}', times.desk));
  const ratio = (q: number) => (quantile(times.desk, q) / quantile(times.player, q)).toFixed(2);
  console.log(`\nevent view ÷ player's event call: p50 ${ratio(0.5)}×, p90 ${ratio(0.9)}×`);
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
