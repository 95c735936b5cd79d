import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import type { CompetitionCount, SportCount } from '@sb/contract';
import { CountList } from '@/components/sports/count-list';
import { EventList } from '@/components/sports/event-list';
import { FavouriteStar } from '@/components/sports/favourite-star';
import { FeedStatus } from '@/components/sports/feed-status';
import { NotAvailable } from '@/components/sports/not-available';
import { SectionHeading } from '@/components/sports/section-heading';
import { SportBar } from '@/components/sports/sport-bar';
import { PageMessage } from '@/components/ui/page-message';
import { useLocalePath } from '@/lib/app-context';
import { useFavouriteCompetitionCounts, useSportCounts } from '@/lib/fixtures/api/get-counts';
import { FAVOURITE_COMPETITION, useFavourites } from '@/lib/fixtures/api/get-favourites';
import { useFixtureList } from '@/lib/fixtures/api/get-fixture-list';
import { FOOTBALL } from '@/lib/fixtures/display-rules';
import { useFeedTopics } from '@/lib/fixtures/live-feed';
import { competitionPath, idParam } from '@/lib/fixtures/navigation';
import { useIsLoggedIn } from '@/lib/session';
import './favourites.css';

/** Sports of the favourite competitions, with how many events each has (the sport bar's counts). */
export function favouriteSports(counts: CompetitionCount[], sports: SportCount[]): SportCount[] {
  const per = new Map<number, number>();
  for (const c of counts) per.set(c.SportID, (per.get(c.SportID) ?? 0) + c.Count);
  return sports.filter((s) => per.has(s.ID)).map((s) => ({ ...s, Count: per.get(s.ID) ?? 0 }));
}

function LoginPrompt() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div data-testid="favourites-login">
      <PageMessage
        title={t('favourites.login_title')}
        text={t('favourites.login_text')}
        action={
          <Link className="ui-button ui-button--primary favourites__login" to={to('/login')}>
            {t('nav.login')}
          </Link>
        }
      />
    </div>
  );
}

function FavouriteLists({ sport }: { sport: number }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { competitionIds, matchIds, isPending } = useFavourites();
  const counts = useFavouriteCompetitionCounts(competitionIds);
  const { data: allSports } = useSportCounts();
  const inSport = counts.data?.filter((c) => c.SportID === sport);
  const competitionEvents = useFixtureList(
    { competition: inSport?.map((c) => c.ID), sport, perPage: 50 },
    { enabled: (inSport?.length ?? 0) > 0 },
  );
  const matches = useFixtureList({ event: matchIds, perPage: 50 }, { enabled: matchIds.length > 0 });
  if (!isPending && competitionIds.length === 0 && matchIds.length === 0) {
    return <PageMessage title={t('favourites.empty_title')} text={t('favourites.empty_text')} />;
  }
  const sports = counts.data && allSports ? favouriteSports(counts.data, allSports) : undefined;
  return (
    <>
      {competitionIds.length > 0 && (
        <SportBar sports={sports} active={sport} hrefFor={(id) => to(`/favorites/${id ?? FOOTBALL}`)} />
      )}
      {matchIds.length > 0 && (
        <section data-testid="favourite-matches">
          <SectionHeading title={t('favourites.matches')} />
          <EventList
            events={matches.data?.result.filter((e) => e.status !== 'ended')}
            skeletonRows={Math.min(matchIds.length, 4)}
            live={false}
            emptyText={t('favourites.no_matches')}
            showSport
          />
        </section>
      )}
      {competitionIds.length > 0 && (
        <section data-testid="favourite-competitions">
          <SectionHeading title={t('favourites.competitions')} />
          <CountList
            label={t('favourites.competitions')}
            skeletonRows={Math.min(competitionIds.length, 4)}
            items={inSport?.map((c) => ({
              key: c.ID,
              to: to(competitionPath(c.SportID, c.RegionID, c.ID)),
              name: c.Competition,
              count: c.Count,
              trail: <FavouriteStar type={FAVOURITE_COMPETITION} id={c.ID} name={c.Competition} />,
            }))}
          />
          {(inSport?.length ?? 0) > 0 && (
            <EventList
              events={competitionEvents.data?.result}
              skeletonRows={4}
              live={false}
              emptyText={t('sports.no_events')}
            />
          )}
        </section>
      )}
    </>
  );
}

/**
 * Spec §2 Favorites `/favorites/:sport?/:eventId?`: the favourite matches and the events of the favourite
 * competitions of a sport (football by default), with the event detail (drawn by `renderEvent`, put here
 * by src/app). Favourites need a login (spec §6).
 */
export function FavouritesPage({
  renderEvent,
}: {
  renderEvent: (eventId: number, closeTo: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const params = useParams();
  const loggedIn = useIsLoggedIn();
  const sport = params.sport === undefined ? FOOTBALL : idParam(params.sport);
  const eventId = params.eventId === undefined ? undefined : idParam(params.eventId);
  useFeedTopics(loggedIn ? ['live'] : []);
  if (!loggedIn) return <LoginPrompt />;
  if (sport === null || eventId === null) {
    return (
      <NotAvailable
        title={t('sports.not_found_title')}
        text={t('sports.not_found_text')}
        backTo={to('/favorites')}
        backLabel={t('favourites.back')}
      />
    );
  }
  return (
    <div className="favourites-page">
      {eventId !== undefined ? (
        renderEvent(eventId, to(`/favorites/${sport}`))
      ) : (
        <FavouriteLists sport={sport} />
      )}
      <FeedStatus />
    </div>
  );
}
