import type { Lang } from '../../i18n';

/** The liability view's own texts (the shared ones are the desk's `Texts`), English and Turkish. */
const en = {
  book: 'Open book',
  sport: 'Sport',
  competition: 'Competition',
  every: 'All',
  from: 'Starts from',
  to: 'Starts before',
  sortBy: 'Order',
  apply: 'Apply',
  clear: 'Clear',
  start: 'Start',
  bets: 'Bets',
  stakes: 'Stakes',
  maxPayout: 'Max payout',
  worstCase: 'Worst case',
  events: 'Events',
  client: 'Client',
  brand: 'Brand',
  totals: 'Book',
  shown: (n: number, of: number) => `${n} of ${of} events`,
  sorts: {
    worst: 'Worst case',
    payout: 'Max payout',
    stakes: 'Stakes',
    bets: 'Bets',
    start: 'Start time',
  } as Record<string, string>,
  views: { events: 'Events', sports: 'Sports', competitions: 'Competitions', clients: 'Clients' },
  badWindow: 'The window must end after it starts.',
  noRows: 'Nothing open here.',
};
export type LiabilityTexts = typeof en;

const tr: LiabilityTexts = {
  book: 'Açık kuponlar',
  sport: 'Spor',
  competition: 'Lig',
  every: 'Tümü',
  from: 'Başlangıç (en erken)',
  to: 'Başlangıç (en geç)',
  sortBy: 'Sıralama',
  apply: 'Uygula',
  clear: 'Temizle',
  start: 'Başlangıç',
  bets: 'Kupon',
  stakes: 'Yatırılan',
  maxPayout: 'En yüksek ödeme',
  worstCase: 'En kötü durum',
  events: 'Etkinlik',
  client: 'Müşteri',
  brand: 'Marka',
  totals: 'Toplam',
  shown: (n: number, of: number) => `${of} etkinlikten ${n} tanesi`,
  sorts: {
    worst: 'En kötü durum',
    payout: 'En yüksek ödeme',
    stakes: 'Yatırılan',
    bets: 'Kupon',
    start: 'Başlangıç saati',
  },
  views: { events: 'Etkinlikler', sports: 'Sporlar', competitions: 'Ligler', clients: 'Müşteriler' },
  badWindow: 'Aralığın sonu başlangıcından sonra olmalı.',
  noRows: 'Burada açık kupon yok.',
};

export const LIABILITY_TEXTS: Record<Lang, LiabilityTexts> = { en, tr };
