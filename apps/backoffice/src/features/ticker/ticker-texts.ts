import type { Lang } from '../../i18n';

/** The ticker's own texts (the shared ones — stake, status, apply… — are the desk's `Texts`). */
const en = {
  allBrands: 'All brands',
  allSports: 'All sports',
  clientSearch: 'Client (username)',
  anyClient: 'any client',
  noSuchClient: (name: string) => `No client named “${name}” in your brands.`,
  eventFilter: 'Event',
  removeFilter: 'Remove this filter',
  market: 'Market',
  kickOff: 'Kick-off',
  notStarted: 'not started',
  older: 'Older bets',
  noOlder: 'No older bets',
  bigBet: 'Big bet from',
  bigBetHint: 'Bets with this stake or more are highlighted (kept in this browser for you)',
  sound: 'Sound',
  sortBy: (column: string) => `Sort by ${column}`,
  shown: (n: number) => `${n} bets shown`,
};
export type TickerTexts = typeof en;

const tr: TickerTexts = {
  allBrands: 'Tüm markalar',
  allSports: 'Tüm sporlar',
  clientSearch: 'Müşteri (kullanıcı adı)',
  anyClient: 'tüm müşteriler',
  noSuchClient: (name: string) => `Markalarınızda “${name}” adlı müşteri yok.`,
  eventFilter: 'Etkinlik',
  removeFilter: 'Bu filtreyi kaldır',
  market: 'Market',
  kickOff: 'Başlama',
  notStarted: 'başlamadı',
  older: 'Daha eski kuponlar',
  noOlder: 'Daha eski kupon yok',
  bigBet: 'Büyük kupon eşiği',
  bigBetHint: 'Bu tutar ve üzerindeki kuponlar vurgulanır (bu tarayıcıda sizin için saklanır)',
  sound: 'Ses',
  sortBy: (column: string) => `${column} sütununa göre sırala`,
  shown: (n: number) => `${n} kupon gösteriliyor`,
};

export const TICKER_TEXTS: Record<Lang, TickerTexts> = { en, tr };
