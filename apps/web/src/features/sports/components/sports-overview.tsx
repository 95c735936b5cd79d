import { useTranslation } from '@/lib/i18n';
import { CountList } from '@/components/sports/count-list';
import { SectionHeading } from '@/components/sports/section-heading';
import { SportIcon } from '@/components/sports/sport-icon';
import { TopCompetitions } from '@/components/sports/top-competitions';
import { useLocalePath } from '@/lib/app-context';
import { useSportCounts } from '@/lib/fixtures/api/get-counts';

/** Sports browse without a sport: every sport with its count, then the top competitions. */
export function SportsOverview() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { data } = useSportCounts();
  return (
    <>
      <section>
        <SectionHeading title={t('sports.all_sports')} />
        <CountList
          label={t('sports.all_sports')}
          skeletonRows={8}
          items={data?.map((s) => ({
            key: s.ID,
            to: to(`/sports/${s.ID}`),
            name: s.Sport,
            count: s.Count,
            lead: <SportIcon sportId={s.ID} />,
          }))}
        />
      </section>
      <TopCompetitions />
    </>
  );
}
