import { existsSync, readFileSync } from 'node:fs';
import { trustedHtml } from '../lib/html';

type Manifest = Record<string, { css?: string[]; imports?: string[] }>;

/**
 * A style sheet of the build inlined in a page: its rules in a `<style>`, and beside it a `<link
 * rel="stylesheet">` to the same file with a type no browser styles, which is therefore never fetched (a
 * `disabled` one still was) but tells the build's lazy loader (Vite's preload helper looks for a stylesheet link
 * of that href) that the sheet is in the page. Without it each lazy part hydrating added its sheet again: eight
 * requests on home, and each sheet arriving restyled the whole page (a 70 ms task on a phone-class CPU).
 */
export function inlinedSheet(file: string, css: string): string {
  return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" type="text/x-inlined" href="/${file}">`;
}

/** The client build's manifest (the chunk graph), or null when the build has none. */
function readManifest(dist: string): Manifest | null {
  const file = `${dist}/.vite/manifest.json`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
}

/** The sheets of the given source modules and everything they import statically, depth first. */
function sheetsOf(manifest: Manifest, modules: string[]): string[] {
  const seen = new Set<string>();
  const sheets = new Set<string>();
  const stack = [...modules];
  while (stack.length > 0) {
    const key = stack.pop()!;
    // index.html's own sheets are inlined already (web.ts inlineStyleSheets).
    if (seen.has(key) || key === 'index.html' || !manifest[key]) continue;
    seen.add(key);
    manifest[key].css?.forEach((css) => sheets.add(css));
    stack.push(...(manifest[key].imports ?? []));
  }
  return [...sheets];
}

/**
 * The style sheets of the given source modules and everything they import statically, per the client build's
 * manifest, as `<style>` elements: a server-rendered screen paints styled before its script chunk (which
 * would link them) arrives. Empty when the manifest is missing.
 */
export function screenStyles(dist: string, modules: string[]): string {
  const manifest = readManifest(dist);
  if (!manifest) return '';
  // The build's own sheets: markup the server holds, not text from a request.
  return trustedHtml(
    sheetsOf(manifest, modules)
      .map((path) => inlinedSheet(path, readFileSync(`${dist}/${path}`, 'utf8')))
      .join(''),
  ).text;
}

/** The lazy parts the server draws, by id, and the screens it renders (what the build's server entry exports). */
export interface RenderedParts {
  SERVER_RENDERED_MODULES: string[];
  SERVER_RENDERED_PARTS?: Record<string, string>;
}

/** Pages' style sheets kept per set of parts (a few screens: home, lists, an event, the lobby, the slip). */
const MAX_KEPT_STYLES = 64;

/**
 * The style sheets a page needs for the lazy parts it drew (their ids): only the drawn screen's, ~9–13 KB of
 * CSS instead of the ~43 KB of every screen the server renders, so a page's markup and sheets fit the first
 * round trips of a phone's connection. The other screens' sheets load with their code when the player goes
 * there (Vite's loader waits for a chunk's sheets before the screen renders: no unstyled frame). A part the
 * entry does not name (an older entry, a new part) gets every rendered screen's sheets, as before.
 */
export function partStyles(
  dist: string,
  entry: RenderedParts,
): (parts: readonly string[] | undefined) => string {
  const all = screenStyles(dist, entry.SERVER_RENDERED_MODULES);
  const byPart = entry.SERVER_RENDERED_PARTS;
  const kept = new Map<string, string>();
  return (parts) => {
    if (!byPart || !parts || parts.length === 0 || parts.some((id) => !Object.hasOwn(byPart, id))) return all;
    const key = [...parts].sort().join(' ');
    let styles = kept.get(key);
    if (styles === undefined) {
      styles = screenStyles(
        dist,
        parts.map((id) => byPart[id]!),
      );
      if (kept.size >= MAX_KEPT_STYLES) kept.clear();
      kept.set(key, styles);
    }
    return styles;
  };
}
