import type { AreaTranslations } from './types';

/** Promotions (issue 36): the promotions page, the slip's free bet, and the free bet's terms as implemented. */
export const promotionsWeb: AreaTranslations = {
  en: {
    'route.promotions': 'Promotions',
    'account.promotions': 'Promotions',
    'promotions.title': 'Your rewards',
    'promotions.empty': 'You have no rewards right now.',
    'promotions.kind.free_bet': 'Free bet',
    'promotions.kind.acca_insurance': 'Acca insurance',
    'promotions.kind.profit_boost': 'Profit boost',
    'promotions.kind.odds_boost': 'Odds boost',
    'promotions.kind.bonus': 'Bonus money',
    'promotions.kind.cashback': 'Cashback',
    'promotions.terms.bonus_wagering':
      'Released to your balance once you have staked {{amount}} ({{times}}× the bonus) on sports singles or multiples at odds of {{odds}} or more (a multiple: its total odds), counted when they are settled.',
    'promotions.terms.bonus_split':
      'Your bets use your balance first, then bonus money; what the bonus part of a bet wins stays bonus money until it is released. Such a bet cannot be cashed out.',
    'promotions.terms.bonus_expiry':
      'Valid for {{days}} days from when it was given; what is left of it is forfeited if it expires first.',
    'promotions.wagering': 'Wagered {{counted}} of {{required}}',
    'promotions.released': 'Released {{amount}} to your balance',
    'promotions.terms.boost':
      'A winning bet of {{legs}} or more legs, each at odds of {{odds}} or more, gets {{percent}}% more of its winnings, up to {{amount}}.',
    'promotions.terms.boost_cash': 'The boost is paid to your balance; a boosted bet cannot be cashed out.',
    'promotions.terms.odds_boost':
      'One selection at boosted odds of {{odds}} on single bets, up to {{amount}} of stakes in all ({{left}} left).',
    'promotions.terms.odds_boost_rules':
      'The boosted price holds while the offer runs; it is withdrawn while the selection is suspended or settled. A boosted bet cannot be cashed out.',
    'promotions.terms.insurance':
      'A multiple of {{legs}} or more legs, each at odds of {{odds}} or more, that loses by exactly one leg gets its stake back, up to {{amount}}.',
    'promotions.terms.insurance_cash':
      'The refund is paid to your balance; an insured multiple cannot be cashed out.',
    'promotions.expires': 'Expires {{date}}',
    'promotions.status.available': 'Available',
    'promotions.status.reserved': 'On an open bet',
    'promotions.status.used': 'Used',
    'promotions.status.expired': 'Expired',
    'promotions.status.cancelled': 'Withdrawn',
    'promotions.paid': 'Won {{amount}}',
    'promotions.terms.title': 'Terms',
    'promotions.terms.stake': 'Use it as the whole stake of one bet of {{amount}}.',
    'promotions.terms.min_odds': 'Minimum odds {{odds}} (for a multiple, its total odds).',
    'promotions.terms.types.1': 'Singles only; never a system bet.',
    'promotions.terms.types.2': 'Multiples only; never a system bet.',
    'promotions.terms.types.1,2': 'Singles and multiples; never a system bet.',
    'promotions.terms.live.any': 'Pre-match or live.',
    'promotions.terms.live.prematch': 'Pre-match selections only.',
    'promotions.terms.live.live': 'Live selections only.',
    'promotions.terms.snr': 'Winnings are paid without the stake; a lost free bet costs you nothing.',
    'promotions.terms.void':
      'If the bet is void, the free bet comes back until it expires. It cannot be cashed out.',
    'promotions.terms.expiry': 'Valid for {{days}} days from when it was given.',
    'promotions.terms.cashback':
      '{{percent}}% of your net losses on settled sports bets of the period back as cash, up to {{amount}}; claim it within {{days}} days after the period ends.',
    'betslip.free_bet_available': 'Free bet {{amount}} available',
    'betslip.free_bet_use': 'Use free bet',
    'betslip.free_bet_used': 'Free bet {{amount}} is your stake',
    'betslip.free_bet_remove': 'Pay with my balance',
    'betslip.error.bonus_unavailable': 'This free bet has been used or withdrawn.',
    'betslip.error.bonus_expired': 'This free bet has expired.',
    'betslip.error.bonus_amount': 'A free bet is the whole stake: the stake must equal its amount.',
    'betslip.error.bonus_bet_type': 'This free bet cannot be used on this bet type.',
    'betslip.error.bonus_min_odds': 'The odds of this bet are below the free bet’s minimum odds.',
    'betslip.error.bonus_live': 'This free bet cannot be used on these selections (live or pre-match).',
    'betslip.error.bonus_sport': 'This free bet cannot be used on this sport.',
  },
  tr: {
    'route.promotions': 'Promosyonlar',
    'account.promotions': 'Promosyonlar',
    'promotions.title': 'Ödülleriniz',
    'promotions.empty': 'Şu anda ödülünüz yok.',
    'promotions.kind.free_bet': 'Bedava bahis',
    'promotions.kind.acca_insurance': 'Kombine sigortası',
    'promotions.kind.profit_boost': 'Kazanç artırımı',
    'promotions.kind.odds_boost': 'Oran artırımı',
    'promotions.kind.bonus': 'Bonus para',
    'promotions.kind.cashback': 'Cashback',
    'promotions.terms.bonus_wagering':
      'Oranı {{odds}} veya üzeri (kombinede toplam oran) spor tekli ve kombine bahislerinizle {{amount}} ({{times}} katı) yatırdığınızda bakiyenize aktarılır; bahisler sonuçlandığında sayılır.',
    'promotions.terms.bonus_split':
      'Bahisleriniz önce bakiyenizi, sonra bonus parayı kullanır; bahsin bonus kısmının kazancı aktarılana kadar bonus para olarak kalır. Böyle bir bahis için erken ödeme yapılamaz.',
    'promotions.terms.bonus_expiry':
      'Verildiği andan itibaren {{days}} gün geçerlidir; önce süresi dolarsa kalanı geri alınır.',
    'promotions.wagering': '{{required}} tutarın {{counted}} kadarı yatırıldı',
    'promotions.released': '{{amount}} bakiyenize aktarıldı',
    'promotions.terms.boost':
      'Her ayağı en az {{odds}} oranlı, {{legs}} veya daha fazla ayaklı kazanan bir bahis, kazancının %{{percent}} fazlasını alır ({{amount}} tutarına kadar).',
    'promotions.terms.boost_cash': 'Artırım bakiyenize ödenir; artırılmış bahis için erken ödeme yapılamaz.',
    'promotions.terms.odds_boost':
      'Tek bir seçenek, tekli bahislerde {{odds}} artırılmış oranla; toplam en çok {{amount}} bahis ({{left}} kaldı).',
    'promotions.terms.odds_boost_rules':
      'Artırılmış oran teklif sürdükçe geçerlidir; seçenek askıya alındığında veya sonuçlandığında geri çekilir. Artırılmış bahis için erken ödeme yapılamaz.',
    'promotions.terms.insurance':
      'Her ayağı en az {{odds}} oranlı, {{legs}} veya daha fazla ayaklı bir kombine tek bir ayakla kaybederse bahis tutarı {{amount}} tutarına kadar iade edilir.',
    'promotions.terms.insurance_cash':
      'İade bakiyenize ödenir; sigortalı kombine için erken ödeme yapılamaz.',
    'promotions.expires': 'Son kullanma: {{date}}',
    'promotions.status.available': 'Kullanılabilir',
    'promotions.status.reserved': 'Açık bir bahiste',
    'promotions.status.used': 'Kullanıldı',
    'promotions.status.expired': 'Süresi doldu',
    'promotions.status.cancelled': 'Geri alındı',
    'promotions.paid': '{{amount}} kazandı',
    'promotions.terms.title': 'Koşullar',
    'promotions.terms.stake': 'Tek bir bahsin tüm tutarı olarak {{amount}} kullanın.',
    'promotions.terms.min_odds': 'En düşük oran {{odds}} (kombinede toplam oran).',
    'promotions.terms.types.1': 'Yalnızca tekli bahisler; sistem bahsi olmaz.',
    'promotions.terms.types.2': 'Yalnızca kombine bahisler; sistem bahsi olmaz.',
    'promotions.terms.types.1,2': 'Tekli ve kombine bahisler; sistem bahsi olmaz.',
    'promotions.terms.live.any': 'Maç öncesi veya canlı.',
    'promotions.terms.live.prematch': 'Yalnızca maç öncesi seçimler.',
    'promotions.terms.live.live': 'Yalnızca canlı seçimler.',
    'promotions.terms.snr':
      'Kazanç, bahis tutarı hariç ödenir; kaybeden bedava bahis size bir şeye mal olmaz.',
    'promotions.terms.void':
      'Bahis iptal olursa bedava bahis süresi dolana kadar geri gelir. Erken ödeme yapılamaz.',
    'promotions.terms.expiry': 'Verildiği andan itibaren {{days}} gün geçerlidir.',
    'promotions.terms.cashback':
      'Dönemdeki sonuçlanmış spor bahislerindeki net kaybınızın %{{percent}} kadarı, en fazla {{amount}}, nakit olarak geri; dönem bittikten sonra {{days}} gün içinde talep edin.',
    'betslip.free_bet_available': '{{amount}} bedava bahis kullanılabilir',
    'betslip.free_bet_use': 'Bedava bahsi kullan',
    'betslip.free_bet_used': 'Bahis tutarınız {{amount}} bedava bahis',
    'betslip.free_bet_remove': 'Bakiyemle öde',
    'betslip.error.bonus_unavailable': 'Bu bedava bahis kullanılmış veya geri alınmış.',
    'betslip.error.bonus_expired': 'Bu bedava bahsin süresi doldu.',
    'betslip.error.bonus_amount': 'Bedava bahis, bahsin tüm tutarıdır: tutar ona eşit olmalı.',
    'betslip.error.bonus_bet_type': 'Bu bedava bahis bu bahis türünde kullanılamaz.',
    'betslip.error.bonus_min_odds': 'Bu bahsin oranı bedava bahsin en düşük oranının altında.',
    'betslip.error.bonus_live': 'Bu bedava bahis bu seçimlerde (canlı veya maç öncesi) kullanılamaz.',
    'betslip.error.bonus_sport': 'Bu bedava bahis bu sporda kullanılamaz.',
  },
};
