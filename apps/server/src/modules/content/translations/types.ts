/** One area's texts: identical key sets in every locale (a unit test enforces it). */
export interface AreaTranslations {
  en: Record<string, string>;
  tr: Record<string, string>;
}

/** The responsible-gambling notice is shown in German in every locale (spec §2, footer). */
export const RESPONSIBLE_GAMBLING_DE =
  'Glücksspiel ist erst ab 18 Jahren erlaubt. Glücksspiel kann süchtig machen. Spielen Sie verantwortungsbewusst. Hilfe und Informationen erhalten Sie unter www.check-dein-spiel.de oder telefonisch unter 0800 1 37 27 00.';
