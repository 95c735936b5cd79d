import type { Theme } from '@sb/contract';

/** The app's brand colours become CSS variables every component reads. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement.style;
  root.setProperty('--color-primary', theme.primary);
  root.setProperty('--color-primary-contrast', theme.primaryContrast);
  root.setProperty('--color-accent', theme.accent);
  root.setProperty('--color-bg', theme.background);
  root.setProperty('--color-surface', theme.surface);
  root.setProperty('--color-text', theme.text);
  root.setProperty('--color-text-muted', theme.textMuted);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.background);
}
