import { useTranslation } from '@/lib/i18n';
import type { CasinoProvider } from '@sb/contract';
import { CASINO_PAGE_SIZE } from '@sb/contract/constants';
import { PagedGameGrid } from './game-grid';

/** "Choosing a provider shows its full paged list": the chosen providers' games, 60 a page (spec §9). */
export function ProviderGames({
  selected,
  providers,
  isLive,
}: {
  selected: number[];
  providers: CasinoProvider[];
  isLive?: boolean;
}) {
  const { t } = useTranslation();
  const names = providers.filter((p) => selected.includes(p.id)).map((p) => p.name);
  return (
    <PagedGameGrid
      filter={{ perPage: CASINO_PAGE_SIZE.gamePage, providers: selected, isLive }}
      title={names.length ? names.join(', ') : t('lobby.games')}
    />
  );
}
