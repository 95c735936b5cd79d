import type { Theme } from '@sb/contract';
import { THEME_CSS_VARIABLES, themeColorScheme } from '@sb/contract/constants';

/** The app's brand colours become CSS variables every component reads. */
export function applyTheme(theme: Theme): void {
  // The server writes the brand's colours into the page (web-page.ts): setting the same values again on the
  // root restyled every element of a server-rendered page once it had hydrated (~25 ms on a phone-class CPU).
  const current = getComputedStyle(document.documentElement);
  const root = document.documentElement.style;
  for (const [name, key] of Object.entries(THEME_CSS_VARIABLES))
    if (current.getPropertyValue(name).trim() !== theme[key]) root.setProperty(name, theme[key]);
  const scheme = themeColorScheme(theme.background);
  if (current.colorScheme !== scheme) root.colorScheme = scheme;
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta && meta.getAttribute('content') !== theme.background)
    meta.setAttribute('content', theme.background);
}
