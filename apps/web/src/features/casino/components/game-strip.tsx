import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { CasinoGame } from '@sb/contract';
import { GameTile } from './game-tile';

/** Up to this many ordinary tiles (no popular one) fill a phone's width in a single row. */
const ONE_ROW_MAX = 3;

interface GameStripProps {
  title: string;
  games: CasinoGame[] | undefined;
  pending: boolean;
  failed: boolean;
  /** A link to the full list (e.g. the provider's paged grid), shown beside the heading. */
  more?: ReactNode;
  /** How many placeholder cells hold the strip's place while it loads (no jump when it arrives). */
  placeholders?: number;
  testId?: string;
  /** Leave the strip out when it fails (where it is a side dish, e.g. on the home page) instead of saying so. */
  hideOnError?: boolean;
}

/**
 * One horizontally scrolling strip of tiles under a heading (popular, recently played, one per provider).
 * A strip that loaded empty is left out rather than shown as an empty box.
 */
export function GameStrip({
  title,
  games,
  pending,
  failed,
  more,
  placeholders = 4,
  testId = 'game-strip',
  hideOnError = false,
}: GameStripProps) {
  const { t } = useTranslation();
  if ((!pending && !failed && games?.length === 0) || (failed && hideOnError)) return null;
  // A few ordinary tiles sit in one row rather than leaving the second row's height empty.
  const oneRow = !!games && games.length <= ONE_ROW_MAX && !games.some((g) => g.is_popular);
  return (
    <section
      className={`game-strip${oneRow ? ' game-strip--one-row' : ''}`}
      data-testid={testId}
      aria-label={title}
      aria-busy={pending}
    >
      <header className="casino-heading">
        <h2>{title}</h2>
        {more}
      </header>
      {failed ? (
        <p className="casino-notice" role="alert">
          {t('lobby.load_error')}
        </p>
      ) : (
        <div className={`game-strip__track${oneRow ? ' game-strip__track--one-row' : ''}`}>
          {pending || !games
            ? Array.from({ length: placeholders }, (_, i) => (
                <span key={i} className="game-tile game-tile--placeholder" aria-hidden="true" />
              ))
            : games.map((game) => <GameTile key={game.id} game={game} />)}
        </div>
      )}
    </section>
  );
}
