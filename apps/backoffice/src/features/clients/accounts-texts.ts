import type { Lang } from '../../i18n';

/** The desk's texts of a new client and a password reset (issue 35 §2), English and Turkish. */
const en = {
  newClient: 'New client',
  newClientTitle: 'New client',
  newClientHint:
    'The client chooses their own password through a one-time link: copy it and send it to them. No password is ever set or shown here.',
  username: 'Username',
  email: 'E-mail (optional)',
  firstName: 'First name (optional)',
  lastName: 'Last name (optional)',
  brand: 'Brand',
  currency: 'Currency',
  brandCurrency: 'The brand’s',
  create: 'Create client',
  cancel: 'Close',
  created: (username: string) => `Client ${username} is created.`,
  linkTitle: 'One-time link to set the password',
  linkOnce: (until: string) =>
    `Shown only now: copy it and send it to the client. It works once, until ${until}; a newer link replaces it.`,
  copy: 'Copy link',
  copied: 'Copied',
  copyFailed: 'Copy by hand: the link is selected.',
  openClient: 'Open the client',
  resetTitle: 'Password',
  resetHint:
    'A reset ends the client’s sessions and their old password, and gives a one-time link (valid one hour) to set a new one. Nobody ever sees the password.',
  reset: 'Reset password',
  resetDone: 'The client’s sessions ended; send them the link below.',
  reason: 'Reason (for the audit log)',
  errors: {
    username: 'Username: 3–32 letters, digits, dot, dash or underscore.',
    username_taken: 'This username is taken in this brand.',
    email: 'This is not an e-mail address.',
    firstName: 'At most 100 characters.',
    lastName: 'At most 100 characters.',
    brandId: 'Choose the client’s brand.',
    currency: 'Clients cannot hold this currency.',
    resellerId: 'No such reseller in this brand.',
    reason: 'Say why in three characters or more.',
  } as Record<string, string>,
};

const tr: typeof en = {
  newClient: 'Yeni müşteri',
  newClientTitle: 'Yeni müşteri',
  newClientHint:
    'Müşteri şifresini tek kullanımlık bir bağlantıyla kendisi belirler: bağlantıyı kopyalayıp müşteriye gönderin. Burada hiçbir zaman şifre belirlenmez ya da gösterilmez.',
  username: 'Kullanıcı adı',
  email: 'E-posta (isteğe bağlı)',
  firstName: 'Ad (isteğe bağlı)',
  lastName: 'Soyad (isteğe bağlı)',
  brand: 'Marka',
  currency: 'Para birimi',
  brandCurrency: 'Markanınki',
  create: 'Müşteriyi oluştur',
  cancel: 'Kapat',
  created: (username) => `${username} müşterisi oluşturuldu.`,
  linkTitle: 'Şifre belirleme için tek kullanımlık bağlantı',
  linkOnce: (until) =>
    `Yalnızca şimdi gösterilir: kopyalayıp müşteriye gönderin. Bir kez ve ${until} tarihine kadar geçerlidir; yeni bir bağlantı bunu geçersiz kılar.`,
  copy: 'Bağlantıyı kopyala',
  copied: 'Kopyalandı',
  copyFailed: 'Elle kopyalayın: bağlantı seçili.',
  openClient: 'Müşteriyi aç',
  resetTitle: 'Şifre',
  resetHint:
    'Sıfırlama müşterinin oturumlarını ve eski şifresini geçersiz kılar; yeni şifre için tek kullanımlık bir bağlantı (bir saat geçerli) verir. Şifreyi hiç kimse görmez.',
  reset: 'Şifreyi sıfırla',
  resetDone: 'Müşterinin oturumları kapatıldı; aşağıdaki bağlantıyı müşteriye gönderin.',
  reason: 'Neden (denetim kaydı için)',
  errors: {
    username: 'Kullanıcı adı: 3–32 harf, rakam, nokta, tire ya da alt çizgi.',
    username_taken: 'Bu kullanıcı adı bu markada alınmış.',
    email: 'Bu bir e-posta adresi değil.',
    firstName: 'En fazla 100 karakter.',
    lastName: 'En fazla 100 karakter.',
    brandId: 'Müşterinin markasını seçin.',
    currency: 'Müşteriler bu para birimini tutamaz.',
    resellerId: 'Bu markada böyle bir bayi yok.',
    reason: 'Nedenini en az üç karakterle yazın.',
  },
};

export const ACCOUNT_TEXTS: Record<Lang, typeof en> = { en, tr };
export type AccountTexts = typeof en;
