import { useTranslation } from '@/lib/i18n';
import { CountList } from '@/components/sports/count-list';
import { NotAvailable } from '@/components/sports/not-available';
import { RegionFlag } from '@/components/sports/region-flag';
import { SectionHeading } from '@/components/sports/section-heading';
import { useLocalePath } from '@/lib/app-context';
import { useRegionCounts } from '@/lib/fixtures/api/get-browse-counts';

/** Sports browse with a sport: its regions with flags and counts. */
export function RegionList({ sportId, sportName }: { sportId: number; sportName: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { data, isError } = useRegionCounts(sportId);
  if (isError || data?.length === 0) {
    return (
      <NotAvailable
        title={t('sports.no_events_title')}
        text={t('sports.no_events_sport')}
        backTo={to('/sports')}
        backLabel={t('sports.back_to_sports')}
      />
    );
  }
  return (
    <section>
      <SectionHeading title={sportName} />
      <CountList
        label={t('sports.regions')}
        items={data?.map((r) => ({
          key: r.ID,
          to: to(`/sports/${sportId}/${r.ID}`),
          name: r.Region,
          count: r.Count,
          lead: <RegionFlag flag={r.Flag} />,
        }))}
      />
    </section>
  );
}
