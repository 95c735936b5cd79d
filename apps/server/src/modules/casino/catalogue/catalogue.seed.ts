import { CASINO_POPULAR_CATEGORIES } from '@sb/contract/constants';
import type { casinoGames, casinoProviders } from '../casino.tables';
import { FAMILIES, FAMILY_IDS, familyMath } from '../slots/slot-families';
import { compileSlot } from '../slots/slot-engine';
import { exactRtp } from '../slots/slot-rtp';
import { sfc32 } from '../../../lib/seeded-random';
import { NAME_ENDINGS, THEMES } from './themes';

export type ProviderRow = typeof casinoProviders.$inferInsert;
export type GameRow = typeof casinoGames.$inferInsert;

/** Category of every slot and every live table (besides the spec's popular categories 75–78, 80). */
export const SLOTS_CATEGORY = 70;
export const LIVE_CATEGORY = 90;
/** European roulette: 36 / 37 of the stake comes back on every bet of the layout. */
export const ROULETTE_RTP_BP = 9730;

const SLOT_PROVIDERS: [number, string, string][] = [
  [101, 'Aurora Reels', 'aur'],
  [102, 'Blue Fox Gaming', 'bfx'],
  [103, 'Crimson Spin', 'crs'],
  [104, 'Dragonfly Studios', 'dfs'],
  [105, 'Emerald Play', 'emp'],
  [106, 'Golden Owl', 'gow'],
  [107, 'Ironclad Games', 'irc'],
  [108, 'Jade Tiger', 'jdt'],
  [109, 'Lucky Comet', 'lkc'],
];
const LIVE_PROVIDERS: [number, string, string][] = [
  [110, 'Velvet Live', 'vlv'],
  [111, 'Grand Table Live', 'gtl'],
  [112, 'Monaco Live', 'mcl'],
];
/** Two of the spec's declared disabled vendor ids exist with games, so "never listed" is a real filter. */
const DISABLED_PROVIDERS: [number, string, string][] = [
  [245, 'Retro Slots Co.', 'rsc'],
  [286, 'Neon Arcade', 'nea'],
];
const SLOTS_PER_PROVIDER = 33;
const DISABLED_GAMES = 6;
const TABLES_PER_LIVE_PROVIDER = 2;
const TABLE_NAMES = [
  'Roulette',
  'Auto Roulette',
  'Lightning Table',
  'Speed Roulette',
  'VIP Roulette',
  'Salon Roulette',
];
const DAY_MS = 86_400_000;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Every family variant with its exact RTP in basis points (computed once per process). */
let variantRtps: Map<string, number> | null = null;
export function variantRtpBp(family: string, variant: number): number {
  if (!variantRtps) {
    variantRtps = new Map();
    for (const id of FAMILY_IDS)
      FAMILIES[id].variantSteps.forEach((_, v) =>
        variantRtps!.set(`${id}:${v}`, Math.round(exactRtp(compileSlot(familyMath(id, v))).rtp * 10_000)),
      );
  }
  const rtp = variantRtps.get(`${family}:${variant}`);
  if (rtp === undefined) throw new Error(`no slot variant ${family}:${variant}`);
  return rtp;
}

/**
 * The catalogue: the same seed gives the same providers, games, names, categories and configurations. Release
 * dates count back from `now` (the day it is seeded), so about one game in ten is new (NEU) for the next 30 days.
 */
export function generateCatalogue(seed: number, now: number): { providers: ProviderRow[]; games: GameRow[] } {
  const rng = sfc32(seed);
  const providers: ProviderRow[] = [
    ...SLOT_PROVIDERS.map(([id, name], i) => ({ id, name, isLive: false, enabled: true, sort: i })),
    ...LIVE_PROVIDERS.map(([id, name], i) => ({ id, name, isLive: true, enabled: true, sort: 20 + i })),
    ...DISABLED_PROVIDERS.map(([id, name], i) => ({ id, name, isLive: false, enabled: true, sort: 40 + i })),
  ];
  const games: GameRow[] = [];
  const usedNames = new Set<string>();
  const released = () => {
    const days = rng.next() < 0.12 ? rng.int(28) : 30 + rng.int(700);
    return new Date(Math.floor((now - days * DAY_MS) / DAY_MS) * DAY_MS);
  };
  const slotProviders = [...SLOT_PROVIDERS, ...DISABLED_PROVIDERS];
  for (const [providerId, , code] of slotProviders) {
    const count = providerId >= 200 ? DISABLED_GAMES : SLOTS_PER_PROVIDER;
    for (let n = 0; n < count; n++) {
      const themeIndex = rng.int(THEMES.length);
      const theme = THEMES[themeIndex]!;
      let name: string;
      do {
        name = `${theme.words[rng.int(theme.words.length)]} ${NAME_ENDINGS[rng.int(NAME_ENDINGS.length)]}`;
      } while (usedNames.has(name));
      usedNames.add(name);
      const family = FAMILY_IDS[rng.int(FAMILY_IDS.length)]!;
      const variant = rng.int(FAMILIES[family].variantSteps.length);
      const categories = [SLOTS_CATEGORY];
      if (rng.next() < 0.45)
        categories.push(CASINO_POPULAR_CATEGORIES[rng.int(CASINO_POPULAR_CATEGORIES.length)]!);
      games.push({
        id: games.length + 1,
        extendedId: `${code}-${slug(name)}`,
        name,
        providerId,
        categories,
        isPopular: rng.next() < 0.08,
        enabled: true,
        releasedAt: released(),
        rtpBp: variantRtpBp(family, variant),
        volatility: FAMILIES[family].volatility,
        config: {
          kind: 'slot',
          family,
          variant,
          theme: themeIndex,
          colours: { background: theme.background, accent: theme.accent },
        },
        demo: true,
        sort: n,
      });
    }
  }
  pushLiveTables(games, released);
  return { providers, games };
}

/** The live providers' tables, appended after the slots (ids go on from there; the seed draws only their dates). */
function pushLiveTables(games: GameRow[], released: () => Date): void {
  LIVE_PROVIDERS.forEach(([providerId, providerName, code], p) => {
    for (let n = 0; n < TABLES_PER_LIVE_PROVIDER; n++) {
      const name = `${providerName.split(' ')[0]} ${TABLE_NAMES[(p * TABLES_PER_LIVE_PROVIDER + n) % TABLE_NAMES.length]}`;
      games.push({
        id: games.length + 1,
        extendedId: `${code}-${slug(name)}`,
        name,
        providerId,
        categories: [LIVE_CATEGORY, ...(n === 0 ? [CASINO_POPULAR_CATEGORIES[p]!] : [])],
        isPopular: n === 0,
        enabled: true,
        releasedAt: released(),
        rtpBp: ROULETTE_RTP_BP,
        volatility: 'medium',
        config: { kind: 'roulette', colours: { background: '#0d3b24', accent: '#d4af37' } },
        demo: true,
        sort: n,
      });
    }
  });
}
