import { useTranslation } from '@/lib/i18n';
import { PageMessage } from '@/components/ui/page-message';
import { Spinner } from '@/components/ui/spinner';
import { useAppContext } from '@/lib/app-context';
import { useCasinoProviders } from './api/get-casino-providers';
import { ProviderStrips } from './components/casino-strips';
import { PopularCategoriesStrip } from './components/popular-categories-strip';
import { useGameSearch } from './components/game-search';
import { ProviderBar } from './components/provider-bar';
import { ProviderGames } from './components/provider-games';
import { useProviderQuery } from './components/provider-query';
import './components/casino.css';

/**
 * Spec §2 Slots page (non-live providers) and Live casino page (live providers): search box, provider button
 * row, then without a provider query a popular strip and one strip per provider, with one a paged grid.
 */
function GameSectionPage({ live }: { live: boolean }) {
  const { t } = useTranslation();
  const { locale } = useAppContext();
  const [selected, choose] = useProviderQuery();
  const query = useCasinoProviders(locale);
  const providers = (query.data ?? []).filter((p) => p.is_live === live);
  const search = useGameSearch({ providers: selected, live });
  let content;
  if (query.isPending) content = <Spinner label={t('app.loading')} />;
  else if (query.isError) content = <PageMessage role="alert" title={t('lobby.load_error')} />;
  else if (selected.length)
    content = <ProviderGames selected={selected} providers={providers} isLive={live} />;
  else
    content = (
      <>
        <PopularCategoriesStrip isLive={live} />
        <ProviderStrips providers={providers} isLive={live} />
      </>
    );
  return (
    <div className="casino-page" data-testid={live ? 'live-casino-page' : 'slots-page'}>
      <h1 className="visually-hidden">{t(live ? 'route.live_casino' : 'route.slot')}</h1>
      <div className="casino-tools">
        {search.box}
        <ProviderBar providers={providers} selected={selected} onChoose={choose} />
      </div>
      {search.results ?? content}
    </div>
  );
}

export function SlotsPage() {
  return <GameSectionPage live={false} />;
}

export function LiveCasinoPage() {
  return <GameSectionPage live />;
}
