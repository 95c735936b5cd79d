import { useTranslation } from '@/lib/i18n';
import type { CasinoGame } from '@sb/contract';
import { Spinner } from '@/components/ui/spinner';
import { useAppContext } from '@/lib/app-context';
import { useNextPageMarker } from '@/lib/use-end-marker';
import type { CasinoGamesFilter } from '../api/get-casino-games';
import { useCasinoGamePages } from '../api/get-casino-game-pages';
import { GameTile } from './game-tile';

/** A grid of tiles: popular games take 2×2 cells and the rest fill in around them. */
export function GameList({ games }: { games: CasinoGame[] }) {
  return (
    <div className="game-list" data-testid="game-list">
      {games.map((game) => (
        <GameTile key={game.id} game={game} />
      ))}
    </div>
  );
}

/**
 * Spec §4 Game list paging: page 1 first; the next page loads when the end-of-list marker scrolls into view.
 * The filter is the query key, so a changed provider query starts over from page 1 with an empty list.
 */
export function PagedGameGrid({ filter, title }: { filter: CasinoGamesFilter; title: string }) {
  const { t } = useTranslation();
  const { locale } = useAppContext();
  const query = useCasinoGamePages(filter, locale);
  const marker = useNextPageMarker(query);
  if (query.isPending) return <Spinner label={t('app.loading')} />;
  if (query.isError)
    return (
      <p className="casino-notice" role="alert">
        {t('lobby.load_error')}
      </p>
    );
  const games = query.data.pages.flatMap((p) => p.result);
  const total = query.data.pages.at(-1)?.pagination.totalCount ?? games.length;
  return (
    <section className="casino-section" aria-label={title}>
      <header className="casino-heading">
        <h2>{title}</h2>
        <span className="casino-heading__count">{t('lobby.game_count', { count: total })}</span>
      </header>
      {games.length === 0 ? (
        <p className="casino-notice">{t('lobby.no_games')}</p>
      ) : (
        <GameList games={games} />
      )}
      <div ref={marker} className="casino-list-end" data-testid="list-end">
        {query.isFetchingNextPage ? t('app.loading') : null}
      </div>
    </section>
  );
}
