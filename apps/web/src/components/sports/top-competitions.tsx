import { useTranslation } from '@/lib/i18n';
import { useLocalePath } from '@/lib/app-context';
import { usePopularCompetitions } from '@/lib/fixtures/api/get-popular-competitions';
import { competitionPath } from '@/lib/fixtures/navigation';
import { CountList } from './count-list';
import { SectionHeading } from './section-heading';
import { SportIcon } from './sport-icon';
import './sports.css';

/** Spec §2: the top competitions, each opening the sports browse at that competition. */
export function TopCompetitions({ limit = 8 }: { limit?: number }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { data, isError } = usePopularCompetitions();
  if (isError) return null;
  return (
    <section>
      <SectionHeading title={t('sports.top_competitions')} />
      <CountList
        label={t('sports.top_competitions')}
        skeletonRows={4}
        items={data?.slice(0, limit).map((c) => ({
          key: c.id,
          to: to(competitionPath(c.sport.id, c.region.id, c.id)),
          name: c.name,
          count: c.eventCount,
          lead: <SportIcon sportId={c.sport.id} size={18} />,
        }))}
      />
    </section>
  );
}
