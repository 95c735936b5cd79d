import type { AreaTranslations } from './types';

/**
 * What a client does with promotions (issue 36): claim a cashback campaign, join an opt-in campaign, take an acca
 * insurance or a profit boost in the slip; the buttons, their windows and the server's refusals.
 */
export const promotionActionsWeb: AreaTranslations = {
  en: {
    'promotions.cashback.claim': 'Claim',
    'promotions.cashback.claimable_from': 'You can claim it from {{date}}',
    'promotions.cashback.claim_until': 'Claim it by {{date}}',
    'promotions.cashback.paid': 'Paid {{amount}}',
    'promotions.cashback.error.cashback_period_open':
      'The period is not over yet: you can claim it once it ends.',
    'promotions.cashback.error.cashback_expired': 'The time to claim this cashback is over.',
    'promotions.cashback.error.cashback_nothing_due':
      'There is nothing to pay back: no net loss in the period.',
    'promotions.cashback.error.campaign_status': 'This offer is paused; try again later.',
    'promotions.cashback.error.generic': 'The cashback could not be claimed. Please try again.',
    'promotions.status.offered': 'Open to join',
    'promotions.opt_in.join': 'Join',
    'promotions.opt_in.join_by': 'Join by {{date}}',
    'promotions.opt_in.error.campaign_status': 'This offer is paused or over: it cannot be joined now.',
    'promotions.opt_in.error.campaign_closed': 'This offer is not running now.',
    'promotions.opt_in.error.bonus_running': 'You already have bonus money running: one bonus at a time.',
    'promotions.opt_in.error.not_found': 'This offer is no longer open to you.',
    'promotions.opt_in.error.generic': 'You could not join this offer. Please try again.',
    'betslip.insurance_offer': 'Acca insurance: your stake back, up to {{amount}}, if one leg loses',
    'betslip.profit_boost_offer': 'Profit boost: {{percent}}% more winnings, up to {{amount}}',
    'betslip.cash_reward_on': 'On this bet — {{text}}',
    'betslip.cash_reward_use': 'Use it',
    'betslip.cash_reward_remove': 'Remove',
    'betslip.error.reward_unavailable': 'This reward has been used or withdrawn.',
    'betslip.error.reward_expired': 'This reward has expired.',
    'betslip.error.reward_bet_type': 'This reward cannot be used on this bet type.',
    'betslip.error.reward_min_legs': 'This bet has too few selections for the reward.',
    'betslip.error.reward_min_odds': 'A selection is below the reward’s minimum odds.',
    'betslip.error.reward_live': 'This reward cannot be used on these selections (live or pre-match).',
    'betslip.error.reward_sport': 'This reward cannot be used on this sport.',
  },
  tr: {
    'promotions.cashback.claim': 'Talep et',
    'promotions.cashback.claimable_from': '{{date}} tarihinden itibaren talep edebilirsiniz',
    'promotions.cashback.claim_until': 'Son talep: {{date}}',
    'promotions.cashback.paid': '{{amount}} ödendi',
    'promotions.cashback.error.cashback_period_open': 'Dönem henüz bitmedi: bittiğinde talep edebilirsiniz.',
    'promotions.cashback.error.cashback_expired': 'Bu cashback için talep süresi doldu.',
    'promotions.cashback.error.cashback_nothing_due':
      'Geri ödenecek bir tutar yok: dönemde net kaybınız yok.',
    'promotions.cashback.error.campaign_status': 'Bu teklif durduruldu; daha sonra tekrar deneyin.',
    'promotions.cashback.error.generic': 'Cashback talep edilemedi. Lütfen tekrar deneyin.',
    'promotions.status.offered': 'Katılıma açık',
    'promotions.opt_in.join': 'Katıl',
    'promotions.opt_in.join_by': 'Son katılım: {{date}}',
    'promotions.opt_in.error.campaign_status':
      'Bu teklif durduruldu ya da sona erdi: şu anda katılamazsınız.',
    'promotions.opt_in.error.campaign_closed': 'Bu teklif şu anda geçerli değil.',
    'promotions.opt_in.error.bonus_running': 'Zaten devam eden bir bonus paranız var: aynı anda tek bonus.',
    'promotions.opt_in.error.not_found': 'Bu teklif artık size açık değil.',
    'promotions.opt_in.error.generic': 'Bu teklife katılamadınız. Lütfen tekrar deneyin.',
    'betslip.insurance_offer':
      'Kombine sigortası: bir ayak kaybederse yatırımınız {{amount}} tutarına kadar iade',
    'betslip.profit_boost_offer': 'Kazanç artırımı: kazancınıza %{{percent}} ek, en çok {{amount}}',
    'betslip.cash_reward_on': 'Bu bahiste — {{text}}',
    'betslip.cash_reward_use': 'Kullan',
    'betslip.cash_reward_remove': 'Kaldır',
    'betslip.error.reward_unavailable': 'Bu ödül kullanıldı ya da geri alındı.',
    'betslip.error.reward_expired': 'Bu ödülün süresi doldu.',
    'betslip.error.reward_bet_type': 'Bu ödül bu bahis türünde kullanılamaz.',
    'betslip.error.reward_min_legs': 'Bu bahiste ödül için yeterli seçim yok.',
    'betslip.error.reward_min_odds': 'Bir seçim ödülün en düşük oranının altında.',
    'betslip.error.reward_live': 'Bu ödül bu seçimlerde kullanılamaz (canlı ya da maç öncesi).',
    'betslip.error.reward_sport': 'Bu ödül bu sporda kullanılamaz.',
  },
};
