import { useTranslation } from '@/lib/i18n';
import { CountList } from '@/components/sports/count-list';
import { FavouriteStar } from '@/components/sports/favourite-star';
import { NotAvailable } from '@/components/sports/not-available';
import { SectionHeading } from '@/components/sports/section-heading';
import { useLocalePath } from '@/lib/app-context';
import { useCompetitionCounts } from '@/lib/fixtures/api/get-browse-counts';
import { FAVOURITE_COMPETITION } from '@/lib/fixtures/api/get-favourites';

/**
 * Sports browse with a region: its competitions with counts under an Events heading, each with a
 * favourite star. A region with nothing of this sport (another sport's region) says so, with a way back.
 */
export function CompetitionList({ sportId, regionId }: { sportId: number; regionId: number }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { data, isError } = useCompetitionCounts(sportId, regionId);
  if (isError || data?.length === 0) {
    return (
      <NotAvailable
        title={t('sports.no_events_title')}
        text={t('sports.no_events_region')}
        backTo={to(`/sports/${sportId}`)}
        backLabel={t('sports.back_to_regions')}
      />
    );
  }
  return (
    <section>
      <SectionHeading title={t('sports.events')} />
      <CountList
        label={t('sports.events')}
        items={data?.map((c) => ({
          key: c.ID,
          to: to(`/sports/${sportId}/${regionId}/${c.ID}`),
          name: c.Competition,
          count: c.Count,
          trail: <FavouriteStar type={FAVOURITE_COMPETITION} id={c.ID} name={c.Competition} />,
        }))}
      />
    </section>
  );
}
