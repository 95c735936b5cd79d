import { useRef, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useParams } from 'react-router';
import { EventList } from '@/components/sports/event-list';
import { FeedStatus } from '@/components/sports/feed-status';
import { NotAvailable } from '@/components/sports/not-available';
import { SectionHeading } from '@/components/sports/section-heading';
import { SportBar } from '@/components/sports/sport-bar';
import { useLocalePath } from '@/lib/app-context';
import { useSportCounts } from '@/lib/fixtures/api/get-counts';
import { useFixtureList } from '@/lib/fixtures/api/get-fixture-list';
import { useFeedTopics } from '@/lib/fixtures/live-feed';
import { idParam } from '@/lib/fixtures/navigation';
import { LIVE_LIST_POLL_MS } from '@/lib/fixtures/polls';
import { useServerMarkup } from '@/lib/server-markup';
import { useScrollMemory } from './components/use-scroll-memory';
import './live.css';

/** Every live event fits one page; upcoming shows the next 3 hours' first page (spec §2, §9). */
const LIVE_PAGE = 100;
const UPCOMING_PAGE = 20;
const UPCOMING_HOURS = 3;

function LiveLists({ sport }: { sport: number | undefined }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const live = useFixtureList({ onLive: true, sport, perPage: LIVE_PAGE }, { pollMs: LIVE_LIST_POLL_MS });
  // Below the live list: fetched by the client once the page has hydrated (skeleton rows until then).
  const serverMarkup = useServerMarkup();
  const upcoming = useFixtureList(
    { upcoming: UPCOMING_HOURS, onlyPre: true, sport, perPage: UPCOMING_PAGE },
    { enabled: !serverMarkup },
  );
  return (
    <>
      <section data-testid="live-list">
        <SectionHeading title={t('live.now')} />
        <EventList
          events={live.data?.result.filter((e) => e.status !== 'ended')}
          skeletonRows={6}
          live
          emptyText={t('sports.no_live_events')}
          showSport={sport === undefined}
        />
      </section>
      <section data-testid="upcoming-list">
        <SectionHeading title={t('live.upcoming')} allTo={to(sport ? `/3hours/${sport}` : '/3hours')} />
        <EventList
          events={upcoming.data?.result}
          skeletonRows={3}
          live={false}
          emptyText={t('sports.no_events_period')}
          showSport={sport === undefined}
        />
      </section>
    </>
  );
}

/**
 * Spec §2 Live page `/live/:sport?/:eventId?`: the live list, then what starts in the next 3 hours. With an
 * event id it shows that event (drawn by `renderEvent`, the event feature put here by src/app) and keeps
 * the list mounted but hidden, so closing the event returns to the same scroll position.
 */
export function LivePage({ renderEvent }: { renderEvent: (eventId: number, closeTo: string) => ReactNode }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const params = useParams();
  const sport = params.sport === undefined ? undefined : idParam(params.sport);
  const eventId = params.eventId === undefined ? undefined : idParam(params.eventId);
  const { pathname } = useLocation();
  // The list the player opened the event from: closing returns to it, scrolled as it was.
  const fromList = useRef<string | null>(null);
  if (eventId === undefined) fromList.current = pathname;
  useFeedTopics(['live']);
  useScrollMemory(eventId === undefined ? pathname : null);
  const { data: sports } = useSportCounts({ onLive: true });
  if (sport === null || eventId === null) {
    return (
      <NotAvailable
        title={t('sports.not_found_title')}
        text={t('sports.not_found_text')}
        backTo={to('/live')}
        backLabel={t('live.back_to_live')}
      />
    );
  }
  return (
    <div className="live-page">
      {eventId !== undefined &&
        renderEvent(eventId, fromList.current ?? to(sport === undefined ? '/live' : `/live/${sport}`))}
      <div hidden={eventId !== undefined} data-testid="live-lists">
        <SportBar
          sports={sports}
          active={sport ?? null}
          withAll
          hrefFor={(id) => to(id === null ? '/live' : `/live/${id}`)}
        />
        {/* Kept (hidden) under an event opened from them, for their place; a page that opens on an event mounts
            them when it closes (not ~120 hidden rows fetched and drawn while the event's page loads). */}
        {fromList.current !== null && <LiveLists sport={sport} />}
      </div>
      <FeedStatus />
    </div>
  );
}
