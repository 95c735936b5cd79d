import { useTranslation } from '@/lib/i18n';
import type { CasinoGame } from '@sb/contract';
import { useIsLoggedIn } from '@/lib/session';
import { FavoriteStar } from './favorite-star';
import { GameThumbnail } from './game-thumbnail';
import { usePlayGame } from './use-play-game';
import './game-tile.css';

/**
 * Spec §2 Game tile: thumbnail, name, vendor name, NEU badge; popular games take 2×2 cells, others 1×1.
 * The whole tile plays; the demo button (visitors, on games that have a demo: a logged-in client plays for
 * real) and the star (logged in) are separate targets on the picture's top corners, clear of the name the
 * server draws along the picture's foot.
 */
export function GameTile({ game }: { game: CasinoGame }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const play = usePlayGame();
  return (
    <article
      className={`game-tile${game.is_popular ? ' game-tile--popular' : ''}`}
      data-testid="game-tile"
      data-game-id={game.id}
    >
      <button
        type="button"
        className="game-tile__play"
        aria-label={t('lobby.play_game', { name: game.name })}
        onClick={() => play(game)}
      >
        <GameThumbnail src={game.thumbnail} name={game.name} />
        <span className="game-tile__text">
          <span className="game-tile__name">
            {/* In the name line, not on the picture: the picture has the name and vendor drawn in. */}
            {game.is_new && <span className="game-tile__badge">{t('lobby.new_badge')}</span>}
            {game.name}
          </span>
          <span className="game-tile__vendor">{game.vendor.name}</span>
        </span>
      </button>
      {loggedIn && <FavoriteStar gameId={game.id} name={game.name} />}
      {game.demo && !loggedIn && (
        <button
          type="button"
          className="game-tile__demo"
          aria-label={t('lobby.play_demo', { name: game.name })}
          onClick={() => play(game, 'demo')}
        >
          <span>{t('lobby.demo')}</span>
        </button>
      )}
    </article>
  );
}
