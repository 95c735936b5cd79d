import { useQuery } from '@tanstack/react-query';
import type { FixtureEvent } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { useAppContext } from '@/lib/app-context';

/** Spec §9: event data is refreshed every 10 s. */
export const SLIP_EVENTS_MS = 10_000;

/** The slip's events (no markets): live period, score and suspension for its rows. */
export async function getSlipEvents(ids: number[], locale: string): Promise<FixtureEvent[]> {
  const data = await apiRequest<{ result: FixtureEvent[] }>('bsapi', '/api/v2/fixture/full', {
    query: { event: ids.join(','), onlyList: 1, per_page: ids.length, locale },
  });
  return data.result;
}

export function useSlipEvents(ids: number[]) {
  const { locale } = useAppContext();
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['betslip', 'events', unique, locale],
    queryFn: () => getSlipEvents(unique, locale),
    enabled: unique.length > 0,
    refetchInterval: SLIP_EVENTS_MS,
    select: (events) => new Map(events.map((e) => [e.id, e])),
  });
}
