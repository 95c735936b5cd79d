import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import { ROUTE_NAME_PATHS } from '@sb/contract/constants';
import { useAppContext, useLocalePath } from '@/lib/app-context';

/**
 * Spec §2 Home quick links: sports, live, highlights (football), favourites, last minute (3 hours) and
 * results (the route name `results` leads to the results screen: ROUTE_NAME_PATHS).
 */
export function QuickLinks() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { app } = useAppContext();
  const links: [string, string][] = [
    ['/sports', 'nav.sports'],
    ['/live', 'nav.live'],
    ['/highlighted/1', 'nav.highlighted'],
    ['/favorites', 'nav.favorites'],
    ['/3hours', 'home.last_minute'],
    ...(app.features.hideResultsTile
      ? []
      : ([[ROUTE_NAME_PATHS.results, 'nav.results']] as [string, string][])),
  ];
  return (
    <nav className="quick-links" aria-label={t('home.quick_links')}>
      {links.map(([path, label]) => (
        <Link key={label} to={to(path)} className="quick-links__link">
          {t(label)}
        </Link>
      ))}
    </nav>
  );
}

/** The casino link block (casino, slots, live casino); absent when the app hides it (flag hideCasinoLinks). */
export function CasinoLinks() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { app } = useAppContext();
  if (app.features.hideCasinoLinks) return null;
  return (
    <nav className="casino-links" aria-label={t('nav.casino')} data-testid="casino-links">
      {(
        [
          ['/casino', 'nav.casino'],
          ['/slot', 'nav.slot'],
          ['/live-casino', 'nav.live_casino'],
          ['/aviator', 'nav.aviator'],
          [ROUTE_NAME_PATHS.virtual_sports, 'nav.virtual_sports'],
        ] as const
      ).map(([path, label]) => (
        <Link key={path} to={to(path)} className="casino-links__link">
          {t(label)}
        </Link>
      ))}
    </nav>
  );
}
