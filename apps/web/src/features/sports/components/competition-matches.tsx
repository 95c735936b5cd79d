import { useTranslation } from '@/lib/i18n';
import { FavouriteStar } from '@/components/sports/favourite-star';
import { NotAvailable } from '@/components/sports/not-available';
import { RegionFlag } from '@/components/sports/region-flag';
import { Skeleton } from '@/components/ui/skeleton';
import { useLocalePath } from '@/lib/app-context';
import { FAVOURITE_COMPETITION } from '@/lib/fixtures/api/get-favourites';
import { useFeedTopics } from '@/lib/fixtures/live-feed';
import { COMPETITION_POLL_MS } from '@/lib/fixtures/polls';
import { PagedEventList, usePagedEvents } from './paged-events';

/** Spec §9: a competition's matches come 10 at a time. */
const COMPETITION_PAGE = 10;

/** Sports browse with a competition: its matches, 10 per page as the player scrolls, refreshed every 10 s. */
export function CompetitionMatches({
  sportId,
  regionId,
  competitionId,
}: {
  sportId: number;
  regionId: number;
  competitionId: number;
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  useFeedTopics(['live']);
  const query = usePagedEvents(
    { sport: sportId, competition: [competitionId], perPage: COMPETITION_PAGE },
    COMPETITION_POLL_MS,
  );
  const first = query.events?.[0];
  if (query.events?.length === 0 || (first && regionId !== 0 && first.region.id !== regionId)) {
    return (
      <NotAvailable
        title={t('sports.no_events_title')}
        text={t('sports.no_events_competition')}
        backTo={to(`/sports/${sportId}`)}
        backLabel={t('sports.back_to_regions')}
      />
    );
  }
  return (
    <section>
      <div className="competition-heading">
        {first ? (
          <>
            <h2>
              <RegionFlag flag={first.region.flag} /> {first.competition.name}
            </h2>
            <FavouriteStar type={FAVOURITE_COMPETITION} id={competitionId} name={first.competition.name} />
          </>
        ) : (
          <Skeleton height={20} width="60%" />
        )}
      </div>
      <PagedEventList query={query} emptyText={t('sports.no_events')} />
    </section>
  );
}
