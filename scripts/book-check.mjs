// A check of what a running book offers, through the player's calls: every live and upcoming event's markets
// (`/api/v2/fixture/e/:id`), looking for
// - a decided selection still offered (a result set, or its market closed, while the selection is open);
// - an offered odd outside the band [1.02, PRICE_MAX_ODD) (the book suspends instead of clamping);
// - a sure bet inside one market: its offered outcomes' implied probabilities summing below 1 while every other
//   outcome is already lost (backing them all would return more than the stake whatever happens) — for markets with
//   exactly one winner; the multi-winner types (double chance, anytime scorer, player to score 2 or more: several
//   or no outcome can win) are left out of that sum, which says nothing about them;
// - a player's "2 or more" (889) offered shorter than his anytime scorer (888) of the same event: it wins only
//   where the anytime bet wins, so its price can never be shorter.
// - a sure bet across the bet builder and the singles of a football event: every cell of result (1X2) × total goals
//   2.5 (over/under) priced as a two-leg builder (`POST /api/v1/bet-builder/price`), and the cheapest cover of all six
//   cells by builders, 1X2 singles and total singles costing less than the stake (the cover matrix is totally
//   unimodular, so the cheapest 0/1 cover is the LP's optimum: enumerating the 2^11 choices is exact).
// Sure bets across markets are proved impossible by the pricing model's coherence tests (an LP dual over every
// reachable final state, modules/sports/README.md); this is the check on the running product.
//   node scripts/book-check.mjs [base URL, default http://localhost:8080] [--max-odd 501]
// Exit 1 when something is found. Reads only; safe against production.
const args = process.argv.slice(2);
const base = (args.find((a) => !a.startsWith('--')) ?? 'http://localhost:8080').replace(/\/$/, '');
const maxOddAt = args.indexOf('--max-odd');
const MAX_ODD = maxOddAt >= 0 ? Number(args[maxOddAt + 1]) : 501;
const MIN_ODD = 1.02;

