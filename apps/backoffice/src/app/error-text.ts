import { ApiError } from '../api';
import type { Lang } from '../i18n';

/**
 * Every refusal the server sends, as a sentence in the desk's language (issue 34 item 5): never the server's own
 * text ("querystring.q: Too small…"), which is English, technical and names the schema's paths. A field the desk
 * knows is named in words; one it does not know gets the general sentence.
 */
const FIELDS: Record<Lang, Record<string, string>> = {
  en: {
    q: 'The search',
    username: 'The username',
    password: 'The password',
    totp: 'The authenticator code',
    brand: 'The brand',
    brandId: 'The brand',
    sport: 'The sport',
    sportId: 'The sport',
    event: 'The event',
    eventId: 'The event',
    id: 'The item asked for',
    client: 'The client',
    minStake: 'The minimum stake',
    limit: 'The number of rows',
    days: 'The number of days',
    before: 'The page',
    after: 'The page',
    actor: 'The operator',
    action: 'The action',
    outcome: 'The outcome',
    reason: 'The reason',
    note: 'The note',
    selectionId: 'The selection',
    odd: 'The price',
    expiresAt: 'The expiry',
    amount: 'The amount',
    level: 'The level',
    refId: 'The item the limit is for',
    kind: 'The kind of limit',
    marginBp: 'The margin',
    family: 'The market family',
    stakeFactor: 'The stake factor',
    maxStake: 'The maximum stake',
    label: 'The risk label',
    facts: 'The score',
    command: 'The command',
    factor: 'The speed',
    role: 'The role',
    stake: 'The stake',
  },
  tr: {
    q: 'Arama',
    username: 'Kullanıcı adı',
    password: 'Şifre',
    totp: 'Doğrulama kodu',
    brand: 'Marka',
    brandId: 'Marka',
    sport: 'Spor',
    sportId: 'Spor',
    event: 'Etkinlik',
    eventId: 'Etkinlik',
    id: 'İstenen kayıt',
    client: 'Müşteri',
    minStake: 'En az bahis',
    limit: 'Satır sayısı',
    days: 'Gün sayısı',
    before: 'Sayfa',
    after: 'Sayfa',
    actor: 'Operatör',
    action: 'İşlem',
    outcome: 'Sonuç',
    reason: 'Neden',
    note: 'Not',
    selectionId: 'Seçim',
    odd: 'Oran',
    expiresAt: 'Bitiş zamanı',
    amount: 'Tutar',
    level: 'Seviye',
    refId: 'Limitin kaydı',
    kind: 'Limit türü',
    marginBp: 'Marj',
    family: 'Market ailesi',
    stakeFactor: 'Bahis katsayısı',
    maxStake: 'En yüksek bahis',
    label: 'Risk etiketi',
    facts: 'Skor',
    command: 'Komut',
    factor: 'Hız',
    role: 'Rol',
    stake: 'Miktar',
  },
};

const SENTENCES = {
  en: {
    invalidField: (field: string) => `${field} is not valid: check it and try again.`,
    invalid: 'A value in the form is not valid: check it and try again.',
    credentials: 'The username, password or code is wrong.',
    ended: 'Your session has ended: log in again.',
    csrf: 'This tab lost its sign-in: reload the page.',
    forbidden: 'Your role may not do this.',
    enrol: 'Set up your second factor first.',
    notFound: 'It was not found: it may be gone, or belong to another brand.',
    conflict: 'It changed meanwhile, or is already done: reload and check.',
    resulted: 'This market is already resulted: resettle it instead.',
    live: 'The event is live: the feed results it (suspend it first to result it by hand).',
    notStarted: 'The event has not started yet.',
    tooMany: 'Too many requests: wait a moment and try again.',
    unreachable: 'The desk cannot reach the server: check the connection; it keeps trying.',
    outage: 'The server could not do this just now: try again in a moment.',
  },
  tr: {
    invalidField: (field: string) => `${field} geçerli değil: kontrol edip yeniden deneyin.`,
    invalid: 'Formdaki bir değer geçerli değil: kontrol edip yeniden deneyin.',
    credentials: 'Kullanıcı adı, şifre ya da kod yanlış.',
    ended: 'Oturumunuz sona erdi: yeniden giriş yapın.',
    csrf: 'Bu sekmenin oturumu eskidi: sayfayı yenileyin.',
    forbidden: 'Rolünüz bu işleme izin vermiyor.',
    enrol: 'Önce ikinci doğrulamayı kurun.',
    notFound: 'Bulunamadı: kaldırılmış ya da başka bir markaya ait olabilir.',
    conflict: 'Bu arada değişti ya da zaten yapıldı: yenileyip kontrol edin.',
    resulted: 'Bu market zaten sonuçlandı: yeniden sonuçlandırın.',
    live: 'Etkinlik canlı: sonucu veri akışı verir (elle sonuç için önce askıya alın).',
    notStarted: 'Etkinlik henüz başlamadı.',
    tooMany: 'Çok fazla istek: biraz bekleyip yeniden deneyin.',
    unreachable: 'Masa sunucuya ulaşamıyor: bağlantıyı kontrol edin; denemeye devam ediyor.',
    outage: 'Sunucu bunu şu an yapamadı: biraz sonra yeniden deneyin.',
  },
};

/** The field's words: `facts.home` → the score's, `bets[0].odd` → the price's; unknown → null. */
function fieldName(lang: Lang, field: string | undefined): string | null {
  if (!field) return null;
  const names = FIELDS[lang];
  const parts = field.split('.');
  for (const part of [parts[0]!, parts[parts.length - 1]!].map((p) => p.replace(/\[\d+\]$/, '')))
    if (names[part]) return names[part];
  return null;
}

/** Why a call failed, as a sentence for the operator in the desk's language. */
export function errorText(lang: Lang, e: unknown): string {
  const s = SENTENCES[lang];
  if (!(e instanceof ApiError)) return s.outage;
  if (e.status === 0) return s.unreachable;
  switch (e.code) {
    case 'invalid_credentials':
      return s.credentials;
    case 'unauthorized':
      return s.ended;
    case 'csrf':
      return s.csrf;
    case 'forbidden':
      return s.forbidden;
    case 'totp_enrolment_required':
      return s.enrol;
    case 'market_resulted':
      return s.resulted;
    case 'event_live':
      return s.live;
    case 'event_not_started':
      return s.notStarted;
    case 'rate_limited':
      return s.tooMany;
  }
  if (e.status === 400) {
    const name = fieldName(lang, e.field);
    return name ? s.invalidField(name) : s.invalid;
  }
  if (e.status === 401) return s.ended;
  if (e.status === 403) return s.forbidden;
  if (e.status === 404) return s.notFound;
  if (e.status === 409) return s.conflict;
  if (e.status === 429) return s.tooMany;
  return s.outage;
}

/** Whether trying the same call again may work (the server unreachable or failing), unlike a refusal of its input. */
export const isRetryable = (e: unknown) => !(e instanceof ApiError) || e.status === 0 || e.status >= 500;
