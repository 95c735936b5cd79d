import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { useAppContext } from '@/lib/app-context';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { isSearchable, useCasinoSearch, type CasinoSearchFilter } from '../api/search-casino-games';
import { GameList } from './game-grid';

/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 350;

function SearchResults({ filter }: { filter: CasinoSearchFilter }) {
  const { t } = useTranslation();
  const { locale } = useAppContext();
  const query = useCasinoSearch(filter, locale);
  let body: ReactNode;
  if (query.isPending) body = <Spinner label={t('app.loading')} />;
  else if (query.isError)
    body = (
      <p className="casino-notice" role="alert">
        {t('lobby.load_error')}
      </p>
    );
  else if (query.data.result.length === 0) body = <p className="casino-notice">{t('lobby.no_results')}</p>;
  else body = <GameList games={query.data.result} />;
  return (
    <section className="casino-section" data-testid="search-results" aria-busy={query.isFetching}>
      <header className="casino-heading">
        <h2>{t('lobby.search_results')}</h2>
      </header>
      {body}
    </section>
  );
}

/**
 * Spec §2 Game search and §5: a text box (`box`) and, once the text is longer than 3 characters, its results
 * under the heading Search Results (`results`); shorter text clears them (null) and the page shows its lists.
 */
export function useGameSearch(scope: { providers?: number[]; live?: boolean }): {
  box: ReactNode;
  results: ReactNode | null;
} {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // Clearing is immediate; a new search waits for the typing to settle.
  const searching = isSearchable(text) && isSearchable(settled);
  const box = (
    <form className="casino-search" role="search" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={id} className="visually-hidden">
        {t('lobby.search_label')}
      </label>
      <Icon name="search" size={20} />
      <input
        id={id}
        type="search"
        value={text}
        placeholder={t('lobby.search_placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
      />
      {text && (
        <button
          type="button"
          className="casino-search__clear"
          aria-label={t('lobby.clear_search')}
          onClick={() => setText('')}
        >
          <Icon name="close" size={18} />
        </button>
      )}
    </form>
  );
  return { box, results: searching ? <SearchResults filter={{ text: settled, ...scope }} /> : null };
}
