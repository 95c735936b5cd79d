import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { Icon } from '@/components/ui/icon';
import { useAppContext, useLocalePath } from '@/lib/app-context';
import { setBalanceHidden, useBalanceHidden } from '@/lib/balance-visibility';
import { formatUserMoney } from '@/lib/money';
import { useRouteHandle } from '@/lib/route-handle';
import type { SessionUser } from '@sb/contract';
import { useIsLoggedIn, useSessionUser } from '@/lib/session';
import { backTarget, currentHistoryIndex } from './back-target';
import './header.css';

// Opened on a tap, never on the first screen: its code loads then.
const AccountDropdown = lazy(async () => ({ default: (await import('./account-dropdown')).AccountDropdown }));

function BackOrLogo() {
  const { t } = useTranslation();
  const { app } = useAppContext();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const { locale } = useAppContext();
  const { back: fallback } = useRouteHandle();
  // Home is where "back" would lead anyway: it shows the logo.
  const target =
    pathname === `/${locale}/` || pathname === `/${locale}`
      ? null
      : (backTarget(pathname, currentHistoryIndex()) ?? (fallback ? { path: to(fallback) } : null));
  if (target === null) {
    return (
      <Link to={to('/')} className="header__logo" aria-label={t('header.logo')}>
        <img src={app.theme.logoUrl} alt={app.name} />
      </Link>
    );
  }
  const back = () => (target === 'history' ? navigate(-1) : navigate(target.path));
  return (
    <button
      type="button"
      className="header__icon-button header__back"
      aria-label={t('nav.back')}
      onClick={back}
    >
      <Icon name="back" />
    </button>
  );
}

/**
 * The header's second row: the screen's title and subtitle, and for a logged-in player (`user`) the balance
 * (the account link's name while it is hidden) with the toggle that hides it.
 */
function HeaderRow({
  title,
  subtitle,
  user,
  hidden,
}: {
  title: string | undefined;
  subtitle: string | undefined;
  user: SessionUser | null;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div className="header__row">
      <div className="header__titles">
        {title && <span className="header__title">{t(title)}</span>}
        {subtitle && <span className="header__subtitle">{t(subtitle)}</span>}
      </div>
      {user && (
        <>
          <Link className="header__balance" to={to('/account')} data-testid="header-balance">
            {hidden ? t('nav.account') : formatUserMoney(user.balance, user.currency)}
          </Link>
          <button
            type="button"
            className="header__icon-button"
            aria-pressed={hidden}
            aria-label={t(hidden ? 'header.show_balance' : 'header.hide_balance')}
            onClick={() => setBalanceHidden(!hidden)}
          >
            <Icon name={hidden ? 'eye-off' : 'eye'} size={20} />
          </button>
        </>
      )}
    </div>
  );
}

/**
 * Spec §2 Header, in two rows so that nothing is squeezed at 360 px: the brand (logo at its readable size, or
 * back), support chat, language and login or the account menu on top; the screen's title and subtitle below,
 * with the balance button and its hide toggle when logged in.
 */
export function Header({ languageSelector }: { languageSelector: ReactNode }) {
  const { t } = useTranslation();
  const { app } = useAppContext();
  const to = useLocalePath();
  const loggedIn = useIsLoggedIn();
  const user = useSessionUser();
  const { title, subtitle } = useRouteHandle();
  const onLoginScreen = useLocation().pathname.endsWith('/login');
  const [menuOpen, setMenuOpen] = useState(false);
  const hidden = useBalanceHidden(user?.preferences.hideBalance ?? false);

  return (
    <header className="header" data-testid="header">
      <div className="header__bar">
        <BackOrLogo />
        <span className="header__spacer" />
        {user && user.uid > 0 && app.supportChatUrl && (
          <a
            className="header__icon-button"
            href={app.supportChatUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('header.support_chat')}
          >
            <Icon name="chat" />
          </a>
        )}
        {languageSelector}
        {!loggedIn && !onLoginScreen && (
          <Link className="ui-button ui-button--primary header__login" to={to('/login')}>
            {t('nav.login')}
          </Link>
        )}
        {loggedIn && user && (
          <button
            type="button"
            className="header__icon-button"
            aria-expanded={menuOpen}
            aria-haspopup="true"
            aria-label={t('header.account_menu')}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <Icon name="user" />
          </button>
        )}
      </div>
      {(title || loggedIn) && (
        <HeaderRow title={title} subtitle={subtitle} user={loggedIn ? user : null} hidden={hidden} />
      )}
      {menuOpen && user && (
        <Suspense fallback={null}>
          <AccountDropdown user={user} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
