import { useTranslation } from '@/lib/i18n';
import { NavLink } from '@/components/ui/link';
import { Icon, type IconName } from '@/components/ui/icon';
import { useLocalePath } from '@/lib/app-context';
import { useSessionUser } from '@/lib/session';
import { useSlipCount } from '@/lib/slip-count';
import './bottom-nav.css';

interface Item {
  path: string;
  label: string;
  icon: IconName;
  badge?: number;
  end?: boolean;
}

/** A badge number to show, or null when there is nothing to count (spec: shown only above 0). */
export const badgeText = (count: number | undefined): string | null =>
  count && count > 0 ? (count > 99 ? '99+' : String(count)) : null;

/** Spec §2 Bottom nav (logged in): Home, Live, Bets, Casino, My Bets (waiting bets), Betslip (slip count). */
export function BottomNav() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const user = useSessionUser();
  const slipCount = useSlipCount();
  const items: Item[] = [
    { path: '/', label: 'nav.home', icon: 'home', end: true },
    { path: '/live', label: 'nav.live', icon: 'live' },
    { path: '/sports', label: 'nav.bets', icon: 'bets' },
    { path: '/casino', label: 'nav.casino', icon: 'casino' },
    ...(user && user.uid > 0
      ? [
          {
            path: '/account/my-bets',
            label: 'nav.my_bets',
            icon: 'ticket' as const,
            badge: user.waiting_bets,
          },
        ]
      : []),
    { path: '/betslip', label: 'nav.betslip', icon: 'slip', badge: slipCount },
  ];
  return (
    <nav className="bottom-nav" aria-label={t('nav.home')} data-testid="bottom-nav">
      {items.map((item) => {
        const badge = badgeText(item.badge);
        return (
          <NavLink key={item.path} to={to(item.path)} end={item.end} className="bottom-nav__item">
            <span className="bottom-nav__icon">
              <Icon name={item.icon} />
              {badge && (
                <span className="bottom-nav__badge" data-testid={`badge-${item.icon}`}>
                  {badge}
                </span>
              )}
            </span>
            <span className="bottom-nav__label">{t(item.label)}</span>
          </NavLink>
        );
      })}
    </nav>
  );
}
