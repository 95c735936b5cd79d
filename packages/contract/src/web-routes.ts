// The web app's route table (spec §2) under the locale segment, in react-router's pattern syntax. The server
// answers a page path that matches none of these with HTTP 404 (and the app's not-found page); a web unit test
// keeps this list and `apps/web/src/app/routes.tsx` identical. Imports nothing (the web bundles it).

/** Every screen's path pattern below `/:locale/` (`''` is home). */
export const WEB_ROUTE_PATTERNS = [
  '',
  'casino',
  'slot',
  'live-casino',
  'play/:sessionId',
  'login',
  'set-password',
  'deposit',
  'account',
  'account/informations',
  'account/password',
  'account/my-bets',
  'account/transactions',
  'account/settings',
  'account/limits',
  'account/limit-summary',
  'promotions',
  'betslip',
  'betslip-successful',
  'live/:sport?/:eventId?',
  'sports/:sportId?/:regionId?/:competitionId?/event/:eventId',
  'sports/:sport?/:regionId?/:competitionId?',
  'today/:sport?',
  '3hours/:sport?',
  '48hours/:sport?',
  'highlighted/:sport?',
  'favorites/:sport?/:eventId?',
  'results/:sport?',
  'aviator',
  'aviator/verify',
  'virtual-sports',
  'info/:page',
] as const;

/**
 * Spec §2 route names that lead somewhere other than their own word: `results` is the results screen (the spec's
 * table maps it to home, which left the Results tile and link reloading home), `aviator` the crash game,
 * `virtual_sports` the virtual football screen. Links use these names' paths, so the mapping lives in one place.
 */
export const ROUTE_NAME_PATHS = {
  home: '/',
  results: '/results',
  virtual_sports: '/virtual-sports',
  aviator: '/aviator',
} as const;
