import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { useLocalePath } from '@/lib/app-context';
import {
  useFavourites,
  useToggleFavourite,
  type FavouriteType,
  FAVOURITE_MATCH,
} from '@/lib/fixtures/api/get-favourites';
import { useIsLoggedIn } from '@/lib/session';
import './sports.css';

/**
 * The favourite star of a match (type 1) or competition (type 2). Favourites need a login (spec §6): a
 * visitor's tap goes to the login screen.
 */
export function FavouriteStar({ type, id, name }: { type: FavouriteType; id: number; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const loggedIn = useIsLoggedIn();
  const { matchIds, competitionIds } = useFavourites();
  const toggle = useToggleFavourite();
  const on = (type === FAVOURITE_MATCH ? matchIds : competitionIds).includes(id);
  const click = () => {
    if (!loggedIn) return void navigate(to('/login'));
    toggle.mutate({ favourite: { type, id }, on: !on });
  };
  return (
    <button
      type="button"
      className={`favourite-star${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={t(on ? 'favourites.remove' : 'favourites.add', { name })}
      disabled={toggle.isPending}
      onClick={click}
      data-testid={`favourite-${type}-${id}`}
    >
      <Icon name="star" size={18} filled={on} />
    </button>
  );
}
