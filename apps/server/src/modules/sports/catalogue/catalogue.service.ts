import type { Clock } from '../../../lib/clock';
import type { SportsRepository, EventRecord } from '../sports.repository';
import { buildMarkets, matchStateOf, pricingEventOf } from '../market-builder';
import type { Pricer } from '../pricing/pricer';
import type { ReferenceCache } from '../event-view';
import { DAY_MS, dayOf, generateDay, generateReference } from './catalogue.generator';

/** Finished events stay this long (settlement and history read them), then are deleted. */
export const RETENTION_MS = 30 * DAY_MS;

export interface CatalogueOptions {
  seed: number;
  scale: number;
  daysAhead: number;
  marketsWindowHours: number;
}

/**
 * Keeps the catalogue supplied: reference data once, one deterministic batch of events per day
 * (yesterday's still-running ones through `daysAhead`), and markets for events as they come near.
 */
export function createCatalogueService(deps: {
  repo: SportsRepository;
  clock: Clock;
  options: CatalogueOptions;
  /** Prices new markets (on a worker thread in production). */
  pricer: Pricer;
}) {
  const { repo, clock, options } = deps;
  let cache: ReferenceCache | null = null;

  async function reference(): Promise<ReferenceCache> {
    if (cache) return cache;
    const r = await repo.loadReference();
    cache = {
      sports: new Map(r.sports.map((x) => [x.id, x])),
      regions: new Map(r.regions.map((x) => [x.id, x])),
      competitions: new Map(r.competitions.map((x) => [x.id, x])),
      teams: new Map(r.teams.map((x) => [x.id, x])),
    };
    return cache;
  }

  /** Prices and stores the markets of events that have none yet (idempotent, safe across instances). */
  async function prepareMarkets(list: EventRecord[]): Promise<void> {
    const ref = await reference();
    for (const event of list) {
      const home = ref.teams.get(event.homeTeamId);
      const away = ref.teams.get(event.awayTeamId);
      if (!home || !away) continue;
      const pricing = pricingEventOf(event, home, away);
      const rows = buildMarkets(event, pricing, await deps.pricer.price(pricing, matchStateOf(event)));
      await repo.insertMarkets(event.id, rows.markets, rows.selections);
    }
  }

  return {
    reference,
    /** Drops the cached reference data (after reference rows were added: virtual football's leagues). */
    forgetReference: () => void (cache = null),
    /** The reference data if already loaded (synchronous readers: the feed's texts). */
    cachedReference: () => cache,
    prepareMarkets,
    /** Makes sure every day of the window exists and old finished events are gone; returns events added. */
    async ensureCatalogue(): Promise<number> {
      await repo.purgeFinished(clock.now() - RETENTION_MS);
      const generated = { reference: generateReference(options.seed) };
      if (!(await repo.hasReference())) await repo.insertReference(generated.reference);
      const now = clock.now();
      const have = await repo.generatedDays();
      let added = 0;
      for (let day = dayOf(now) - 1; day <= dayOf(now + options.daysAhead * DAY_MS); day++) {
        if (have.has(day)) continue;
        const rows = generateDay(options.seed, day, options.scale, generated.reference, now);
        if (await repo.insertDay(day, rows)) added += rows.length;
      }
      return added;
    },
    /** Markets for events starting within the window (a batch at a time, so a tick stays short). */
    async prepareUpcoming(limit = 20): Promise<number> {
      const list = await repo.eventsToPrepare(clock.now() + options.marketsWindowHours * 3_600_000, limit);
      await prepareMarkets(list);
      return list.length;
    },
    async ensureMarketsFor(ids: number[]): Promise<void> {
      const missing = await repo.eventsWithoutMarkets(ids);
      if (missing.length > 0) await prepareMarkets(missing);
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
