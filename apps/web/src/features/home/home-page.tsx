import { Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { EventList } from '@/components/sports/event-list';
import { TopCompetitions } from '@/components/sports/top-competitions';
import { FeedStatus } from '@/components/sports/feed-status';
import { SectionHeading } from '@/components/sports/section-heading';
import { useAppContext, useLocalePath } from '@/lib/app-context';
import { useFixtureList } from '@/lib/fixtures/api/get-fixture-list';
import { FOOTBALL } from '@/lib/fixtures/display-rules';
import { useFeedTopics } from '@/lib/fixtures/live-feed';
import { LIVE_LIST_POLL_MS } from '@/lib/fixtures/polls';
import { lazyPart } from '@/lib/lazy-part';
import { HydrationGate, useHeldUntilHydrated, WhenCommitted, WhenNear } from '@/lib/server-markup';
import { HomeTiles } from './components/home-tiles';
import { CasinoLinks, QuickLinks } from './components/quick-links';
import './home.css';

/** The carousel loads only on the variant that shows it. */
const LiveCarousel = lazyPart(
  'LiveCarousel',
  async () => (await import('./components/live-carousel')).LiveCarousel,
);

/** Spec §9 page sizes: six highlighted and six live rows on home; the carousel takes the live list's first page. */
const HOME_ROWS = 6;
const CAROUSEL_EVENTS = 10;

function LiveCarouselSection() {
  const { t } = useTranslation();
  const to = useLocalePath();
  // Events whose main market is suspended or closed (a match at 90' with its result decided, a paused one) are
  // skipped: the carousel leads with what can be bet on. A card suspended after the list came keeps its place
  // (padlocks) until the next poll.
  const { data } = useFixtureList(
    { onLive: true, openMain: true, perPage: CAROUSEL_EVENTS },
    { pollMs: LIVE_LIST_POLL_MS },
  );
  const live = useMemo(() => data?.result.filter((e) => e.isLive), [data]);
  // Live odds change the list at once; the carousel's server markup must hydrate with the list it was drawn from.
  const [events, hydrated] = useHeldUntilHydrated(live);
  const carousel = useMemo(
    () =>
      events && (
        <Suspense fallback={null}>
          <HydrationGate>
            <LiveCarousel events={events} />
            <WhenCommitted run={hydrated} />
          </HydrationGate>
        </Suspense>
      ),
    [events, hydrated],
  );
  if (live && live.length === 0) return null;
  return (
    <section data-testid="live-carousel-section">
      <SectionHeading title={t('home.live_now')} allTo={to('/live')} />
      <div className="live-carousel-frame">{carousel}</div>
    </section>
  );
}

/** Variant 2: the first six live football rows instead of the carousel. */
function LiveOverview() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { data } = useFixtureList(
    { onLive: true, sport: FOOTBALL, perPage: HOME_ROWS },
    { pollMs: LIVE_LIST_POLL_MS },
  );
  return (
    <section data-testid="live-overview">
      <SectionHeading title={t('home.live_overview')} allTo={to(`/live/${FOOTBALL}`)} />
      <EventList
        events={data?.result.filter((e) => e.isLive)}
        skeletonRows={HOME_ROWS}
        live
        emptyText={t('sports.no_live_events')}
      />
    </section>
  );
}

function HighlightedMatches() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { data } = useFixtureList({ highlighted: true, sport: FOOTBALL, perPage: HOME_ROWS });
  return (
    <section data-testid="highlighted-matches">
      <SectionHeading title={t('home.highlighted')} allTo={to(`/highlighted/${FOOTBALL}`)} />
      <EventList
        events={data?.result}
        skeletonRows={HOME_ROWS}
        live={false}
        emptyText={t('sports.no_events')}
      />
    </section>
  );
}

/**
 * Spec §2 Home. Variant 1 (app flag `homeVariant`): the brand's banners (issue 35 §1, passed in by the routes),
 * tiles, live carousel, quick links, casino links, highlighted matches, top competitions and the popular casino
 * games the casino feature passes in. Variant 2 shows a live overview of six rows instead of the carousel.
 */
export function HomePage({ banners, casinoGames }: { banners?: ReactNode; casinoGames?: ReactNode }) {
  const { t } = useTranslation();
  const { app } = useAppContext();
  useFeedTopics(['live']);
  return (
    <div className="home-page">
      {/* The header shows the title; the page still needs its heading for screen readers. */}
      <h1 className="visually-hidden">{t('route.home')}</h1>
      {banners}
      <HomeTiles />
      {app.features.homeVariant === 2 ? <LiveOverview /> : <LiveCarouselSection />}
      <QuickLinks />
      <CasinoLinks />
      <HighlightedMatches />
      {/* Below the fold on a phone: mounted on the client when scrolled near, their data not handed over in the page. */}
      <WhenNear fallback={null}>
        <TopCompetitions />
      </WhenNear>
      {casinoGames}
      <FeedStatus />
    </div>
  );
}
