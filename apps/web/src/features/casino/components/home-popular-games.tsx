import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import { useLocalePath } from '@/lib/app-context';
import { PopularStrip } from './popular-strip';

/**
 * The home page's popular casino games (spec §2 Home: 14, `isPopular=1`) with a link to the casino page. On the
 * home page the strip is a side dish: when the games cannot be loaded it is left out rather than shown as an error.
 */
export function HomePopularGames() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <PopularStrip
      title={t('lobby.home_popular')}
      hideOnError
      more={
        <Link className="casino-heading__more" to={to('/casino')}>
          {t('lobby.to_casino')}
        </Link>
      }
    />
  );
}
