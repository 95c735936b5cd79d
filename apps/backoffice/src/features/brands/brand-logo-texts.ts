import type { Lang } from '../../i18n';

/** The brand logo picker's texts (issue 35 §1), English and Turkish. */
const en = {
  logo: 'Logo',
  current: 'Current logo',
  chosen: 'Chosen file',
  hint: 'PNG, JPEG or WebP, at most 100 KB; drawn 30 px high in the header (a wide picture about 240×60 reads best).',
  kinds: {
    uploaded: 'Uploaded logo.',
    drawn: 'Drawn from the name and colours (no logo uploaded).',
    address: 'Logo from an address.',
  },
  upload: 'Upload logo',
  remove: 'Use the drawn logo',
  uploaded: 'Logo uploaded: players see it at once.',
  removed: 'Logo removed: the logo drawn from the name and colours is shown again.',
  createFirst: 'Create the brand first, then upload its logo here.',
  badType: 'Only PNG, JPEG or WebP pictures can be a logo.',
  tooLarge: 'The picture is larger than 100 KB: make it smaller and try again.',
  badFile: 'The file is not a PNG, JPEG or WebP picture it says it is: choose another file.',
  noFile: 'Choose a picture first.',
};
export type BrandLogoTexts = typeof en;

const tr: BrandLogoTexts = {
  logo: 'Logo',
  current: 'Mevcut logo',
  chosen: 'Seçilen dosya',
  hint: 'PNG, JPEG veya WebP, en çok 100 KB; başlıkta 30 px yüksekliğinde çizilir (yaklaşık 240×60 geniş bir resim en iyi okunur).',
  kinds: {
    uploaded: 'Yüklenen logo.',
    drawn: 'Ad ve renklerden çizildi (yüklenmiş logo yok).',
    address: 'Bir adresten gelen logo.',
  },
  upload: 'Logoyu yükle',
  remove: 'Çizilen logoyu kullan',
  uploaded: 'Logo yüklendi: oyuncular hemen görür.',
  removed: 'Logo kaldırıldı: ad ve renklerden çizilen logo yeniden gösteriliyor.',
  createFirst: 'Önce markayı oluşturun, sonra logosunu buradan yükleyin.',
  badType: 'Logo yalnızca PNG, JPEG veya WebP resim olabilir.',
  tooLarge: 'Resim 100 KB’tan büyük: küçültüp yeniden deneyin.',
  badFile: 'Dosya, söylediği PNG, JPEG veya WebP resim değil: başka bir dosya seçin.',
  noFile: 'Önce bir resim seçin.',
};

export const BRAND_LOGO_TEXTS: Record<Lang, BrandLogoTexts> = { en, tr };
