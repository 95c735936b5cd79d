import { buildApp } from '/work/wt-sports/apps/server/src/app';
import { testConfig } from '/work/wt-sports/apps/server/src/config/config';
import { openDatabase } from '/work/wt-sports/apps/server/src/db/database';
const scale = Number(process.argv[2] ?? '0.03');
const t0 = performance.now();
const database = await openDatabase({ dataDir: 'memory' });
const t1 = performance.now();
const { app } = await buildApp({ config: testConfig({ CATALOGUE_SCALE: scale, CATALOGUE_DAYS_AHEAD: scale >= 1 ? 7 : 2 }), database });
const t2 = performance.now();
console.log('pglite open', (t1 - t0).toFixed(0), 'buildApp', (t2 - t1).toFixed(0));
for (const url of ['/api/v2/fixture/full?per_page=3', '/api/v2/fixture/count', '/api/v2/fixture/count?list=region&sport=1', '/api/v2/fixture/main-market/17', '/api/v1/fixture/popular/competitions', '/api/v1/fixture/matches?withoutMatch=1', '/api/v1/search/fixture?q=port']) {
  const s = performance.now();
  const res = await app.inject({ url });
  console.log(url, res.statusCode, (performance.now() - s).toFixed(0), 'ms', res.body.slice(0, 300));
}
const list = (await app.inject({ url: '/api/v2/fixture/full?per_page=1' })).json();
const id = list.result[0].id;
for (const url of [`/api/v2/fixture/e/${id}`, `/api/v2/fixture/e/${list.result[0].sub}`, `/api/v1/stat-service/h2/${id}`, `/widgets/tracker/${id}`, `/api/v1/team/${list.result[0].home.id}/crest.svg`]) {
  const s = performance.now();
  const res = await app.inject({ url });
  console.log(url, res.statusCode, (performance.now() - s).toFixed(0), 'ms', res.body.length, res.body.slice(0, 200));
}
await app.close(); await database.close();
