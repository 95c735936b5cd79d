import type { MarketUpdate, MatchUpdate } from '@sb/contract';
import type { EventFilter, EventRecord, MarketRecord, SelectionRecord } from '../sports.repository';
import { maxStakeFor } from '../pricing/margin';
import { isVirtualSport } from '../pricing/event-pricing';

/** A market with its selections, in order, as the read model holds it. */
export interface MarketEntry {
  market: MarketRecord;
  selections: SelectionRecord[];
  /** `ts` of the last feed update applied to it (older updates overtaken on the way are ignored). */
  ts: number;
}

/**
 * One event as the read model holds it: the row and its markets. Of the simulator's state (`sim`) only the match
 * state is kept (`{ match }`: minute, goals, cards, added time; what the bet builder prices from), never its
 * draw stream; the bus's `fixture.state` keeps it current with `pricesBehindScore`.
 */
export interface StoredEvent {
  record: EventRecord;
  /** `ts` of the last match state applied (a state message older than it is ignored). */
  stateTs: number;
  /** Grows with every change to the event or its markets: response bodies are cached per version. */
  version: number;
  /** null until loaded (markets are loaded on first need, from the database). */
  markets: MarketEntry[] | null;
}

/** The part of a row's simulator state the read model keeps: the match state (null when there is none). */
function matchOnly(sim: unknown): { match: unknown } | null {
  const match = (sim as { match?: unknown } | null)?.match;
  return match === undefined || match === null ? null : { match };
}

const LIST_STATUSES = new Set(['not_started', 'live']);

/** Whether an event passes a list filter (the same rules as the database's `where`). */
export function matchesFilter(e: EventRecord, filter: EventFilter): boolean {
  if (filter.ids) {
    if (!filter.ids.includes(e.id)) return false;
  } else if (!LIST_STATUSES.has(e.status)) return false;
  if (filter.preOnly && e.status !== 'not_started') return false;
  if (filter.live && e.status !== 'live') return false;
  if (filter.highlighted && !e.highlighted) return false;
  if (filter.sportId !== undefined && e.sportId !== filter.sportId) return false;
  // Virtual matches only where their sport is asked for (or by id: the slip, My bets).
  if (filter.sportId === undefined && !filter.ids && isVirtualSport(e.sportId)) return false;
  if (filter.regionId !== undefined && e.regionId !== filter.regionId) return false;
  if (filter.competitionIds && !filter.competitionIds.includes(e.competitionId)) return false;
  if (filter.startsBefore !== undefined && e.startAt.getTime() > filter.startsBefore) return false;
  if (filter.openOnly && e.isSuspended) return false;
  return true;
}

/** The list order: live first, then by start time, then id. */
function listOrder(a: StoredEvent, b: StoredEvent): number {
  const x = a.record;
  const y = b.record;
  if (x.isLive !== y.isLive) return x.isLive ? -1 : 1;
  return x.startAt.getTime() - y.startAt.getTime() || x.id - y.id;
}

/**
 * The event read model of one instance: every current event and the markets that have been needed, in
 * memory, kept current from the bus. The database stays the system of record; this answers reads.
 */
export class EventStore {
  private readonly events = new Map<number, StoredEvent>();
  private readonly bySub = new Map<number, number>();
  private readonly byRid = new Map<number, number>();
  private ordered: StoredEvent[] | null = null;
  /** Filter results, valid until something a filter reads changes (cleared with `ordered`). */
  private readonly filtered = new Map<string, StoredEvent[]>();
  /** Market updates that arrived while an event's markets were being read from the database. */
  private readonly loading = new Map<number, MarketUpdate[]>();

  get size(): number {
    return this.events.size;
  }

  /** Replaces (or adds) event rows; markets already loaded are kept unless the caller replaces them. */
  putEvents(records: EventRecord[]): void {
    for (const record of records) {
      const row = { ...record, sim: matchOnly(record.sim) };
      const existing = this.events.get(record.id);
      if (existing) {
        existing.record = row;
        existing.stateTs = record.ts;
        existing.version++;
      } else this.events.set(record.id, { record: row, stateTs: record.ts, version: 1, markets: null });
      this.bySub.set(record.sub, record.id);
      if (record.rid !== null) this.byRid.set(record.rid, record.id);
    }
    this.reorder();
  }

  /** Drops events (purged from the database). */
  removeEvents(ids: Iterable<number>): void {
    for (const id of ids) {
      const e = this.events.get(id);
      if (!e) continue;
      this.events.delete(id);
      this.bySub.delete(e.record.sub);
      if (e.record.rid !== null) this.byRid.delete(e.record.rid);
    }
    this.reorder();
  }

  /**
   * Marks events whose markets are being read from the database: updates arriving meanwhile are kept and
   * replayed on top of what the read returns (the read may predate them), in bus order.
   */
  beginMarketLoad(eventIds: number[]): void {
    for (const id of eventIds) if (!this.loading.has(id)) this.loading.set(id, []);
  }

  /** The read failed: forget what was kept. */
  abortMarketLoad(eventIds: number[]): void {
    for (const id of eventIds) this.loading.delete(id);
  }

