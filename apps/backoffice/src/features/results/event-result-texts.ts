import type { Lang } from '../../i18n';

/** The one-form resulting screen's texts (issue 34 item 4), English and Turkish. */
const en = {
  tab: 'Match result',
  waiting: 'Waiting for results',
  none: 'No event is waiting for results.',
  loading: 'Loading…',
  pick: 'Choose an event on the left.',
  markets: (n: number) => `${n} unresolved ${n === 1 ? 'market' : 'markets'}`,
  /** A live event listed because the trader suspended it (its feed broke). */
  inPlaySuspended: 'In play, suspended',
  fullTime: 'Full time',
  halfTime: 'Half time',
  home: 'Home',
  away: 'Away',
  undecided: 'Markets these scores cannot decide',
  leaveOpen: 'Leave them open',
  voidThem: 'Void them (stakes back)',
  reason: 'Reason',
  preview: 'Preview',
  confirm: 'Confirm and settle',
  previewNote: 'Preview: nothing has changed yet.',
  confirmed: 'Settled.',
  market: 'Market',
  outcome: 'Outcome',
  results: 'Results',
  bets: 'Bets',
  brand: 'Brand',
  currency: 'Currency',
  change: 'Paid now',
  reversed: 'Taken back',
  debt: 'Client debt',
  stakes: 'Stakes settled',
  net: 'Net (book)',
  netHint: 'The book’s result on the settled bets: their stakes less all they paid.',
  noMoney: 'No bet changes.',
  outcomes: { settled: 'Settled', voided: 'Voided', open: 'Left open', already: 'Resulted before' } as Record<
    string,
    string
  >,
  words: { win: 'won', loss: 'lost', void: 'void', half_win: 'half won', half_loss: 'half lost' } as Record<
    string,
    string
  >,
  errors: {
    forbidden: 'Resulting is shared by every brand: an all-brands trader is needed.',
    field: (field: string) => `The form was refused: check “${field}”.`,
    conflict:
      'The event cannot be resulted now: it has not started, or it is in play with open markets (suspend it first).',
    live: 'The event is in play and its markets are open: the feed results it. If the feed has broken, suspend the whole event first, then result it here.',
    notStarted: 'The event has not started yet: it can be resulted from its start time on.',
  },
  fields: {
    home: 'Home (full time)',
    away: 'Away (full time)',
    htHome: 'Home (half time)',
    htAway: 'Away (half time)',
    undecided: 'Markets these scores cannot decide',
  } as Record<string, string>,
};

type EventResultTexts = typeof en;

const tr: EventResultTexts = {
  tab: 'Maç sonucu',
  waiting: 'Sonuç bekleyenler',
  none: 'Sonuç bekleyen etkinlik yok.',
  loading: 'Yükleniyor…',
  pick: 'Soldan bir etkinlik seçin.',
  markets: (n: number) => `${n} sonuçlanmamış market`,
  inPlaySuspended: 'Canlı, askıda',
  fullTime: 'Maç sonu',
  halfTime: 'İlk yarı',
  home: 'Ev sahibi',
  away: 'Deplasman',
  undecided: 'Bu skorların karara bağlayamadığı marketler',
  leaveOpen: 'Açık bırak',
  voidThem: 'İptal et (bahisler iade)',
  reason: 'Neden',
  preview: 'Önizle',
  confirm: 'Onayla ve sonuçlandır',
  previewNote: 'Önizleme: henüz hiçbir şey değişmedi.',
  confirmed: 'Sonuçlandırıldı.',
  market: 'Market',
  outcome: 'Durum',
  results: 'Sonuçlar',
  bets: 'Bahis',
  brand: 'Marka',
  currency: 'Para birimi',
  change: 'Şimdi ödenen',
  reversed: 'Geri alınan',
  debt: 'Müşteri borcu',
  stakes: 'Sonuçlanan bahis',
  net: 'Net (kasa)',
  netHint: 'Sonuçlanan kuponlarda kasanın sonucu: bahis tutarları eksi ödenen her şey.',
  noMoney: 'Değişen bahis yok.',
  outcomes: {
    settled: 'Sonuçlandı',
    voided: 'İptal edildi',
    open: 'Açık bırakıldı',
    already: 'Önceden sonuçlanmış',
  },
  words: {
    win: 'kazandı',
    loss: 'kaybetti',
    void: 'iade',
    half_win: 'yarı kazandı',
    half_loss: 'yarı kaybetti',
  },
  errors: {
    forbidden: 'Sonuçlandırma tüm markaların ortak işidir: tüm markaların trader’ı gerekir.',
    field: (field: string) => `Form reddedildi: “${field}” alanını kontrol edin.`,
    conflict:
      'Etkinlik şimdi sonuçlandırılamaz: başlamadı ya da açık marketleriyle canlı (önce askıya alın).',
    live: 'Etkinlik canlı ve marketleri açık: sonucu veri akışı belirler. Akış koptuysa önce tüm etkinliği askıya alın, sonra burada sonuçlandırın.',
    notStarted: 'Etkinlik henüz başlamadı: başlama saatinden itibaren sonuçlandırılabilir.',
  },
  fields: {
    home: 'Ev sahibi (maç sonu)',
    away: 'Deplasman (maç sonu)',
    htHome: 'Ev sahibi (ilk yarı)',
    htAway: 'Deplasman (ilk yarı)',
    undecided: 'Bu skorların karara bağlayamadığı marketler',
  },
};

export const EVENT_RESULT_TEXTS: Record<Lang, EventResultTexts> = { en, tr };
export type { EventResultTexts };
