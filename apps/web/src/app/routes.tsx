import type { ComponentType, ReactElement } from 'react';
import type { RouteObject } from 'react-router';
// Home's popular casino games sit at the foot of the page: this holds only their room, and their code loads when
// they scroll near (a chunk of its own for these few lines cost more than it saved).
import { PopularGamesStrip } from '@/features/casino/popular-games-strip';
// A brand's banners (issue 35 §1): a few lines of markup, drawn by the server; their turning loads on its own.
import { BannerStrip } from '@/features/banners/banner-strip';
import { InfoPage, NotFoundPage } from '@/features/shell';
import { lazyPart } from '@/lib/lazy-part';
import { AppLayout } from './app-layout';
import { LazyScreen, RequireLogin } from './require-login';

/** The component type of a module's export, props included. */
type ComponentOf<T> = T extends ComponentType<infer P> ? ComponentType<P> : never;

/**
 * A named export of a lazily loaded module, as a component (route screens stay out of the first bundle). The
 * export's name is its id as a lazy part (lib/lazy-part.ts): the server lists the screens a page drew by it.
 */
function lazyNamed<M, K extends keyof M & string>(load: () => Promise<M>, name: K): ComponentOf<M[K]> {
  return lazyPart(name, async () => (await load())[name] as ComponentOf<M[K]>) as ComponentOf<M[K]>;
}

const LoginPage = lazyNamed(() => import('@/features/auth/login-page'), 'LoginPage');
const SetPasswordPage = lazyNamed(() => import('@/features/auth/set-password-page'), 'SetPasswordPage');
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
const HomePage = lazyNamed(() => import('@/features/home/home-page'), 'HomePage');
const SportsScreen = lazyNamed(() => import('./screens/sports-screen'), 'SportsScreen');
const TimePeriodPage = lazyNamed(() => import('@/features/sports/time-period-page'), 'TimePeriodPage');
const LiveScreen = lazyNamed(() => import('./screens/live-screen'), 'LiveScreen');
const EventPage = lazyNamed(() => import('@/features/event/event-page'), 'EventPage');
const FavouritesScreen = lazyNamed(() => import('./screens/favourites-screen'), 'FavouritesScreen');
const PlayPage = lazyNamed(() => import('@/features/casino-games/play-page'), 'PlayPage');
const BetslipPage = lazyNamed(() => import('@/features/betslip/betslip-page'), 'BetslipPage');
const BetslipSuccessfulPage = lazyNamed(
  () => import('@/features/betslip/betslip-successful-page'),
  'BetslipSuccessfulPage',
);
const PromotionsPage = lazyNamed(() => import('@/features/promotions/promotions-page'), 'PromotionsPage');
const MyBetsPage = lazyNamed(() => import('@/features/bets/my-bets-page'), 'MyBetsPage');
const ResultsPage = lazyNamed(() => import('@/features/results/results-page'), 'ResultsPage');
const CasinoPage = lazyNamed(() => import('@/features/casino/casino-page'), 'CasinoPage');
const SlotsPage = lazyNamed(() => import('@/features/casino/game-section-page'), 'SlotsPage');
const AviatorPage = lazyNamed(() => import('@/features/crash/aviator-page'), 'AviatorPage');
const CrashVerifierPage = lazyNamed(() => import('@/features/crash/verifier-page'), 'VerifierPage');
const VirtualSportsPage = lazyNamed(() => import('@/features/virtual/virtual-page'), 'VirtualSportsPage');
const LiveCasinoPage = lazyNamed(() => import('@/features/casino/game-section-page'), 'LiveCasinoPage');

/**
 * The spec's route table (§2) under the locale prefix. `handle.title` is the translation key of
 * the screen's title, `handle.subtitle` an optional second line.
 */
const screen = (
  path: string | undefined,
  title: string,
  element: ReactElement,
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
const lazyElement = (element: ReactElement) => <LazyScreen>{element}</LazyScreen>;
/** Back is enabled on the screen: without history to go back through, it leads to `path`. */
const withBack = (route: RouteObject, path: string): RouteObject => ({
  ...route,
  handle: { ...(route.handle as object), back: path },
});

export const localizedRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      screen(
        undefined,
        'route.home',
        lazyElement(
          <HomePage banners={<BannerStrip placement="home" />} casinoGames={<PopularGamesStrip />} />,
        ),
      ),
      screen(
        'casino',
        'route.casino',
        lazyElement(
          <CasinoPage banners={(fallback) => <BannerStrip placement="casino" fallback={fallback} />} />,
        ),
      ),
      withBack(screen('slot', 'route.slot', open(SlotsPage)), '/casino'),
      withBack(screen('live-casino', 'route.live_casino', open(LiveCasinoPage)), '/casino'),
      withBack(screen('aviator', 'route.aviator', open(AviatorPage)), '/casino'),
      withBack(screen('aviator/verify', 'route.aviator_verify', open(CrashVerifierPage)), '/aviator'),
      withBack(screen('virtual-sports', 'route.virtual_sports', open(VirtualSportsPage)), '/casino'),
      screen('login', 'route.login', open(LoginPage)),
      screen('set-password', 'route.set_password', open(SetPasswordPage)),
      screen('deposit', 'route.deposit', account(DepositPage)),
      screen('account', 'route.account', account(AccountMenuPage)),
      screen('account/informations', 'route.informations', account(PersonalDetailsPage), 'route.account'),
      screen('account/password', 'route.password', account(ChangePasswordPage), 'route.account'),
      screen('account/my-bets', 'route.my_bets', account(MyBetsPage), 'route.account'),
      screen('account/transactions', 'route.transactions', account(TransactionsPage), 'route.account'),
      screen('account/settings', 'route.settings', account(PreferencesPage), 'route.account'),
      screen('account/limits', 'route.limits', account(LimitsPage), 'route.account'),
      screen('account/limit-summary', 'route.limit_summary', account(LimitSummaryPage), 'route.account'),
      screen('promotions', 'route.promotions', account(PromotionsPage)),
      screen('betslip', 'route.betslip', open(BetslipPage)),
      screen('betslip-successful', 'betslip.success.head', account(BetslipSuccessfulPage)),
      screen('live/:sport?/:eventId?', 'route.live', open(LiveScreen)),
      screen('sports/:sportId?/:regionId?/:competitionId?/event/:eventId', 'route.event', open(EventPage)),
      screen('sports/:sport?/:regionId?/:competitionId?', 'route.sports', open(SportsScreen)),
      screen(
        'today/:sport?',
        'route.today',
        lazyElement(<TimePeriodPage period="today" />),
        'sports.next_24_hours',
      ),
      screen('3hours/:sport?', 'route.3hours', lazyElement(<TimePeriodPage period="3hours" />)),
      screen('48hours/:sport?', 'route.48hours', lazyElement(<TimePeriodPage period="48hours" />)),
      screen(
        'highlighted/:sport?',
        'route.highlighted',
        lazyElement(<TimePeriodPage period="highlighted" />),
      ),
      screen('favorites/:sport?/:eventId?', 'route.favorites', open(FavouritesScreen)),
      screen('results/:sport?', 'route.results', open(ResultsPage)),
      { path: 'info/:page', element: <InfoPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // A game page (playnow opens it in a new tab): full screen, without the header and bottom nav.
  { path: 'play/:sessionId', element: open(PlayPage) },
];
