import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { ComingSoon, InfoPage, NotFoundPage } from '@/features/shell';
import { AppLayout } from './app-layout';
import { LazyScreen, RequireLogin } from './require-login';

/** A named export of a lazily loaded module, as a component (route screens stay out of the first bundle). */
function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LoginPage = lazyNamed(() => import('@/features/auth/login-page'), 'LoginPage');
const AccountMenuPage = lazyNamed(() => import('@/features/account/account-menu-page'), 'AccountMenuPage');
const PersonalDetailsPage = lazyNamed(
  () => import('@/features/account/personal-details-page'),
  'PersonalDetailsPage',
);
const ChangePasswordPage = lazyNamed(
  () => import('@/features/account/change-password-page'),
  'ChangePasswordPage',
);
const PreferencesPage = lazyNamed(() => import('@/features/account/preferences-page'), 'PreferencesPage');
const TransactionsPage = lazyNamed(() => import('@/features/account/transactions-page'), 'TransactionsPage');
const LimitsPage = lazyNamed(() => import('@/features/account/limits-page'), 'LimitsPage');
const LimitSummaryPage = lazyNamed(() => import('@/features/account/limit-summary-page'), 'LimitSummaryPage');
const DepositPage = lazyNamed(() => import('@/features/account/deposit-page'), 'DepositPage');
const CasinoPage = lazyNamed(() => import('@/features/casino/casino-page'), 'CasinoPage');
const SlotsPage = lazyNamed(() => import('@/features/casino/game-section-page'), 'SlotsPage');
const LiveCasinoPage = lazyNamed(() => import('@/features/casino/game-section-page'), 'LiveCasinoPage');

/**
 * The spec's route table (§2) under the locale prefix. `handle.title` is the translation key of
 * the screen's title, `handle.subtitle` an optional second line. Screens that later issues build
 * show "coming soon" until then.
 */
const screen = (
  path: string | undefined,
  title: string,
  element = <ComingSoon titleKey={title} />,
  subtitle?: string,
): RouteObject => {
  const handle = { title, subtitle };
  return path === undefined ? { index: true, element, handle } : { path, element, handle };
};

const open = (Screen: ComponentType) => (
  <LazyScreen>
    <Screen />
  </LazyScreen>
);
const account = (Screen: ComponentType) => <RequireLogin>{open(Screen)}</RequireLogin>;
/** Back is enabled on the screen: without history to go back through, it leads to `path`. */
const withBack = (route: RouteObject, path: string): RouteObject => ({
  ...route,
  handle: { ...(route.handle as object), back: path },
});

export const localizedRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      screen(undefined, 'route.home'),
      screen('casino', 'route.casino', open(CasinoPage)),
      withBack(screen('slot', 'route.slot', open(SlotsPage)), '/casino'),
      withBack(screen('live-casino', 'route.live_casino', open(LiveCasinoPage)), '/casino'),
      screen('login', 'route.login', open(LoginPage)),
      screen('deposit', 'route.deposit', account(DepositPage)),
      screen('account', 'route.account', account(AccountMenuPage)),
      screen('account/informations', 'route.informations', account(PersonalDetailsPage), 'route.account'),
      screen('account/password', 'route.password', account(ChangePasswordPage), 'route.account'),
      screen('account/my-bets', 'route.my_bets'),
      screen('account/transactions', 'route.transactions', account(TransactionsPage), 'route.account'),
      screen('account/settings', 'route.settings', account(PreferencesPage), 'route.account'),
      screen('account/limits', 'route.limits', account(LimitsPage), 'route.account'),
      screen('account/limit-summary', 'route.limit_summary', account(LimitSummaryPage), 'route.account'),
      screen('betslip', 'route.betslip'),
      screen('betslip-successful', 'route.betslip_successful'),
      screen('live/:sport?/:eventId?', 'route.live'),
      screen('sports/:sportId?/:regionId?/:competitionId?/event/:eventId', 'route.event'),
      screen('sports/:sport?/:regionId?/:competitionId?', 'route.sports'),
      screen('today/:sport?', 'route.today'),
      screen('3hours/:sport?', 'route.3hours'),
      screen('48hours/:sport?', 'route.48hours'),
      screen('highlighted/:sport?', 'route.highlighted'),
      screen('favorites/:sport?/:eventId?', 'route.favorites'),
      { path: 'info/:page', element: <InfoPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
