import type { Lang } from '../../i18n';

/** A campaign's terms as the list reads them (numbers as the server keeps them: minor units, decimal odds). */
type T = Record<string, unknown>;
type Money = (minor: number) => string;
const num = (t: T, k: string) => Number(t[k] ?? 0);
const odds = (t: T, k: string) => num(t, k).toFixed(2);
/** A cashback's rate in percent: a whole `percent`, or exact `basisPoints` (1,250 → 12.5). */
const rate = (t: T) => (t.percent !== undefined ? num(t, 'percent') : num(t, 'basisPoints') / 100);
/** An odds boost's selection by name (the desk keeps it as the terms' description), then a colon. */
const named = (t: T, lang: Lang): string => {
  const d = t.description as Partial<Record<Lang, string>> | undefined;
  return d?.[lang] ? `${d[lang]}: ` : '';
};

/** The promotions desk's texts (issue 36), English and Turkish. */
const en = {
  tab: 'Promotions',
  create: 'New campaign',
  audience: 'Who gets it',
  eligibilities: {
    grant: 'Clients I grant it to',
    new_clients: 'Every new client while it runs',
    opt_in: 'Clients who join it',
  } as Record<string, string>,
  segment: 'Segment',
  everySegment: 'Every client',
  segments: { standard: 'Standard', vip: 'VIP', sharp: 'Sharp', monitored: 'Monitored' } as Record<
    string,
    string
  >,
  brand: 'Brand',
  name: 'Name',
  amountOf: { free_bet: 'Free bet amount', bonus: 'Bonus amount' } as Record<string, string>,
  fields: {
    amount: 'Amount',
    maxBoost: 'Boost cap',
    maxRefund: 'Refund cap',
    percent: 'Boost (%)',
    wagering: 'Wagering (×)',
    minLegs: 'Minimum legs',
    minOdds: 'Minimum odds',
    minLegOdds: 'Minimum odds per leg',
    expiresInDays: 'Valid for (days)',
    oddId: 'Selection',
    boostedOdd: 'Boosted odds',
    maxStake: 'Most stake per client',
  } as Record<string, string>,
  takes: {
    amount: 'an amount of at least 0.01',
    maxBoost: 'an amount of at least 0.01',
    maxRefund: 'an amount of at least 0.01',
    percent: 'a whole number from 1 to 100',
    wagering: 'a whole number of times the bonus, at least 1',
    minLegs: 'a whole number of legs up to 25 (an acca insurance needs at least 2)',
    minOdds: 'decimal odds from 1.01 to 1000, at most three decimals',
    minLegOdds: 'decimal odds from 1.01 to 1000, at most three decimals',
    expiresInDays: 'a whole number of days',
    oddId: 'a selection on sale, chosen by its match, market and name',
    boostedOdd: 'decimal odds above the selection’s price now, at most three decimals',
    maxStake: 'an amount of at least 0.01',
  } as Record<string, string>,
  invalidField: (field: string, takes: string) => `“${field}” was not accepted: it takes ${takes}.`,
  picker: {
    title: 'Boosted selection',
    event: 'Find the match',
    placeholder: 'Team, competition or event number',
    match: 'Match',
    market: 'Market',
    selection: 'Selection',
    choose: 'Choose…',
    noEvents: 'No match on sale matches this search.',
    failed: 'The matches could not be loaded: try again.',
    picked: (name: string, price: string) => `${name} (price now ${price}, before the brand’s margin)`,
  },
  startsAt: 'Starts',
  endsAt: 'Ends',
  createButton: 'Create campaign',
  created: (name: string) => `Campaign “${name}” created.`,
  campaigns: 'Campaigns',
  none: 'No campaigns yet.',
  kind: 'Kind',
  status: 'Status',
  granted: 'Granted',
  used: 'Used',
  open: 'On open bets',
  expired: 'Expired',
  cost: 'Cost (bonus)',
  turnover: 'Turnover',
  ngrEffect: 'NGR effect',
  betsOf: (n: number) => `${n} bets placed with its rewards`,
  actions: 'Actions',
  pause: 'Pause',
  resume: 'Resume',
  end: 'End',
  kinds: {
    free_bet: 'Free bet',
    acca_insurance: 'Acca insurance',
    profit_boost: 'Profit boost',
    odds_boost: 'Odds boost',
    bonus: 'Bonus money',
    cashback: 'Cashback',
  } as Record<string, string>,
  bonusRunning:
    'This client already has bonus money running: a second bonus can be granted once it is released or forfeited.',
  statuses: { active: 'Active', paused: 'Paused', ended: 'Ended' } as Record<string, string>,
  statusChanged: (name: string, status: string) => `“${name}” is now ${status.toLowerCase()}.`,
  grantTitle: (name: string) => `Grant “${name}” by hand`,
  clientSearch: 'Client username',
  search: 'Find',
  noClients: 'No client of this brand has that username.',
  grant: 'Grant',
  grantedTo: (username: string) => `Granted to ${username}.`,
  alreadyGranted: (username: string) => `${username} already had this reward: nothing changed.`,
  chooseCampaign: 'Choose a campaign in the list to grant it by hand.',
  boostForEveryone:
    'An odds boost is offered to every client of its brand while it runs: it is never granted by hand.',
  terms: 'Terms',
  termsLine: (kind: string, t: T, money: Money): string => {
    const days = num(t, 'expiresInDays');
    if (kind === 'bonus')
      return `${money(num(t, 'amount'))} bonus money, wagering ${num(t, 'wagering')}× at minimum odds ${odds(t, 'minOdds')}, within ${days} days.`;
    if (kind === 'profit_boost')
      return `${num(t, 'percent')}% more winnings, at most ${money(num(t, 'maxBoost'))}, on ${num(t, 'minLegs')}+ legs at ${odds(t, 'minLegOdds')}+ each, valid ${days} days.`;
    if (kind === 'odds_boost')
      return `${named(t, 'en')}One selection boosted to ${odds(t, 'boostedOdd')} for every client, singles of at most ${money(num(t, 'maxStake'))} each client in all, valid ${days} days.`;
    if (kind === 'cashback')
      return `${rate(t)}% of net sports losses back as cash, at most ${money(num(t, 'maxAmount'))}; claimable for ${days} days.`;
    if (kind === 'acca_insurance')
      return `Stake back, at most ${money(num(t, 'maxRefund'))}, when a ${num(t, 'minLegs')}+ leg acca at ${odds(t, 'minLegOdds')}+ per leg loses by one leg, valid ${days} days.`;
    return `${money(num(t, 'amount'))} free bet, minimum odds ${odds(t, 'minOdds')}, valid ${days} days; winnings paid without the stake.`;
  },
  bonusUptake: (running: number, released: number, forfeited: number, cost: string) =>
    `Running ${running}, released ${released} (${cost}), forfeited ${forfeited}.`,
  refused: {
    maxWagering: (max: number) => `Wagering may be at most ${max}× the bonus: the rules refuse more.`,
    singleProduct: 'An offer is for one product, sport or casino, never both.',
    expiry: (max: number) => `Every reward needs an expiry of 1 to ${max} days.`,
  },
};

