import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FixtureEventResponse } from '@sb/contract';
import { ApiError, apiRequest } from '@/lib/api-client';
import { FIXTURES_KEY } from '@/lib/fixtures/api/get-fixture-list';
import { ACTIVE_EVENT_POLL_MS } from '@/lib/fixtures/polls';
import { shareFixtureData } from '@/lib/fixtures/feed-patch';

/**
 * `GET /api/v2/fixture/e/{eventId}` (spec §7): the event with every market, its result and the `error` flag
 * that disables odds; polled every 10 s behind the feed. Also asked with the sub-event id, whose markets
 * (corners, cards, players) are appended.
 */
export const eventQuery = (eventId: number) =>
  queryOptions({
    queryKey: [FIXTURES_KEY, 'event', eventId],
    queryFn: ({ signal }) =>
      apiRequest<FixtureEventResponse>('bsapi', `/api/v2/fixture/e/${eventId}`, { signal }),
    refetchInterval: (query) => (query.state.error ? false : ACTIVE_EVENT_POLL_MS),
    // An unknown event is an answer, not a hiccup worth retrying.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
    structuralSharing: shareFixtureData,
  });

export function useEvent(eventId: number, enabled = true) {
  return useQuery({ ...eventQuery(eventId), enabled });
}
