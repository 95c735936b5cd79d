import { sideLine } from './handicap';

/** A translation lookup with {{param}} substitution (the web app's `t`, the server's `Translate`). */
export type OutcomeTranslate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The outcome as the player (and the desk) reads it, in the page's language. The server names outcomes in English
 * (`Over 2.5`, `Yes`, `1 by 2`); codes it uses for words are translated here, everything else (1, X, 2,
 * scores, player names) is shown as sent.
 */
export function outcomeLabel(outcome: string, name: string, special: string, t: OutcomeTranslate): string {
  const line = special || (/-?\d+(\.\d+)?$/.exec(name)?.[0] ?? '');
  switch (outcome) {
    case 'over':
    case 'under':
      return t(`outcome.${outcome}`, { line });
    case 'yes':
    case 'no':
    case 'odd':
    case 'even':
    case 'draw':
    case 'none':
    case 'equal':
    case '1st':
    case '2nd':
      return t(`outcome.${outcome}`);
  }
  const margin = /^([ha])(\d+\+?)$/.exec(outcome);
  if (margin) return t('outcome.by', { side: margin[1] === 'h' ? '1' : '2', margin: margin[2] });
  const other = /^other([1X2])$/.exec(outcome);
  if (other) return t('outcome.other', { side: other[1] });
  // Half time / full time: "Home/Draw", never "1/X" or "2/1", which read as fractional prices.
  const htft = /^([1X2])\/([1X2])$/.exec(outcome);
  if (htft) return t('outcome.htft', { ht: t(`outcome.side_${htft[1]}`), ft: t(`outcome.side_${htft[2]}`) });
  const combo = /^([1X2])&(over|under|yes|no)$/.exec(outcome);
  if (combo) return `${combo[1]} & ${t(`outcome.${combo[2]}_short`)}`;
  // Handicap sides come named with their own line ("1 (-0.5)", "2 (+0.5)") and are shown as sent. A side sent
  // bare gets its own side's line from the market's (home) line: never the home line on the away side.
  if (special && /^[1X2]$/.test(outcome) && !/\(.*\)$/.test(name))
    return `${name} (${sideLine(outcome, special)})`;
  return name;
}
