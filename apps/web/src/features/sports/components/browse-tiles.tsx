import { useTranslation } from '@/lib/i18n';
import { Tile, TileRow } from '@/components/ui/tile';
import { useLocalePath } from '@/lib/app-context';
import { useFavouriteCompetitionCounts, useSportCounts } from '@/lib/fixtures/api/get-counts';
import { useFavourites } from '@/lib/fixtures/api/get-favourites';

const total = (list: { Count: number }[] | undefined) => list?.reduce((n, c) => n + c.Count, 0);

/** Spec §2 Sports browse tiles: Live, Today, 3 hours, 48 hours and My favorites, with their event counts. */
export function BrowseTiles() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const live = useSportCounts({ onLive: true });
  const today = useSportCounts({ upcoming: 24 });
  const three = useSportCounts({ upcoming: 3 });
  const two = useSportCounts({ upcoming: 48 });
  const { competitionIds } = useFavourites();
  const favourites = useFavouriteCompetitionCounts(competitionIds);
  return (
    <TileRow label={t('sports.shortcuts')}>
      <Tile to={to('/live')} icon="live" label={t('nav.live')} count={total(live.data)} />
      <Tile to={to('/today')} icon="clock" label={t('nav.today')} count={total(today.data)} />
      <Tile to={to('/3hours')} icon="clock" label={t('sports.tile_3hours')} count={total(three.data)} />
      <Tile to={to('/48hours')} icon="clock" label={t('sports.tile_48hours')} count={total(two.data)} />
      <Tile
        to={to('/favorites')}
        icon="star"
        label={t('nav.favorites')}
        count={competitionIds.length > 0 ? total(favourites.data) : undefined}
      />
    </TileRow>
  );
}
