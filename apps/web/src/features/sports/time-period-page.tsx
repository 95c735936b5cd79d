import { useTranslation } from '@/lib/i18n';
import { useParams } from 'react-router';
import { FeedStatus } from '@/components/sports/feed-status';
import { NotAvailable } from '@/components/sports/not-available';
import { SportBar } from '@/components/sports/sport-bar';
import { useLocalePath } from '@/lib/app-context';
import { useSportCounts, type CountFilter } from '@/lib/fixtures/api/get-counts';
import type { FixtureListParams } from '@/lib/fixtures/api/get-fixture-list';
import { useFeedTopics } from '@/lib/fixtures/live-feed';
import { idParam } from '@/lib/fixtures/navigation';
import { PagedEventList, usePagedEvents } from './components/paged-events';
import './sports-page.css';

/** Spec §2 time-period pages and §9 upcoming filters: today = 24 h, 3hours, 48hours, highlighted. */
export const TIME_PERIODS = {
  today: { upcoming: 24 },
  '3hours': { upcoming: 3 },
  '48hours': { upcoming: 48 },
  highlighted: { highlighted: true },
} as const satisfies Record<string, CountFilter>;
export type TimePeriod = keyof typeof TIME_PERIODS;

const PAGE = 20;

/** The list filter of a period page: upcoming ones are pre-match only; highlighted keeps live events too. */
export function periodListParams(period: TimePeriod, sport: number | undefined): FixtureListParams {
  const filter: CountFilter = TIME_PERIODS[period];
  return filter.highlighted
    ? { highlighted: true, sport, perPage: PAGE }
    : { upcoming: filter.upcoming, onlyPre: true, sport, perPage: PAGE };
}

/** `/today/:sport?`, `/3hours/:sport?`, `/48hours/:sport?`, `/highlighted/:sport?`: a sport bar and the matches. */
export function TimePeriodPage({ period }: { period: TimePeriod }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const param = useParams().sport;
  const sport = param === undefined ? undefined : idParam(param);
  useFeedTopics(['live']);
  const { data: sports } = useSportCounts(TIME_PERIODS[period]);
  const query = usePagedEvents(periodListParams(period, sport ?? undefined));
  if (sport === null) {
    return (
      <NotAvailable
        title={t('sports.not_found_title')}
        text={t('sports.not_found_text')}
        backTo={to(`/${period}`)}
        backLabel={t('sports.back_to_list')}
      />
    );
  }
  return (
    <div className="time-period-page">
      <SportBar
        sports={sports}
        active={sport ?? null}
        withAll
        hrefFor={(id) => to(id === null ? `/${period}` : `/${period}/${id}`)}
      />
      <PagedEventList
        query={query}
        emptyText={t('sports.no_events_period')}
        showSport={sport === undefined}
      />
      <FeedStatus />
    </div>
  );
}
