// A market's and a selection's names in both desk languages, as the player app names them: shared by the desk's
// views (events, liability, ticker, results) and the repository that names a target of an operator command.
import { outcomeLabel } from '@sb/betting';
import { TRANSLATIONS } from '../content/index';

export type Names = { en: string; tr: string };
export type Lang = keyof Names;

/** The server's translation table as the shared naming code's `t` ({{param}} substitution). */
const translateIn =
  (lang: Lang) =>
  (key: string, options?: Record<string, unknown>): string =>
    (TRANSLATIONS[lang][key] ?? key).replace(/\{\{(\w+)\}\}/g, (m, name: string) =>
      options && Object.hasOwn(options, name) ? String(options[name] ?? '') : m,
    );
const T = { en: translateIn('en'), tr: translateIn('tr') };

/** A selection's name in both languages, by the player app's own naming code (`outcomeLabel`). */
export function selectionNames(outcome: string, name: string, line: string): Names {
  return { en: outcomeLabel(outcome, name, line, T.en), tr: outcomeLabel(outcome, name, line, T.tr) };
}

/** A market's name in both languages: the market type's name (as the player app shows it) and its line. */
export function marketNames(marketName: (t: number, lang: Lang) => string, t: number, line: string): Names {
  const withLine = (n: string) => (line ? `${n} (${line})` : n);
  return { en: withLine(marketName(t, 'en')), tr: withLine(marketName(t, 'tr')) };
}
