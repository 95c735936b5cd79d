import type { RouteObject } from 'react-router';
import { ComingSoon, InfoPage, NotFoundPage, ShellLayout } from '@/features/shell';

/**
 * The spec's route table (§2) under the locale prefix. `handle.title` is the translation key of
 * the screen's title. Screens that later issues build show "coming soon" until then.
 */
const screen = (path: string | undefined, title: string, element = <ComingSoon titleKey={title} />): RouteObject =>
  path === undefined ? { index: true, element, handle: { title } } : { path, element, handle: { title } };

export const localizedRoutes: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: [
      screen(undefined, 'route.home'),
      screen('casino', 'route.casino'),
      screen('slot', 'route.slot'),
      screen('live-casino', 'route.live_casino'),
      screen('login', 'route.login'),
      screen('deposit', 'route.deposit'),
      screen('account', 'route.account'),
      screen('account/informations', 'route.informations'),
      screen('account/password', 'route.password'),
      screen('account/my-bets', 'route.my_bets'),
      screen('account/transactions', 'route.transactions'),
      screen('account/settings', 'route.settings'),
      screen('account/limits', 'route.limits'),
      screen('account/limit-summary', 'route.limit_summary'),
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