/** A player call; a 503 (the server shedding load on a busy machine) is asked again after its Retry-After, 20 times at most. */
async function get(path) {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${base}${path}`, { headers: { accept: 'application/json' } });
    if (response.status === 503 && attempt < 20) {
      const seconds = Number(response.headers.get('retry-after')) || 1;
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return response.json();
  }
}

/** A player's JSON call; null when the book refuses it (a 4xx: not offered, incompatible, closed). */
async function post(path, body) {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if ((response.status === 503 || response.status === 429) && attempt < 20) {
      const seconds = Number(response.headers.get('retry-after')) || 1;
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    if (response.status >= 400 && response.status < 500) return null;
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return (await response.json()).result;
  }
}

/**
 * The cheapest cover of the 3×2 grid result × total 2.5 by the offered sets (rows: 1X2 singles, columns: total
 * singles, cells: builders), as a sum of implied probabilities; Infinity when the offered sets cannot cover it.
 */
function cheapestCover(rows, columns, cells) {
  const sets = [
    ...rows.map((cost, r) => ({ cost, covers: [0, 1].map((c) => r * 2 + c) })),
    ...columns.map((cost, c) => ({ cost, covers: [0, 1, 2].map((r) => r * 2 + c) })),
    ...cells.map((cost, i) => ({ cost, covers: [i] })),
  ].filter((set) => Number.isFinite(set.cost));
  let best = Infinity;
  for (let mask = 1; mask < 1 << sets.length; mask++) {
    let covered = 0;
    let cost = 0;
    for (let k = 0; k < sets.length; k++)
      if (mask & (1 << k)) {
        cost += sets[k].cost;
        for (const cell of sets[k].covers) covered |= 1 << cell;
      }
    if (covered === 0b111111 && cost < best) best = cost;
  }
  return best;
}

const BUILDER_EVENTS = 60;

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
/** Market types whose outcomes are not "exactly one wins": double chance (full time, halves), anytime, 2 or more. */
const MULTI_WINNER = new Set([10, 63, 90, 888, 889]);

/** Problems of the player markets of one event: a "2 or more" price shorter than the same player's anytime. */
function playerChecks(event, markets) {
  const anytime = markets.find((m) => m.t === 888);
  const twoPlus = markets.find((m) => m.t === 889);
  if (!anytime || !twoPlus) return;
  totals.playerPairs++;
  for (const s of twoPlus.selections.filter((x) => offered(twoPlus, x))) {
    const one = anytime.selections.find((x) => x.outcome === s.outcome);
    if (one && offered(anytime, one) && s.odd < one.odd)
      found.push(
        `event ${event.id}: ${s.outcome} to score 2 or more at ${s.odd}, shorter than to score at all (${one.odd})`,
      );
  }
}

/** A sub-event's markets; null when it is gone (ended between the calls). */
async function subEvent(id) {
  try {
    return (await get(`/api/v2/fixture/e/${id}`)).result;
  } catch (error) {
    if (String(error).includes('HTTP 404')) return null;
    throw error;
  }
}

/** The checks of one market of an event (see the top of the file). */
function checkMarket(event, market) {
  const id = event.id;
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
  if (MULTI_WINNER.has(market.t)) totals.multiWinner++;
  else if (open.length > 0 && covered) {
    totals.sureBetMarketsChecked++;
    const implied = open.reduce((sum, s) => sum + 1 / s.odd, 0);
    if (implied < 1)
      found.push(
        `${where}: sure bet, offered outcomes ${open.map((s) => `${s.outcome}@${s.odd}`).join(' ')} imply ${implied.toFixed(4)} < 1`,
      );
  }
}

const found = [];
const totals = {
  events: 0,
  live: 0,
  markets: 0,
  offered: 0,
  decided: 0,
  sureBetMarketsChecked: 0,
  builderEvents: 0,
  multiWinner: 0,
  playerPairs: 0,
};
let lowestCover = Infinity;
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
  // The sub-event (corners, cards, player markets: anytime, first, last, 2 or more) is its own call.
  const sub = event.sub && event.sub !== event.id ? await subEvent(event.sub) : null;
  const markets = [...event.markets, ...(sub?.markets ?? [])];
  for (const market of markets) checkMarket(event, market);
  if (event.sport?.sportId === 1) playerChecks(event, markets);
  if (event.sport?.sportId === 1 && totals.builderEvents < BUILDER_EVENTS) await builderCheck(event);
}

/** The builder-and-singles cover of one football event (see the top of the file). */
async function builderCheck(event) {
  const result = event.markets.find((m) => m.t === 1 && !m.s);
  const total = event.markets.find((m) => m.t === 18 && m.s === '2.5');
  if (!result || !total) return;
  const rowSel = ['1', 'X', '2'].map((o) => result.selections.find((s) => s.outcome === o));
  const colSel = ['over', 'under'].map((o) => total.selections.find((s) => s.outcome === o));
  if (rowSel.some((s) => !s) || colSel.some((s) => !s)) return;
  const cost = (market, s) => (offered(market, s) ? 1 / s.odd : Infinity);
  const cells = [];
  for (const r of rowSel)
    for (const c of colSel) {
      const priced = await post('/api/v1/bet-builder/price', { eventId: event.id, oddIds: [r.id, c.id] });
      cells.push(priced ? 1 / priced.odd : Infinity);
    }
  const best = cheapestCover(
    rowSel.map((s) => cost(result, s)),
    colSel.map((s) => cost(total, s)),
    cells,
  );
  if (!Number.isFinite(best)) return;
  totals.builderEvents++;
  lowestCover = Math.min(lowestCover, best);
  if (best < 1)
    found.push(
      `event ${event.id} (${event.isLive ? 'live' : 'pre-match'}): sure bet across builders and singles of result × total 2.5, cheapest cover ${best.toFixed(4)} < 1`,
    );
}

console.log(`book check of ${base}`);
console.log(
  '| events | live | markets | selections offered | with a result | markets checked for a sure bet | multi-winner markets | events with anytime and 2+ compared | football events checked with builders (lowest cover) | problems |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
console.log(
  `| ${totals.events} | ${totals.live} | ${totals.markets} | ${totals.offered} | ${totals.decided} | ${totals.sureBetMarketsChecked} | ${totals.multiWinner} | ${totals.playerPairs} | ${totals.builderEvents} (${Number.isFinite(lowestCover) ? lowestCover.toFixed(4) : '–'}) | ${found.length} |`,
);
for (const line of found.slice(0, 50)) console.log(`- ${line}`);
if (found.length > 50) console.log(`- … and ${found.length - 50} more`);
process.exit(found.length > 0 ? 1 : 0);
