import { useTranslation } from '@/lib/i18n';
import { Icon } from '@/components/ui/icon';
import { useAddCasinoFavorite } from '../api/add-casino-favorite';
import { useCasinoFavorites } from '../api/get-casino-favorites';
import { useRemoveCasinoFavorite } from '../api/remove-casino-favorite';

/** The favourite toggle on a tile (logged-in clients only: the caller leaves it out for visitors). */
export function FavoriteStar({ gameId, name }: { gameId: number; name: string }) {
  const { t } = useTranslation();
  const favorites = useCasinoFavorites();
  const add = useAddCasinoFavorite();
  const remove = useRemoveCasinoFavorite();
  const on = favorites.data?.some((g) => g.id === gameId) ?? false;
  const busy = add.isPending || remove.isPending || favorites.isPending;
  return (
    <button
      type="button"
      className={`game-tile__star${on ? ' game-tile__star--on' : ''}`}
      aria-pressed={on}
      aria-label={t(on ? 'lobby.favorite_remove' : 'lobby.favorite_add', { name })}
      disabled={busy}
      onClick={() => (on ? remove : add).mutate(gameId)}
    >
      <Icon name="star" size={20} />
    </button>
  );
}
