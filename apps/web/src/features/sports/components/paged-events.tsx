import { useTranslation } from '@/lib/i18n';
import type { FixtureEvent } from '@sb/contract';
import { EventList } from '@/components/sports/event-list';
import { LoadMore } from '@/components/sports/load-more';
import type { FixtureListParams } from '@/lib/fixtures/api/get-fixture-list';
import { useFixturePages } from '@/lib/fixtures/api/get-fixture-pages';

/** A list that loads `perPage` events at a time as the player scrolls (spec §9: 10 in a competition). */
export function usePagedEvents(params: FixtureListParams, pollMs?: number) {
  const query = useFixturePages(params, { pollMs });
  const events: FixtureEvent[] | undefined = query.data?.pages.flatMap((p) => p.result);
  return { ...query, events };
}

export function PagedEventList({
  query,
  emptyText,
  showSport,
}: {
  query: ReturnType<typeof usePagedEvents>;
  emptyText: string;
  showSport?: boolean;
}) {
  const { t } = useTranslation();
  if (query.isError && !query.events) return <p className="event-list__empty">{t('error.generic')}</p>;
  return (
    <>
      <EventList
        events={query.events}
        skeletonRows={6}
        live={false}
        emptyText={emptyText}
        showSport={showSport}
      />
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
      />
    </>
  );
}
