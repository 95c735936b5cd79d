import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { NotAvailable } from '@/components/sports/not-available';
import { useLocalePath } from '@/lib/app-context';
import { addDays, todayIn } from '@/lib/dates';
import { idParam } from '@/lib/fixtures/navigation';
import { useStartTimeContext } from '@/lib/fixtures/start-time';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useResults } from './api/get-results';
import { ResultList } from './components/result-list';
import { ResultsFilters } from './components/results-filters';
import './results.css';

/** Spec §5: a search needs more than 3 characters. */
const searchable = (text: string) => text.trim().length > 3;

/**
 * `/results/:sport?` (spec §2 route name `results`): finished events of today and the two days before, by sport,
 * with final and period scores; a day strip, a sport strip and a team or competition search.
 */
export function ResultsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const param = useParams().sport;
  const sport = param === undefined ? undefined : idParam(param);
  const { timeZone } = useStartTimeContext();
  const [daysBack, setDaysBack] = useState<number>(0);
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, 300);
  const today = todayIn(timeZone);
  const date = addDays(today, -daysBack);
  const q = searchable(settled) ? settled.trim() : '';
  const query = useResults({ date, tz: timeZone, sport: sport ?? undefined, q });
  if (sport === null)
    return (
      <NotAvailable
        title={t('sports.not_found_title')}
        text={t('sports.not_found_text')}
        backTo={to('/results')}
        backLabel={t('results.back')}
      />
    );
  return (
    <div className="results-page">
      <h1 className="visually-hidden">{t('route.results')}</h1>
      <ResultsFilters
        daysBack={daysBack}
        onDay={setDaysBack}
        sport={sport}
        sports={query.data?.sports ?? []}
        text={text}
        onText={setText}
      />
      {query.isPending && <Spinner label={t('app.loading')} />}
      {query.isError && (
        <p role="alert" className="results-empty">
          {t('error.generic')}
        </p>
      )}
      {query.data && <ResultList events={query.data.result} />}
    </div>
  );
}
