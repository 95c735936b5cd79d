import type { Lang } from './i18n';

/** Texts of the brand margins panel, English and Turkish. */
const en = {
  margins: 'Brand margins',
  marginsHelp:
    'Prices are shared by every brand; a brand’s margin Δ serves odd ÷ (1 + Δ), rounded down to 2 decimals, on its site, feed and bets. A price that falls outside the band is suspended for that brand. The most specific row wins.',
  brand: 'Brand',
  sport: 'Sport',
  family: 'Market family',
  every: 'All',
  margin: 'Margin %',
  example: (from: string, to: string) => `Example: ${from} → ${to}`,
  noMargins: 'No margins: every brand serves the shared prices',
  updated: 'Updated',
  families: {
    main: 'Main (1X2, winner)',
    totals: 'Totals',
    handicap: 'Handicaps',
    periods: 'Halves, quarters, periods',
    corners: 'Corners',
    cards: 'Cards',
    players: 'Players',
    other: 'Other',
    builder: 'Bet builder',
  } as Record<string, string>,
};
export type MarginTexts = typeof en;

const tr: MarginTexts = {
  margins: 'Marka marjları',
  marginsHelp:
    'Oranlar tüm markalarda ortaktır; bir markanın Δ marjı sitesinde, akışında ve bahislerinde oran ÷ (1 + Δ) sunar, 2 ondalığa aşağı yuvarlanır. Bandın dışına düşen oran o marka için askıya alınır. En özel satır geçerlidir.',
  brand: 'Marka',
  sport: 'Spor',
  family: 'Market ailesi',
  every: 'Tümü',
  margin: 'Marj %',
  example: (from: string, to: string) => `Örnek: ${from} → ${to}`,
  noMargins: 'Marj yok: tüm markalar ortak oranları sunuyor',
  updated: 'Güncelleme',
  families: {
    main: 'Ana (1X2, kazanan)',
    totals: 'Alt/üst',
    handicap: 'Handikaplar',
    periods: 'Devreler, çeyrekler, periyotlar',
    corners: 'Kornerler',
    cards: 'Kartlar',
    players: 'Oyuncular',
    other: 'Diğer',
    builder: 'Bahis oluşturucu',
  },
};

export const MARGIN_TEXTS: Record<Lang, MarginTexts> = { en, tr };
