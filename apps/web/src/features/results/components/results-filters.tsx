import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import type { ResultsResponse } from '@sb/contract';
import { Icon } from '@/components/ui/icon';
import { Tabs } from '@/components/ui/tabs';
import { useLocalePath } from '@/lib/app-context';

/** The days the server keeps results for: today and the two before. */
export const RESULT_DAYS = [0, 1, 2] as const;

/** The results' filters: a day strip, a sport strip (the sports the day has; the route's sport) and a search. */
export function ResultsFilters({
  daysBack,
  onDay,
  sport,
  sports,
  text,
  onText,
}: {
  daysBack: number;
  onDay: (back: number) => void;
  sport: number | undefined;
  sports: ResultsResponse['sports'];
  text: string;
  onText: (text: string) => void;
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const dayLabel = (back: number) =>
    back === 0
      ? t('results.today')
      : back === 1
        ? t('results.yesterday')
        : t('results.days_ago', { n: back });
  return (
    <>
      <Tabs
        label={t('results.day')}
        active={daysBack}
        onSelect={onDay}
        items={RESULT_DAYS.map((back) => ({ key: back, label: dayLabel(back) }))}
      />
      {sports.length > 0 && (
        <Tabs
          label={t('results.sport')}
          active={sport ?? 0}
          onSelect={(id) => navigate(to(id === 0 ? '/results' : `/results/${id}`), { replace: true })}
          items={[
            { key: 0, label: t('results.all_sports') },
            ...sports.map((s) => ({ key: s.id, label: `${s.name} (${s.count})` })),
          ]}
        />
      )}
      <label className="results-search">
        <Icon name="search" size={18} />
        <span className="visually-hidden">{t('results.search')}</span>
        <input
          type="search"
          value={text}
          placeholder={t('results.search')}
          onChange={(e) => onText(e.target.value)}
          data-testid="results-search"
        />
      </label>
    </>
  );
}
