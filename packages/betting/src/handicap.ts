/**
 * Handicap lines as the player reads them. On the wire a handicap market carries one specifier, the home side's
 * line (`-0.5`: home starts half a goal behind); each outcome stands on its own side's line: the home side `1`
 * and the draw `X` of a three-way (European) handicap on the home line, the away side `2` on its negation. So
 * "1 (-0.5) / 2 (+0.5)", never "2 (-0.5)". Lines stay strings: they are never computed with, only mirrored.
 */

/** A handicap line as written everywhere: `+0.5`, `-1.25`, `0`. */
export const formatLine = (line: number): string => (line > 0 ? `+${line}` : line === 0 ? '0' : String(line));

/** The other side's line: `-0.5` ↔ `+0.5`, `0` stays `0` (an unsigned line reads as positive). */
export function mirrorLine(line: string): string {
  const text = line.trim();
  if (/^[+-]?0*(\.0*)?$/.test(text)) return '0';
  if (text.startsWith('-')) return `+${text.slice(1)}`;
  return `-${text.replace(/^\+/, '')}`;
}

/** The line outcome `code` of a handicap market stands on, from the market's specifier (the home line). */
export const sideLine = (code: string, homeLine: string): string =>
  code === '2' ? mirrorLine(homeLine) : homeLine.trim();

/** A handicap outcome's name with its own side's line: `2 (+0.5)`. */
export const handicapOutcomeName = (code: string, name: string, homeLine: string): string =>
  `${name} (${sideLine(code, homeLine)})`;

/** Whether a selection's name already carries its own line (`2 (+0.5)`, `1 (0)`). */
export const namesOwnLine = (selection: string): boolean => /\([+-]?\d+(\.\d+)?\)$/.test(selection.trim());

/**
 * The market as a pick's caption shows it: with its specifier (`Total Goals (2.5)`), unless the selection names
 * its own line (a handicap side): then the shared line would contradict the away side's, so it is left out.
 */
export const marketCaption = (market: string, special: string, selection: string): string =>
  special && !namesOwnLine(selection) ? `${market} (${special})` : market;
