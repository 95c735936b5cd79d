import type { Lang } from '../../i18n';

/** The approvals queue's texts (issue 35 §2), English and Turkish. */
const en = {
  tab: 'Approvals',
  title: 'Adjustments waiting for approval',
  hint: 'Manual adjustments above their brand’s amount wait here until a second operator approves or rejects them. The one who asked may reject, not approve.',
  loading: 'Loading the adjustments…',
  empty: 'No adjustment is waiting for approval.',
  asked: 'Asked',
  client: 'Client',
  brand: 'Brand',
  amount: 'Amount',
  reason: 'Reason',
  askedBy: 'Asked by',
  you: (name: string) => `${name} (you)`,
  yours: 'You asked for it: a second operator approves it.',
  approve: 'Approve',
  reject: 'Reject',
  approved: (client: string) => `Approved: the money is on ${client}’s balance.`,
  rejected: (client: string) => `Rejected: nothing moved on ${client}’s balance.`,
  retry: 'Try again',
};

const tr: typeof en = {
  tab: 'Düzeltme onayları',
  title: 'Onay bekleyen düzeltmeler',
  hint: 'Markasının tutarını aşan elle düzeltmeler, ikinci bir operatör onaylayana ya da reddedene kadar burada bekler. İsteyen operatör reddedebilir, onaylayamaz.',
  loading: 'Düzeltmeler yükleniyor…',
  empty: 'Onay bekleyen düzeltme yok.',
  asked: 'İstenme',
  client: 'Müşteri',
  brand: 'Marka',
  amount: 'Tutar',
  reason: 'Neden',
  askedBy: 'İsteyen',
  you: (name: string) => `${name} (siz)`,
  yours: 'Bunu siz istediniz: ikinci bir operatör onaylar.',
  approve: 'Onayla',
  reject: 'Reddet',
  approved: (client: string) => `Onaylandı: tutar müşterinin (${client}) bakiyesinde.`,
  rejected: (client: string) => `Reddedildi: müşterinin (${client}) bakiyesine hiçbir tutar işlenmedi.`,
  retry: 'Yeniden dene',
};

export const ADJUSTMENT_TEXTS: Record<Lang, typeof en> = { en, tr };
export type AdjustmentTexts = typeof en;
