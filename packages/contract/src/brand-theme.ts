// A brand's full theme from the few colours an operator picks, and the WCAG contrast of its text: one home for the
// server (it stores the derived theme) and the desk (its preview and contrast warning draw the same theme). Imports
// nothing with side effects, so the desk can use it without zod in its bundle.
import type { Theme } from './tenancy';

export type ThemeScheme = 'light' | 'dark';

/** What an operator chooses; the rest of the theme follows from it (`brandTheme`). */
export interface ThemeChoice {
  primary: string;
  accent: string;
  scheme: ThemeScheme;
  /** The brand's own logo; none: one drawn from its name and colours (`drawnLogo`). */
  logoUrl?: string | undefined;
  /** The brand's name, written in the drawn logo. */
  name?: string | undefined;
}

/** A drawn logo is an SVG data address (the player app's CSP allows `data:` images). */
export const DRAWN_LOGO_PREFIX = 'data:image/svg+xml,';

const xmlText = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * The logo of a brand without one of its own: its initial on its accent, its name beside it in the scheme's text
 * colour, as the demo brands' logos are drawn (so a new brand is recognisable on its first page).
 */
export function drawnLogo(name: string, primary: string, accent: string, text: string): string {
  const initial = xmlText([...name.trim()][0]?.toLocaleUpperCase('tr') ?? '?');
  const width = 40 + Math.min(60, [...name].length) * 10;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="32" viewBox="0 0 ${width} 32">` +
    `<rect width="32" height="32" rx="8" fill="${accent}"/>` +
    `<text x="16" y="22" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="18" fill="${primary}">${initial}</text>` +
    `<text x="40" y="22" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="16" fill="${text}">${xmlText(name.trim())}</text></svg>`;
  return DRAWN_LOGO_PREFIX + encodeURIComponent(svg);
}

/** The neutral colours of each scheme: background, surface, text and muted text. */
const NEUTRALS: Record<ThemeScheme, Pick<Theme, 'background' | 'surface' | 'text' | 'textMuted'>> = {
  dark: { background: '#111418', surface: '#1c2128', text: '#f2f4f7', textMuted: '#a3adba' },
  light: { background: '#f4f5f7', surface: '#ffffff', text: '#1b1f24', textMuted: '#5c6775' },
};

/** WCAG 2 AA: normal text needs a contrast ratio of at least 4.5:1 against its background. */
export const WCAG_AA_TEXT_RATIO = 4.5;

/** WCAG 2 relative luminance of a `#rrggbb` colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = (parseInt(hex.slice(i, i + 2), 16) || 0) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** White or near-black, whichever reads better on a colour (a button's label on the brand's primary). */
export const readableOn = (hex: string) =>
  contrastRatio('#ffffff', hex) >= contrastRatio('#111111', hex) ? '#ffffff' : '#111111';

/** The full theme of a brand from its operator's choice. */
export function brandTheme(choice: ThemeChoice): Theme {
  const primary = choice.primary.toLowerCase();
  const accent = choice.accent.toLowerCase();
  const neutrals = NEUTRALS[choice.scheme];
  return {
    primary,
    primaryContrast: readableOn(primary),
    accent,
    ...neutrals,
    logoUrl: choice.logoUrl || drawnLogo(choice.name ?? '', primary, accent, neutrals.text),
  };
}

/** The pairs of a theme the player app draws text with: label on primary buttons, accent text, body text. */
export const THEME_TEXT_PAIRS = [
  { pair: 'buttonLabel', text: 'primaryContrast', on: 'primary' },
  { pair: 'accentOnBackground', text: 'accent', on: 'background' },
  { pair: 'accentOnSurface', text: 'accent', on: 'surface' },
  { pair: 'textOnBackground', text: 'text', on: 'background' },
] as const;
export type ThemeTextPair = (typeof THEME_TEXT_PAIRS)[number]['pair'];

/** The text pairs of a theme below WCAG AA (4.5:1), with their ratio; empty when every one passes. */
export function contrastProblems(theme: Theme): { pair: ThemeTextPair; ratio: number }[] {
  return THEME_TEXT_PAIRS.map((p) => ({
    pair: p.pair,
    ratio: contrastRatio(theme[p.text], theme[p.on]),
  })).filter((p) => p.ratio < WCAG_AA_TEXT_RATIO);
}
