import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches, useNavigate } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { useAppContext, useLocalePath } from '@/lib/app-context';
import { setBalanceHidden, useBalanceHidden } from '@/lib/balance-visibility';
import { formatUserMoney } from '@/lib/money';
import { useIsLoggedIn, useSessionUser } from '@/lib/session';
import { AccountDropdown } from './account-dropdown';
import { backTarget, currentHistoryIndex } from './back-target';
import './header.css';

interface RouteHandle {
  title?: string;
  subtitle?: string;
  /** Back is enabled on this screen: where it leads when there is no history to go back through. */
  back?: string;
}

function useRouteTitles(): RouteHandle {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle;
  return (handle as RouteHandle | undefined) ?? {};
}

function BackOrLogo() {
  const { t } = useTranslation();
  const { app } = useAppContext();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const { locale } = useAppContext();
  const { back: fallback } = useRouteTitles();
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
 * Spec §2 Header. Logged out: a slim header (logo or back, title, language, login button), because a
 * visitor needs a way to log in. Logged in: support chat, balance button with the hide toggle and the
 * account dropdown as well.
 */
export function Header({ languageSelector }: { languageSelector: ReactNode }) {
  const { t } = useTranslation();
  const { app } = useAppContext();
  const to = useLocalePath();
  const loggedIn = useIsLoggedIn();
  const user = useSessionUser();
  const { title, subtitle } = useRouteTitles();
  const onLoginScreen = useLocation().pathname.endsWith('/login');
  const [menuOpen, setMenuOpen] = useState(false);
  const titles = (
    <div className="header__titles">
      {title && <span className="header__title">{t(title)}</span>}
      {subtitle && <span className="header__subtitle">{t(subtitle)}</span>}
    </div>
  );
  const hidden = useBalanceHidden(user?.preferences.hideBalance ?? false);

  return (
    <header className={`header${loggedIn ? ' header--full' : ''}`} data-testid="header">
      <div className="header__bar">
        <BackOrLogo />
        {loggedIn ? <span className="header__spacer" /> : titles}
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
          <>
            <Link className="header__balance" to={to('/account')} data-testid="header-balance">
              {hidden ? t('nav.account') : formatUserMoney(user.balance, user.currency)}
            </Link>
            <button
              type="button"
              className="header__icon-button header__icon-button--small"
              aria-pressed={hidden}
              aria-label={t(hidden ? 'header.show_balance' : 'header.hide_balance')}
              onClick={() => setBalanceHidden(!hidden)}
            >
              <Icon name={hidden ? 'eye-off' : 'eye'} size={18} />
            </button>
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
          </>
        )}
      </div>
      {loggedIn && titles}
      {menuOpen && user && <AccountDropdown user={user} onClose={() => setMenuOpen(false)} />}
    </header>
  );
}
