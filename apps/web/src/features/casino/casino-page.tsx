import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { ROUTE_NAME_PATHS } from '@sb/contract/constants';
import { Spinner } from '@/components/ui/spinner';
import { useAppContext, useLocalePath } from '@/lib/app-context';
import { useCasinoProviders } from './api/get-casino-providers';
import { ProviderStrips, RecentStrip } from './components/casino-strips';
import { PopularStrip } from './components/popular-strip';
import { FavoriteGames } from './components/favorite-games';
import { useGameSearch } from './components/game-search';
import { ProviderBar } from './components/provider-bar';
import { ProviderGames } from './components/provider-games';
import { useProviderQuery } from './components/provider-query';
import './components/casino.css';

/** The casino page's own query flag for the favourites filter link. */
export const FAVORITES_QUERY = 'favorites';

function FilterLinks({ favorites }: { favorites: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <nav className="casino-filters" aria-label={t('lobby.sections')}>
      <Link className="casino-filters__link" to={to('/slot')}>
        {t('lobby.slots')}
      </Link>
      <Link className="casino-filters__link" to={to('/live-casino')}>
        {t('lobby.live_casino')}
      </Link>
      <Link className="casino-filters__link" to={to('/aviator')}>
        {t('nav.aviator')}
      </Link>
      <Link className="casino-filters__link" to={to(ROUTE_NAME_PATHS.virtual_sports)}>
        {t('nav.virtual_sports')}
      </Link>
      <Link
        className="casino-filters__link"
        to={favorites ? to('/casino') : to(`/casino?${FAVORITES_QUERY}=1`)}
        aria-current={favorites ? 'page' : undefined}
      >
        {t('lobby.favorites')}
      </Link>
    </nav>
  );
}

/** The banner links to slots; the live-casino banner of the original is hidden (spec §2), so it is left out. */
function SlotsBanner() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <Link className="casino-banner" to={to('/slot')} data-testid="slots-banner">
      <span className="casino-banner__title">{t('lobby.banner_title')}</span>
      <span className="casino-banner__text">{t('lobby.banner_text')}</span>
      <span className="casino-banner__cta">{t('lobby.banner_cta')}</span>
      <span className="casino-banner__art" aria-hidden="true">
        777
      </span>
    </Link>
  );
}

/**
 * Spec §2 Casino: the brand's banners (issue 35 §1: `banners` draws them, given the banner to slots to show when
 * the brand has none), or the banner to slots, filter links (slots, live casino, favourites), search, provider filter,
 * popular games, recently played and a strip of 7 per provider; a provider choice shows its full paged list.
 */
export function CasinoPage({ banners }: { banners?: (fallback: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  const { locale } = useAppContext();
  const [selected, choose] = useProviderQuery();
  const favorites = useSearchParams()[0].get(FAVORITES_QUERY) === '1';
  const providers = useCasinoProviders(locale);
  const search = useGameSearch({ providers: selected });
  const all = providers.data ?? [];
  let content;
  if (favorites) content = <FavoriteGames />;
  else if (selected.length) content = <ProviderGames selected={selected} providers={all} />;
  else
    content = (
      <>
        <PopularStrip />
        <RecentStrip />
        {providers.isPending ? <Spinner label={t('app.loading')} /> : <ProviderStrips providers={all} />}
      </>
    );
  return (
    <div className="casino-page" data-testid="casino-page">
      {/* The header shows the title; the page still has its own heading for assistive technology. */}
      <h1 className="visually-hidden">{t('route.casino')}</h1>
      {banners ? banners(<SlotsBanner />) : <SlotsBanner />}
      <FilterLinks favorites={favorites} />
      <div className="casino-tools casino-tools--inline">
        {search.box}
        <ProviderBar providers={all} selected={selected} onChoose={choose} showRow={false} />
      </div>
      {search.results ?? content}
    </div>
  );
}
