import type { OpsTickerBet } from '@sb/contract';

/** The ticker's filters, as they stand in the query string (`/backoffice/ticker?client=12&live=true`). */
export const TICKER_FILTERS = { brand: '', sport: '', event: '', client: '', minStake: '', live: '' };
export type TickerFilters = typeof TICKER_FILTERS;
/** Rows per page; older pages are added below with "Older bets". */
export const PAGE = 100;
/** Rows kept while the live feed adds new ones on top (older pages loaded by hand stay). */
export const MAX_LIVE_ROWS = 1000;

/** The bets list's query for the filters: a page of them, older than `before` when given. */
export function query(f: TickerFilters, before?: number): URLSearchParams {
  const q = new URLSearchParams({ limit: String(PAGE) });
  if (f.brand) q.set('brand', f.brand);
  if (f.sport) q.set('sport', f.sport);
  if (f.event) q.set('event', f.event);
  if (f.client) q.set('client', f.client);
  // An amount the server cannot read is sent as typed: its refusal names the field, in the desk's words.
  if (f.minStake) {
    const major = Number(f.minStake.replace(',', '.'));
    q.set('minStake', Number.isFinite(major) ? String(Math.round(major * 100)) : f.minStake);
  }
  if (f.live) q.set('live', 'true');
  if (before !== undefined) q.set('before', String(before));
  return q;
}

/** Whether a bet pushed by the live feed passes the filters the list was loaded with. */
export function passes(b: OpsTickerBet, f: TickerFilters): boolean {
  if (f.brand && b.brand.id !== Number(f.brand)) return false;
  if (f.client && b.client.id !== Number(f.client)) return false;
  if (f.minStake && b.stake < Number(f.minStake.replace(',', '.')) * 100) return false;
  if (f.live === 'true' && !b.isLive) return false;
  if (f.event && !b.selections.some((s) => s.eventId === Number(f.event))) return false;
  if (f.sport && !b.selections.some((s) => s.sportId === Number(f.sport))) return false;
  return true;
}

/** The columns the table sorts by, and the sort in force. */
export type SortKey = 'id' | 'stake' | 'potentialPayout' | 'risk' | 'status' | 'client' | 'brand';
export interface Sort {
  key: SortKey;
  desc: boolean;
}
const valueOf = (b: OpsTickerBet, key: SortKey): number | string =>
  key === 'client' ? b.client.username : key === 'brand' ? b.brand.name : b[key];

/** The bets in the table's order: by the sorted column, then newest first among equals. */
export function sortBets(bets: OpsTickerBet[], sort: Sort): OpsTickerBet[] {
  const dir = sort.desc ? -1 : 1;
  return [...bets].sort((a, b) => {
    const x = valueOf(a, sort.key);
    const y = valueOf(b, sort.key);
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return c * dir || b.id - a.id;
  });
}

/** The filtered event's name as a loaded bet's leg has it, or its id when no loaded bet has one. */
export function eventNameOf(bets: OpsTickerBet[], event: string): string {
  const leg = bets.flatMap((b) => b.selections).find((s) => String(s.eventId) === event);
  return leg?.event ?? `#${event}`;
}
