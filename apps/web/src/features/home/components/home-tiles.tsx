import { useTranslation } from '@/lib/i18n';
import { Tile, TileRow } from '@/components/ui/tile';
import { ROUTE_NAME_PATHS } from '@sb/contract/constants';
import { useAppContext, useLocalePath } from '@/lib/app-context';
import { useFavouriteCompetitionCounts, useSportCounts } from '@/lib/fixtures/api/get-counts';
import { useFavourites } from '@/lib/fixtures/api/get-favourites';

const total = (list: { Count: number }[] | undefined) => list?.reduce((n, c) => n + c.Count, 0);

/** Spec §2 Home: shortcut tiles Live, Today, Football, My favorites and Results (hidden by the app's flag). */
export function HomeTiles() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { app } = useAppContext();
  const live = useSportCounts({ onLive: true });
  const { competitionIds } = useFavourites();
  const favourites = useFavouriteCompetitionCounts(competitionIds);
  return (
    <TileRow label={t('home.shortcuts')}>
      <Tile to={to('/live')} icon="live" label={t('nav.live')} count={total(live.data)} />
      <Tile to={to('/today')} icon="clock" label={t('nav.today')} />
      <Tile to={to('/sports/1')} icon="football" label={t('home.football')} />
      <Tile
        to={to('/favorites')}
        icon="star"
        label={t('nav.favorites')}
        count={competitionIds.length > 0 ? total(favourites.data) : undefined}
      />
      {!app.features.hideResultsTile && (
        <Tile to={to(ROUTE_NAME_PATHS.results)} icon="trophy" label={t('nav.results')} />
      )}
    </TileRow>
  );
}
