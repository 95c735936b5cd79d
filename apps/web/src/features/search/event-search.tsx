import { useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { SearchResult } from '@sb/contract';
import { Link } from '@/components/ui/link';
import { Icon } from '@/components/ui/icon';
import { useLocalePath } from '@/lib/app-context';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSportCounts } from '@/lib/fixtures/api/get-counts';
import { searchResultPath } from '@/lib/fixtures/navigation';
import { formatStart, useStartTimeContext } from '@/lib/fixtures/start-time';
import { searchable, useFixtureSearch } from './api/search-fixtures';
import './search.css';

/** Typing pauses this long before a search goes out. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A suggestion: both teams, then live or the start time, and the sport and competition; it opens the event. */
function SearchSuggestion({ result, sport }: { result: SearchResult; sport: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const dateContext = useStartTimeContext();
  return (
    <Link className="event-search__result" to={to(searchResultPath(result.competition.sport.id, result.id))}>
      <span className="event-search__teams">
        {result.player1.name} – {result.player2.name}
      </span>
      <span className="event-search__meta">
        {result.onLive ? (
          <span className="event-search__live">{t('sports.live')}</span>
        ) : (
          <time dateTime={result.startDate}>{formatStart(result.startDate, dateContext, t)}</time>
        )}
        <span className="event-search__competition">
          {[sport, result.competition.name].filter(Boolean).join(' · ')}
        </span>
      </span>
    </Link>
  );
}

/**
 * Spec §2 event search: suggestions once the text is longer than 3 characters (shorter clears them), each
 * with both teams, competition, sport and start time or a live badge; a suggestion opens sportsEvent.
 */
export function EventSearch() {
  const { t } = useTranslation();
  const listId = useId();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const active = searchable(text) && searchable(query);
  const { data, isFetching } = useFixtureSearch(active ? query : '');
  const { data: sports } = useSportCounts();
  const sportName = (id: number) => sports?.find((s) => s.ID === id)?.Sport ?? '';
  const results = active ? data : undefined;
  return (
    <div className="event-search" role="search">
      <label className="event-search__field">
        <Icon name="search" size={18} />
        <span className="visually-hidden">{t('search.label')}</span>
        <input
          type="search"
          value={text}
          placeholder={t('search.placeholder')}
          onChange={(e) => setText(e.target.value)}
          aria-controls={listId}
          autoComplete="off"
          enterKeyHint="search"
          data-testid="event-search-input"
        />
      </label>
      <div id={listId} aria-live="polite">
        {results && results.length === 0 && !isFetching && (
          <p className="event-search__empty">{t('search.no_results')}</p>
        )}
        {results && results.length > 0 && (
          <ul className="event-search__results" data-testid="search-results">
            {results.map((r) => (
              <li key={r.id}>
                <SearchSuggestion result={r} sport={sportName(r.competition.sport.id)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
