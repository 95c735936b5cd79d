import type { FixtureEvent, Locale } from '@sb/contract';
import { competitionView, regionView, sportView, type ReferenceCache } from '../event-view';
import type { EventFilter } from '../sports.repository';
import { matchesFilter, type EventStore, type StoredEvent } from './event-store';
import { isVirtualSport } from '../pricing/event-pricing';

/** Count and tree queries over the read model (the same answers the database gave, without touching it). */

export type CountGroup = 'sport' | 'region' | 'competition';

export function countBy(store: EventStore, group: CountGroup, filter: EventFilter): Map<number, number> {
  const counts = new Map<number, number>();
  for (const { record: e } of store.all()) {
    if (!matchesFilter(e, filter)) continue;
    const key = group === 'sport' ? e.sportId : group === 'region' ? e.regionId : e.competitionId;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Count lists of spec §3 (sports, regions, competitions). */
export function countList(
  ref: ReferenceCache,
  store: EventStore,
  group: CountGroup,
  filter: EventFilter,
  locale: Locale,
  full: boolean,
) {
  const counts = countBy(store, group, filter);
  if (group === 'sport') {
    return (
      [...ref.sports.values()]
        .filter((s) => full || counts.has(s.id))
        // Virtual sports have their own section: not among the sports (matchesFilter leaves their events out too).
        .filter((s) => !isVirtualSport(s.id) || filter.sportId === s.id)
        .map((s) => ({
          ID: s.id,
          Sport: sportView(ref, s.id, locale).name,
          Alias: s.alias,
          Count: counts.get(s.id) ?? 0,
          Order: s.order,
        }))
    );
  }
  if (group === 'region') {
    const regionIds = new Set(
      [...ref.competitions.values()].filter((c) => c.sportId === filter.sportId).map((c) => c.regionId),
    );
    return [...ref.regions.values()]
      .filter((r) => (full ? regionIds.has(r.id) : counts.has(r.id)))
      .map((r) => {
        const v = regionView(ref, r.id, locale);
        return {
          ID: r.id,
          Region: v.name,
          Alias: v.alias,
          Flag: v.flag,
          Count: counts.get(r.id) ?? 0,
          Order: r.order,
        };
      });
  }
  return [...ref.competitions.values()]
    .filter(
      (c) =>
        (filter.sportId === undefined || c.sportId === filter.sportId) &&
        (filter.regionId === undefined || c.regionId === filter.regionId),
    )
    .filter((c) => (filter.competitionIds ? filter.competitionIds.includes(c.id) : true))
    .filter((c) => full || counts.has(c.id))
    .map((c) => ({
      ID: c.id,
      Competition: competitionView(ref, c.id, locale).name,
      Alias: c.alias,
      Count: counts.get(c.id) ?? 0,
      Order: c.order,
      RegionID: c.regionId,
      SportID: c.sportId,
    }));
}

/** Top competitions with their event counts. */
export function popularCompetitions(ref: ReferenceCache, store: EventStore, locale: Locale) {
  const counts = countBy(store, 'competition', {});
  return [...ref.competitions.values()]
    .filter((c) => c.popular)
    .map((c) => {
      const region = regionView(ref, c.regionId, locale);
      const sport = sportView(ref, c.sportId, locale);
      return {
        id: c.id,
        name: competitionView(ref, c.id, locale).name,
        isPopular: true,
        eventCount: counts.get(c.id) ?? 0,
        region: { id: region.id, name: region.name, flag: region.flag },
        sport: { id: sport.id, name: sport.name, alias: sport.alias },
      };
    });
}

/** Events whose teams match `q` (case-insensitive, anywhere in the name), live first then by start. */
export function searchEvents(
  ref: ReferenceCache,
  store: EventStore,
  q: string,
  liveOnly: boolean,
  limit: number,
  locale: Locale,
) {
  const needle = q.toLocaleLowerCase(locale === 'tr' ? 'tr' : 'en');
  const lower = (id: number) =>
    (ref.teams.get(id)?.name ?? '').toLocaleLowerCase(locale === 'tr' ? 'tr' : 'en');
  const found: StoredEvent[] = [];
  for (const e of store.filter({ live: liveOnly || undefined })) {
    if (lower(e.record.homeTeamId).includes(needle) || lower(e.record.awayTeamId).includes(needle))
      found.push(e);
    if (found.length >= limit) break;
  }
  return found.map(({ record: e }) => {
    const comp = competitionView(ref, e.competitionId, locale);
    return {
      id: e.id,
      player1: { name: ref.teams.get(e.homeTeamId)?.name ?? '' },
      player2: { name: ref.teams.get(e.awayTeamId)?.name ?? '' },
      competition: {
        id: comp.id,
        name: comp.name,
        sport: { id: e.sportId, alias: sportView(ref, e.sportId, locale).alias },
      },
      startDate: e.startAt.toISOString(),
      onLive: e.isLive,
    };
  });
}

/** sport > region > competition with counts; `events(competitionId)` adds the rows when asked. */
export function tree(
  ref: ReferenceCache,
  store: EventStore,
  filter: EventFilter,
  locale: Locale,
  events: ((competitionId: number) => FixtureEvent[]) | null,
) {
  const counts = countBy(store, 'competition', filter);
  const sports = [...ref.sports.values()].map((s) => {
    const comps = [...ref.competitions.values()].filter((c) => c.sportId === s.id && counts.has(c.id));
    const region = [...new Set(comps.map((c) => c.regionId))].map((rid) => {
      const r = regionView(ref, rid, locale);
      const competition = comps
        .filter((c) => c.regionId === rid)
        .map((c) => {
          const v = competitionView(ref, c.id, locale);
          const base = {
            id: c.id,
            name: v.name,
            alias: v.alias,
            count: counts.get(c.id) ?? 0,
            order: v.order,
          };
          return events ? { ...base, events: events(c.id) } : base;
        });
      const count = competition.reduce((n, c) => n + c.count, 0);
      return { id: r.id, name: r.name, alias: r.alias, flag: r.flag, count, order: r.order, competition };
    });
    const view = sportView(ref, s.id, locale);
    const count = region.reduce((n, r) => n + r.count, 0);
    return { id: s.id, name: view.name, alias: view.alias, count, order: s.order, region };
  });
  return { sport: sports.filter((s) => s.count > 0) };
}