  /** Sets an event's markets from joined database rows (ordered by market order, then selection order). */
  putMarkets(eventId: number, rows: { market: MarketRecord; selection: SelectionRecord }[]): void {
    const missed = this.loading.get(eventId) ?? [];
    this.loading.delete(eventId);
    const event = this.events.get(eventId);
    if (!event) return;
    const entries: MarketEntry[] = [];
    for (const { market, selection } of rows) {
      const last = entries[entries.length - 1];
      if (last && last.market.id === market.id) last.selections.push(selection);
      else entries.push({ market, selections: [selection], ts: 0 });
    }
    event.markets = entries;
    event.version++;
    for (const update of missed) this.applyMarkets(update);
  }

  /** Forgets an event's markets (they are reloaded when next needed). */
  dropMarkets(eventId: number): void {
    const event = this.events.get(eventId);
    if (event?.markets) {
      event.markets = null;
      event.version++;
    }
  }

  get(id: number): StoredEvent | undefined {
    return this.events.get(id);
  }

  /** By event id or sub-event id. */
  byIdOrSub(id: number): StoredEvent | undefined {
    return this.events.get(id) ?? this.events.get(this.bySub.get(id) ?? -1);
  }

  byRidOf(rid: number): StoredEvent | undefined {
    return this.events.get(this.byRid.get(rid) ?? -1);
  }

  /** Every event in list order (sorted once per change of the order). */
  all(): StoredEvent[] {
    this.ordered ??= [...this.events.values()].sort(listOrder);
    return this.ordered;
  }

  /** The events a list filter selects, in list order; computed once until a filtered field changes. */
  filter(filter: EventFilter): StoredEvent[] {
    const key = JSON.stringify(filter);
    let list = this.filtered.get(key);
    if (!list) {
      list = this.all().filter((e) => matchesFilter(e.record, filter));
      if (this.filtered.size >= 500) this.filtered.clear(); // bounded: time filters make many keys
      this.filtered.set(key, list);
    }
    return list;
  }

  /** Something lists filter or sort on changed: recompute them on next use. */
  private reorder(): void {
    this.ordered = null;
    this.filtered.clear();
  }

  /** A match update from the bus: the live fields of the event. Older updates are ignored. */
  applyMatch(update: MatchUpdate): StoredEvent | null {
    const event = this.events.get(update.eventId);
    if (!event || event.record.ts > update.ts) return null;
    const r = event.record;
    const ended = update.status === 'ended';
    // Fields lists filter on (live, suspended, status): their results change.
    const filterChanged = r.isLive !== update.isLive || r.isSuspended !== update.isSuspended || ended;
    event.record = {
      ...r,
      status: ended ? 'ended' : update.isLive ? 'live' : r.status,
      phase: update.status,
      isLive: update.isLive,
      isSuspended: update.isSuspended,
      periodTime: update.periodTime,
      periodTimeLeft: update.periodTimeLeft,
      periodCounter: update.periodCounter,
      resultName: update.resultName,
      data: { ...r.data, score: update.data.score, stats: update.data.stats },
      ts: update.ts,
      updatedAt: new Date(update.ts),
    };
    event.version++;
    if (filterChanged) this.reorder();
    return event;
  }

  /**
   * A match state from the bus (`fixture.state`, written with the row just before): the match state the bet
   * builder prices from and whether the prices lag the score. No response body shows either: the version holds.
   */
  applyState(update: {
    eventId: number;
    ts: number;
    match: unknown;
    pricesBehindScore: boolean;
  }): StoredEvent | null {
    const event = this.events.get(update.eventId);
    if (!event || event.stateTs > update.ts) return null;
    event.stateTs = update.ts;
    event.record = {
      ...event.record,
      sim: { match: update.match },
      pricesBehindScore: update.pricesBehindScore,
    };
    return event;
  }

  /** A market update from the bus: odds and states of the listed markets (if this instance holds them). */
  applyMarkets(update: MarketUpdate): StoredEvent | null {
    this.loading.get(update.eventId)?.push(update);
    const event = this.events.get(update.eventId);
    if (!event?.markets) return null;
    const byId = new Map(event.markets.map((m) => [m.market.id, m]));
    let changed = false;
    for (const fm of update.markets) {
      const entry = byId.get(fm.id);
      if (!entry || entry.ts > update.ts) continue;
      entry.ts = update.ts;
      const odds = new Map(fm.selections.map((s) => [s.id, s]));
      entry.selections = entry.selections.map((s) => {
        const next = odds.get(s.id);
        if (!next) return s;
        const maxStake = next.odd === s.odd ? s.maxStake : maxStakeFor(next.odd, event.record.isLive);
        const result = next.result ?? s.result;
        return {
          ...s,
          odd: next.odd,
          isDisabled: next.isDisabled,
          isClosed: next.isClosed,
          maxStake,
          result,
        };
      });
      const closed = fm.selections.length > 0 && fm.selections.every((s) => s.isClosed);
      entry.market = { ...entry.market, disabled: fm.disabled, closed };
      changed = true;
    }
    if (changed) event.version++;
    return changed ? event : null;
  }
}
