import type { AreaTranslations } from './types';

/** The promotions page's claim of a cashback campaign (issue 36): the button, its window and its refusals. */
export const cashbackClaimWeb: AreaTranslations = {
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
  },
};
