import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { useLocalePath } from '@/lib/app-context';
import { useIsLoggedIn } from '@/lib/session';
import { useCasinoFavorites } from '../api/get-casino-favorites';
import { GameList } from './game-grid';

/** The casino page's favourites filter: the client's starred games; visitors are asked to log in (spec §6). */
export function FavoriteGames() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const loggedIn = useIsLoggedIn();
  const query = useCasinoFavorites();
  let body;
  if (!loggedIn)
    body = (
      <div className="casino-notice">
        <p>{t('lobby.favorites_login')}</p>
        <Link className="ui-button ui-button--primary casino-link-button" to={to('/login')}>
          {t('nav.login')}
        </Link>
      </div>
    );
  else if (query.isPending) body = <Spinner label={t('app.loading')} />;
  else if (query.isError)
    body = (
      <p className="casino-notice" role="alert">
        {t('lobby.load_error')}
      </p>
    );
  else if (query.data.length === 0) body = <p className="casino-notice">{t('lobby.favorites_empty')}</p>;
  else body = <GameList games={query.data} />;
  return (
    <section className="casino-section" data-testid="favorite-games">
      <header className="casino-heading">
        <h2>{t('lobby.favorites')}</h2>
      </header>
      {body}
    </section>
  );
}
