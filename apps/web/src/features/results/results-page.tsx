import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useParams } from 'react-router';
import type { EventResult } from '@sb/contract';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { NotAvailable } from '@/components/sports/not-available';
import { TeamCrest } from '@/components/sports/team-crest';
import { useLocalePath } from '@/lib/app-context';
import { addDays, todayIn } from '@/lib/dates';
import { idParam } from '@/lib/fixtures/navigation';
import { formatStart, useStartTimeContext } from '@/lib/fixtures/start-time';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useResults } from './api/get-results';
import './results.css';

/** The days the server keeps results for: today and the two before. */
export const RESULT_DAYS = [0, 1, 2] as const;
/** Spec §5: a search needs more than 3 characters. */
const searchable = (text: string) => text.trim().length > 3;

/** The events of each sport together, sports in the order they first appear. */
export function groupResults(
  events: EventResult[],
): { sport: EventResult['sport']; events: EventResult[] }[] {
  const groups = new Map<number, { sport: EventResult['sport']; events: EventResult[] }>();
  for (const e of events) {
    const group = groups.get(e.sport.id);
    if (group) group.events.push(e);
    else groups.set(e.sport.id, { sport: e.sport, events: [e] });
  }
  return [...groups.values()];
}

function ResultRow({ event }: { event: EventResult }) {
  const { t } = useTranslation();
  const ctx = useStartTimeContext();
  const periods = event.halfTime
    ? t('results.half_time', { score: `${event.halfTime.home}:${event.halfTime.away}` })
    : event.periods.length > 0
      ? t('results.periods', {
          scores: event.periods.map((p) => `${p.score.home}:${p.score.away}`).join(', '),
        })
      : '';
  return (
    <li className="result-row" data-testid="result-row" data-event-id={event.id}>
      <span className="result-row__meta">
        {formatStart(event.startDate, ctx, t)} · {event.competition.name}
      </span>
      {[event.home, event.away].map((team, i) => (
        <span key={i} className="result-row__team">
          <TeamCrest logo={team.logo} />
          <span className="result-row__name">{team.name}</span>
          <strong className="result-row__score">{i === 0 ? event.score.home : event.score.away}</strong>
        </span>
      ))}
      {periods && (
        <span className="result-row__periods" data-testid="result-periods">
          {periods}
        </span>
      )}
    </li>
  );
}

/**
 * `/results/:sport?` (spec §2 route name `results`): finished events of today and the two days before, by sport,
 * with final and period scores; a day strip, a sport strip and a team or competition search.
 */
export function ResultsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
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
  const dayLabel = (back: number) =>
    back === 0
      ? t('results.today')
      : back === 1
        ? t('results.yesterday')
        : t('results.days_ago', { n: back });
  const sports = query.data?.sports ?? [];
  return (
    <div className="results-page">
      <h1 className="visually-hidden">{t('route.results')}</h1>
      <Tabs
        label={t('results.day')}
        active={daysBack}
        onSelect={setDaysBack}
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
          onChange={(e) => setText(e.target.value)}
          data-testid="results-search"
        />
      </label>
      {query.isPending && <Spinner label={t('app.loading')} />}
      {query.isError && (
        <p role="alert" className="results-empty">
          {t('error.generic')}
        </p>
      )}
      {query.data && query.data.result.length === 0 && (
        <p className="results-empty" data-testid="results-empty">
          {t('results.empty')}
        </p>
      )}
      {query.data &&
        groupResults(query.data.result).map((group) => (
          <section key={group.sport.id} className="results-group" aria-label={group.sport.name}>
            <h2 className="results-group__title">{group.sport.name}</h2>
            <ol className="results-list">
              {group.events.map((e) => (
                <ResultRow key={e.id} event={e} />
              ))}
            </ol>
          </section>
        ))}
    </div>
  );
}
