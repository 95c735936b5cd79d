import type { Lang } from '../../i18n';

/** The brand's casino catalogue on the brands desk (issue 35 §1), English and Turkish. */
const en = {
  title: (brand: string) => `Casino of “${brand}”`,
  note: 'The catalogue is shared by every brand; what is switched off here disappears from this brand’s lobby only.',
  providers: 'Providers',
  games: 'Games',
  live: 'Live',
  shown: 'Shown',
  place: 'Place',
  game: 'Game',
  provider: 'Provider',
  popular: 'Popular',
  popularCategories: 'Popular lists',
  category: (c: number) => `List ${c}`,
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  show: (name: string) => `Show ${name}`,
  markPopular: (name: string) => `${name} is popular`,
  inList: (name: string, c: number) => `${name} in list ${c}`,
  hiddenByProvider: 'hidden with its provider',
  find: 'Find a game',
  loading: 'Loading the catalogue…',
  none: 'No game matches.',
  more: (n: number) => `${n} more: narrow the search to see them.`,
  saved: (name: string) => `“${name}” saved for this brand.`,
};

export type BrandCasinoTexts = typeof en;

const tr: BrandCasinoTexts = {
  title: (brand: string) => `“${brand}” casinosu`,
  note: 'Katalog tüm markalarda ortaktır; burada kapatılan yalnızca bu markanın lobisinden kalkar.',
  providers: 'Sağlayıcılar',
  games: 'Oyunlar',
  live: 'Canlı',
  shown: 'Gösterilir',
  place: 'Sıra',
  game: 'Oyun',
  provider: 'Sağlayıcı',
  popular: 'Popüler',
  popularCategories: 'Popüler listeler',
  category: (c: number) => `Liste ${c}`,
  moveUp: (name: string) => `${name} yukarı taşı`,
  moveDown: (name: string) => `${name} aşağı taşı`,
  show: (name: string) => `${name} gösterilsin`,
  markPopular: (name: string) => `${name} popüler`,
  inList: (name: string, c: number) => `${name}, liste ${c} içinde`,
  hiddenByProvider: 'sağlayıcısıyla gizli',
  find: 'Oyun ara',
  loading: 'Katalog yükleniyor…',
  none: 'Eşleşen oyun yok.',
  more: (n: number) => `${n} oyun daha: görmek için aramayı daraltın.`,
  saved: (name: string) => `“${name}” bu marka için kaydedildi.`,
};

export const BRAND_CASINO_TEXTS: Record<Lang, BrandCasinoTexts> = { en, tr };
