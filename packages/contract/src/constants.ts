// Constants shared by server and web. This module imports nothing, so the web can use it
// without pulling zod into its bundle (the web imports only types from the schema modules).

/** Locales the product ships complete translation tables for. */
export const LOCALES = ['en', 'tr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Market categories of spec §9; a definition lists every category it appears under in `mg`. */
export const MARKET_CATEGORY = {
  all: 0,
  main: 1,
  corners: 2,
  firstHalf: 14,
  total: 15,
  secondHalf: 16,
  handicap: 17,
  other: 18,
  quarter1: 21,
  quarter2: 22,
  quarter3: 23,
  quarter4: 24,
  period1: 30,
  period2: 31,
  period3: 32,
  cards: 33,
  players: 53,
  playersOther: 100,
} as const;

/** Live feed protocol (see feed.ts). */
export const FEED_PROTOCOL_VERSION = 1;
/** Server heartbeat period; the `hello` message repeats the value the server actually uses. */
export const FEED_HEARTBEAT_MS = 5_000;
/** First reconnect delay after a close (spec §7: 1 s); clients back off from here. */
export const FEED_RECONNECT_MS = 1_000;
/** Reconnect delays grow by doubling up to this cap. */
export const FEED_RECONNECT_MAX_MS = 30_000;
/** A feed with no message for this many heartbeat periods is stale. */
export const FEED_STALE_HEARTBEATS = 2.5;
/** Largest client message the server accepts, in bytes of UTF-8 JSON. */
export const FEED_MAX_CLIENT_MESSAGE_BYTES = 4_096;
/** WebSocket path of the feed (same origin as {api} unless configured otherwise). */
export const FEED_PATH = '/ws/feed';

/** Casino (spec §9): popular categories, the vendor ids the original client declared disabled, page sizes. */
export const CASINO_POPULAR_CATEGORIES = [75, 76, 77, 78, 80] as const;
export const CASINO_DISABLED_VENDOR_IDS = [245, 248, 249, 250, 252, 253, 254, 255, 256, 286] as const;
export const CASINO_PAGE_SIZE = { default: 14, providerStrip: 7, gamePage: 60 } as const;
/** A game is "NEU" (new) for this many days after its release date. */
export const CASINO_NEW_DAYS = 30;
/** Game search runs only for text longer than this many characters (spec §5). */
export const CASINO_SEARCH_MIN_LENGTH = 3;
/** The red pockets of the European roulette wheel (the others but 0 are black). */
export const ROULETTE_RED_NUMBERS = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
] as const;
/** Pocket order around the European wheel, clockwise from 0. */
export const ROULETTE_WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
] as const;

export { ROUTE_NAME_PATHS, WEB_ROUTE_PATTERNS } from './web-routes';
export { canonicalTimeZone, isTimeZone } from './time-zone';

/**
 * Bet status ids (spec §4 filter ids: open 1, cashout 6, processed 2,3,4, all 1–8) and their result keys.
 * 7 pending (a live bet in its acceptance delay) and 8 rejected (refused after the delay, stake returned) are
 * ours; the web's Open tab asks for 1 and 7.
 */
export const BET_STATUSES = [
  { id: 1, key: 'waiting' },
  { id: 2, key: 'win' },
  { id: 3, key: 'loss' },
  { id: 4, key: 'refund' },
  { id: 5, key: 'cancelled' },
  { id: 6, key: 'cashout' },
  { id: 7, key: 'pending' },
  { id: 8, key: 'rejected' },
] as const;
export type BetStatusKey = (typeof BET_STATUSES)[number]['key'];
export const BET_STATUS_FILTERS: Record<'open' | 'cashout' | 'processed' | 'all', readonly number[]> = {
  open: [1, 7],
  cashout: [6],
  processed: [2, 3, 4],
  all: [1, 2, 3, 4, 5, 6, 7, 8],
};

/** Why a selection cannot be taken as asked. */
export const BET_ERROR_CODES = [
  'not_found',
  'event_ended',
  'closed',
  'suspended',
  'odd_too_low',
  'odd_changed',
  'producer_down',
  'stake_above_max',
  'stake_below_min',
  'duplicate',
  'same_event',
] as const;

/**
 * Hints the web app keeps in cookies for the server's first render (no secrets): a device holding a login gets the
 * plain shell (the server renders only a visitor's view), and dates are rendered in the visitor's time zone. A
 * device whose bet slip holds selections says so (`1`): its slip page is the plain shell (the selections, stakes
 * and coupon live in its storage), an empty slip's is server-rendered.
 */
export const SIGNED_IN_COOKIE = 'sb_signed_in';
export const TIME_ZONE_COOKIE = 'sb_tz';
export const SLIP_COOKIE = 'sb_slip';

/**
 * The CSS variable each brand colour sets (one home: the server writes them into the page, the web applies them
 * when the brand's data arrives). Keys of the contract's `Theme`.
 */
export const THEME_CSS_VARIABLES = {
  '--color-primary': 'primary',
  '--color-primary-contrast': 'primaryContrast',
  '--color-accent': 'accent',
  '--color-bg': 'background',
  '--color-surface': 'surface',
  '--color-text': 'text',
  '--color-text-muted': 'textMuted',
} as const;

/**
 * The CSS `color-scheme` of a brand's background (`#rrggbb`): native controls (checkboxes, selects, date pickers,
 * scrollbars) are drawn for it, not for the device's preference: white boxes on a dark brand otherwise.
 */
export function themeColorScheme(background: string): 'dark' | 'light' {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16) || 0);
  return 0.299 * r! + 0.587 * g! + 0.114 * b! < 128 ? 'dark' : 'light';
}

/** Every banner (issue 35 §1) is drawn in a box of this width to height (pictures cropped to it, centred). */
export const BANNER_ASPECT_RATIO = 3;