const tr: typeof en = {
  tab: 'Promosyonlar',
  create: 'Yeni kampanya',
  audience: 'Kimler alır',
  eligibilities: {
    grant: 'Elle verdiğim müşteriler',
    new_clients: 'Süresince her yeni müşteri',
    opt_in: 'Katılan müşteriler',
  },
  segment: 'Segment',
  everySegment: 'Her müşteri',
  segments: { standard: 'Standart', vip: 'VIP', sharp: 'Profesyonel', monitored: 'İzlenen' },
  brand: 'Marka',
  name: 'Ad',
  amountOf: { free_bet: 'Bedava bahis tutarı', bonus: 'Bonus tutarı' },
  fields: {
    amount: 'Tutar',
    maxBoost: 'Artırım üst sınırı',
    maxRefund: 'İade üst sınırı',
    percent: 'Artırım (%)',
    wagering: 'Çevrim (kat)',
    minLegs: 'En az maç',
    minOdds: 'En düşük oran',
    minLegOdds: 'Maç başına en düşük oran',
    expiresInDays: 'Geçerlilik (gün)',
    oddId: 'Seçenek',
    boostedOdd: 'Artırılmış oran',
    maxStake: 'Müşteri başına en çok bahis',
  },
  takes: {
    amount: 'en az 0,01 tutar',
    maxBoost: 'en az 0,01 tutar',
    maxRefund: 'en az 0,01 tutar',
    percent: '1 ile 100 arasında bir tam sayı',
    wagering: 'bonusun en az 1 katı, tam sayı',
    minLegs: 'en çok 25 maç, tam sayı (kombine sigortası en az 2 ister)',
    minOdds: '1,01 ile 1000 arasında, en çok üç ondalıklı oran',
    minLegOdds: '1,01 ile 1000 arasında, en çok üç ondalıklı oran',
    expiresInDays: 'tam sayı gün',
    oddId: 'maçı, marketi ve adıyla seçilen, satıştaki bir seçenek',
    boostedOdd: 'seçeneğin şimdiki oranından yüksek, en çok üç ondalıklı oran',
    maxStake: 'en az 0,01 tutar',
  },
  invalidField: (field, takes) => `“${field}” kabul edilmedi: ${takes} girilmeli.`,
  picker: {
    title: 'Artırılan seçenek',
    event: 'Maçı bulun',
    placeholder: 'Takım, lig veya etkinlik numarası',
    match: 'Maç',
    market: 'Market',
    selection: 'Seçenek',
    choose: 'Seçin…',
    noEvents: 'Bu aramaya uyan, satışta bir maç yok.',
    failed: 'Maçlar yüklenemedi: tekrar deneyin.',
    picked: (name, price) => `${name} (şimdiki oran ${price}, marka marjından önce)`,
  },
  startsAt: 'Başlangıç',
  endsAt: 'Bitiş',
  createButton: 'Kampanya oluştur',
  created: (name) => `“${name}” kampanyası oluşturuldu.`,
  campaigns: 'Kampanyalar',
  none: 'Henüz kampanya yok.',
  kind: 'Tür',
  status: 'Durum',
  granted: 'Verilen',
  used: 'Kullanılan',
  open: 'Açık bahislerde',
  expired: 'Süresi dolan',
  cost: 'Maliyet (bonus)',
  turnover: 'Ciro',
  ngrEffect: 'NGR etkisi',
  betsOf: (n: number) => `ödülleriyle ${n} bahis yapıldı`,
  actions: 'İşlemler',
  pause: 'Duraklat',
  resume: 'Sürdür',
  end: 'Bitir',
  kinds: {
    free_bet: 'Bedava bahis',
    acca_insurance: 'Kombine sigortası',
    profit_boost: 'Kazanç artırımı',
    odds_boost: 'Oran artırımı',
    bonus: 'Bonus para',
    cashback: 'Cashback',
  },
  bonusRunning:
    'Bu müşterinin devam eden bir bonus parası var: ikinci bonus, ilki nakde aktarıldığında veya geri alındığında verilebilir.',
  statuses: { active: 'Etkin', paused: 'Duraklatıldı', ended: 'Bitti' },
  statusChanged: (name, status) => `“${name}” artık: ${status.toLocaleLowerCase('tr')}.`,
  grantTitle: (name) => `“${name}” kampanyasını elle ver`,
  clientSearch: 'Müşteri kullanıcı adı',
  search: 'Bul',
  noClients: 'Bu markada bu kullanıcı adıyla müşteri yok.',
  grant: 'Ver',
  grantedTo: (username) => `${username} kullanıcısına verildi.`,
  alreadyGranted: (username) => `${username} bu ödülü zaten almıştı: hiçbir şey değişmedi.`,
  chooseCampaign: 'Elle vermek için listeden bir kampanya seçin.',
  boostForEveryone: 'Oran artışı, sürdüğü sürece markanın her müşterisine sunulur: elle verilmez.',
  terms: 'Koşullar',
  termsLine: (kind, t, money) => {
    const days = num(t, 'expiresInDays');
    if (kind === 'bonus')
      return `${money(num(t, 'amount'))} bonus para, ${days} gün içinde en düşük ${odds(t, 'minOdds')} oranla ${num(t, 'wagering')} kat çevrim.`;
    if (kind === 'odds_boost')
      return `${named(t, 'tr')}Bir seçenek her müşteri için ${odds(t, 'boostedOdd')} orana artırıldı; müşteri başına toplam en çok ${money(num(t, 'maxStake'))} tekli bahis; ${days} gün geçerli.`;
    if (kind === 'profit_boost')
      return `Kazanca %${num(t, 'percent')} ek, en çok ${money(num(t, 'maxBoost'))}; en az ${num(t, 'minLegs')} maç, maç başına ${odds(t, 'minLegOdds')}+ oran; ${days} gün geçerli.`;
    if (kind === 'cashback')
      return `Net spor kayıplarının %${rate(t)} kadarı nakit iade, en çok ${money(num(t, 'maxAmount'))}; ${days} gün talep edilebilir.`;
    if (kind === 'acca_insurance')
      return `En az ${num(t, 'minLegs')} maçlı, maç başına ${odds(t, 'minLegOdds')}+ oranlı kombine tek maçla kaybederse bahis tutarı iade, en çok ${money(num(t, 'maxRefund'))}; ${days} gün geçerli.`;
    return `${money(num(t, 'amount'))} bedava bahis, en düşük oran ${odds(t, 'minOdds')}, ${days} gün geçerli; kazanç bahis tutarı hariç ödenir.`;
  },
  bonusUptake: (running, released, forfeited, cost) =>
    `Devam eden ${running}, nakde aktarılan ${released} (${cost}), geri alınan ${forfeited}.`,
  refused: {
    maxWagering: (max) => `Çevrim en çok bonusun ${max} katı olabilir: kurallar fazlasını kabul etmez.`,
    singleProduct: 'Bir teklif tek bir ürün içindir: spor veya casino, ikisi birden değil.',
    expiry: (max) => `Her ödülün 1 ile ${max} gün arasında bir son kullanma süresi olmalı.`,
  },
};

export const PROMOTIONS_TEXTS: Record<Lang, typeof en> = { en, tr };
export type PromotionsTexts = typeof en;
