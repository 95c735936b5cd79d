// A check of what a running book offers, through the player's calls: every live and upcoming event's markets
// (`/api/v2/fixture/e/:id`), looking for
// - a decided selection still offered (a result set, or its market closed, while the selection is open);
// - an offered odd outside the band [1.02, PRICE_MAX_ODD) (the book suspends instead of clamping);
// - a sure bet inside one market: its offered outcomes' implied probabilities summing below 1 while every other
//   outcome is already lost (backing them all would return more than the stake whatever happens).
// Sure bets across markets are proved impossible by the pricing model's coherence tests (an LP dual over every
// reachable final state, modules/sports/README.md); this is the check on the running product.
//   node scripts/book-check.mjs [base URL, default http://localhost:8080] [--max-odd 501]
// Exit 1 when something is found. Reads only; safe against production.
const args = process.argv.slice(2);
const base = (args.find((a) => !a.startsWith('--')) ?? 'http://localhost:8080').replace(/\/$/, '');
const maxOddAt = args.indexOf('--max-odd');
const MAX_ODD = maxOddAt >= 0 ? Number(args[maxOddAt + 1]) : 501;
const MIN_ODD = 1.02;

async function get(path) {
  const response = await fetch(`${base}${path}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

/** Ids of the events a list call returns, page by page. */
async function eventIds(query) {
  const ids = [];
  for (let page = 1; ; page++) {
    const body = await get(`/api/v2/fixture/full?${query}&onlyList=1&per_page=100&page=${page}`);
    ids.push(...body.result.map((e) => e.id));
    if (page * 100 >= body.pagination.totalCount || body.result.length === 0) return ids;
  }
}

const offered = (market, s) => !market.disabled && !market.closed && !s.isDisabled && !s.isClosed;

const found = [];
const totals = { events: 0, live: 0, markets: 0, offered: 0, decided: 0, sureBetMarketsChecked: 0 };
const live = new Set(await eventIds('onLive=1'));
const all = [...new Set([...live, ...(await eventIds('upcoming=24'))])];
for (const id of all) {
  let event;
  try {
    event = (await get(`/api/v2/fixture/e/${id}`)).result;
  } catch (error) {
    // An event that ended between the list and this call is gone from the book: nothing to check.
    if (String(error).includes('HTTP 404')) continue;
    throw error;
  }
  totals.events++;
  if (event.isLive) totals.live++;
  for (const market of event.markets) {
    totals.markets++;
    const where = `event ${id} (${event.isLive ? 'live' : 'pre-match'}) market ${market.id} type ${market.t}${market.s ? ` ${market.s}` : ''}`;
    const open = market.selections.filter((s) => offered(market, s));
    totals.offered += open.length;
    totals.decided += market.selections.filter((s) => s.result !== null).length;
    for (const s of open) {
      if (s.result !== null)
        found.push(`${where}: selection ${s.id} (${s.outcome}) offered at ${s.odd} with result ${s.result}`);
      if (!(s.odd >= MIN_ODD && s.odd < MAX_ODD))
        found.push(
          `${where}: selection ${s.id} (${s.outcome}) offered at ${s.odd}, outside [${MIN_ODD}, ${MAX_ODD})`,
        );
    }
    // Every outcome either offered or already lost: backing the offered ones covers every result left.
    const covered = market.selections.every((s) => offered(market, s) || s.result === 'loss');
    if (open.length > 0 && covered) {
      totals.sureBetMarketsChecked++;
      const implied = open.reduce((sum, s) => sum + 1 / s.odd, 0);
      if (implied < 1)
        found.push(
          `${where}: sure bet, offered outcomes ${open.map((s) => `${s.outcome}@${s.odd}`).join(' ')} imply ${implied.toFixed(4)} < 1`,
        );
    }
  }
}

console.log(`book check of ${base}`);
console.log(
  '| events | live | markets | selections offered | with a result | markets checked for a sure bet | problems |',
);
console.log('|---|---|---|---|---|---|---|');
console.log(
  `| ${totals.events} | ${totals.live} | ${totals.markets} | ${totals.offered} | ${totals.decided} | ${totals.sureBetMarketsChecked} | ${found.length} |`,
);
for (const line of found.slice(0, 50)) console.log(`- ${line}`);
if (found.length > 50) console.log(`- … and ${found.length - 50} more`);
process.exit(found.length > 0 ? 1 : 0);
