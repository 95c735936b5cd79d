import type { EventResult, Locale, ResultsResponse } from '@sb/contract';
import type { ReferenceCache } from '../event-view';
import type { EventStore } from './event-store';
import { viewOf } from './stored-event-views';
import { isVirtualSport, playsFootball } from '../pricing/event-pricing';

type Stats = { period: number; score: { home: number; away: number } }[];

/** A result's period scores: football's half-time score, other sports' periods (none when not known). */
function periods(sportId: number, stats: Stats): Pick<EventResult, 'periods' | 'halfTime'> {
  if (!playsFootball(sportId))
    return { periods: stats.map((p) => ({ period: p.period, score: p.score })), halfTime: null };
  const first = stats.find((p) => p.period === 1);
  return { periods: [], halfTime: first ? first.score : null };
}

/**
 * Finished events of a day from the read model (it holds those of the last two days and today), in start
 * order, with the sports present that day; `sportId` and `text` (team or competition, case-insensitive) narrow
 * the list, not the sports.
 */
export function resultsOf(
  ref: ReferenceCache,
  store: EventStore,
  day: { start: number; end: number },
  filter: { sportId?: number; text?: string },
  locale: Locale,
): ResultsResponse {
  const ended = store
    .all()
    .filter((e) => {
      const t = e.record.startAt.getTime();
      // Virtual matches' results are on their own page, unless their sport is asked for.
      if (isVirtualSport(e.record.sportId) && filter.sportId !== e.record.sportId) return false;
      return e.record.status === 'ended' && t >= day.start && t < day.end;
    })
    .sort((a, b) => a.record.startAt.getTime() - b.record.startAt.getTime() || a.record.id - b.record.id);
  const sports = new Map<number, { id: number; name: string; count: number; order: number }>();
  const text = filter.text?.trim().toLocaleLowerCase(locale) ?? '';
  const result: EventResult[] = [];
  for (const e of ended) {
    const view = viewOf(ref, e, 'none', locale, false);
    const sport = sports.get(view.sport.id);
    if (sport) sport.count++;
    else
      sports.set(view.sport.id, {
        id: view.sport.id,
        name: view.sport.name,
        count: 1,
        order: view.sport.order,
      });
    if (filter.sportId !== undefined && view.sport.id !== filter.sportId) continue;
    const haystack = `${view.home.name} ${view.away.name} ${view.competition.name}`.toLocaleLowerCase(locale);
    if (text && !haystack.includes(text)) continue;
    result.push({
      id: view.id,
      sport: { id: view.sport.id, name: view.sport.name },
      region: { id: view.region.id, name: view.region.name, flag: view.region.flag },
      competition: { id: view.competition.id, name: view.competition.name },
      home: { name: view.home.name, logo: view.home.logo },
      away: { name: view.away.name, logo: view.away.logo },
      startDate: view.startDate,
      score: view.data.score,
      ...periods(view.sport.id, view.data.stats),
      resultName: view.resultName,
    });
  }
  return {
    result,
    sports: [...sports.values()]
      .sort((a, b) => a.order - b.order)
      .map(({ id, name, count }) => ({ id, name, count })),
  };
}
