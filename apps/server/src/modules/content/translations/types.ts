/** One area's texts: identical key sets in every locale (a unit test enforces it). */
export interface AreaTranslations {
  en: Record<string, string>;
  tr: Record<string, string>;
}

/**
 * The responsible-gambling notice of the footer (spec §2 gives it in German), in the page's language: the same
 * notice, its help line and address kept, so an English or Turkish page does not carry a German paragraph. A
 * German page (a `de` locale) shows the spec's text as it is.
 */
export const RESPONSIBLE_GAMBLING = {
  de: 'Glücksspiel ist erst ab 18 Jahren erlaubt. Glücksspiel kann süchtig machen. Spielen Sie verantwortungsbewusst. Hilfe und Informationen erhalten Sie unter www.check-dein-spiel.de oder telefonisch unter 0800 1 37 27 00.',
  en: 'Gambling is only allowed from the age of 18. Gambling can be addictive. Please play responsibly. Help and information at www.check-dein-spiel.de or by phone on 0800 1 37 27 00.',
  tr: 'Şans oyunları yalnızca 18 yaşından itibaren oynanabilir. Şans oyunları bağımlılık yapabilir. Lütfen sorumlu oynayın. Yardım ve bilgi için www.check-dein-spiel.de adresini ziyaret edin veya 0800 1 37 27 00 numarasını arayın.',
} as const;
