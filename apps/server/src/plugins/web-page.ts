import type { InlineStartupData, StartupData } from '@sb/contract';
import { THEME_CSS_VARIABLES, themeColorScheme } from '@sb/contract/constants';
import { html, scriptJson, trustedHtml } from '../lib/html';

export type { StartupData } from '@sb/contract';

const BOOT_BAR_CSS = trustedHtml(
  '.boot-bar{display:flex;align-items:center;min-height:56px;padding:env(safe-area-inset-top) 8px 0;background:var(--color-surface)}.boot-bar img{display:block;height:30px;width:auto}',
);

const RUNTIME_CONFIG_TAG = /<script src="\/runtime-config\.js"><\/script>/;

/**
 * The start-up data with the brand's logo inlined when it is a small SVG of the build (a data: URL): the
 * header, server-rendered and hydrated alike, paints it with the page instead of after a request. The logo is
 * a page's largest early image, so its request decided when the page's largest paint came.
 */
export function withInlineLogo(data: StartupData, inlineAsset: (url: string) => string | null): StartupData {
  const logo = inlineAsset(data.app.theme.logoUrl);
  return logo ? { ...data, app: { ...data.app, theme: { ...data.app.theme, logoUrl: logo } } } : data;
}

/** The start-up data as the page carries it: without translations and markets when they have an address. */
function inlineData(data: StartupData, tailUrl: string | undefined): StartupData | InlineStartupData {
  if (!tailUrl) return data;
  const { translations: _translations, markets: _markets, ...inline } = data;
  return { ...inline, tail: tailUrl };
}

/**
 * index.html for one visitor's host and locale: the brand's title, language and colours in the markup (the
 * first paint is already the brand's), the runtime config and the start-up data as inline scripts. Theme
 * values are validated colours (`appSchema`); every text goes through the escaping template. Replacements are
 * functions, so a `$&` in a brand's name is text, not a replacement pattern.
 */
export function renderIndexHtml(
  template: string,
  runtimeConfig: string,
  /** With the logo already inlined where it can be (`withInlineLogo`). */
  data: StartupData | null,
  /** Where the page's loader fetches the translations and markets (`StartupTail`); none: they are inlined. */
  tailUrl?: string,
): string {
  let page = template.replace(RUNTIME_CONFIG_TAG, () => `<script>${runtimeConfig}</script>`);
  if (!data) return page;
  const { app, locale } = data;
  const t = app.theme;
  const declarations = [
    ...Object.entries(THEME_CSS_VARIABLES).map(([name, key]) => html`${name}:${t[key]};`),
    html`color-scheme:${themeColorScheme(t.background)};`,
  ];
  const style = html`<style>:root{${declarations}}${BOOT_BAR_CSS}</style>`;
  page = page
    .replace(/<html lang="[^"]*">/, () => html`<html lang="${locale}">`.text)
    .replace(/<title>[^<]*<\/title>/, () => html`<title>${app.metaTitle || app.name}</title>`.text)
    .replace(
      /<meta name="theme-color" content="[^"]*" \/>/,
      () => html`<meta name="theme-color" content="${t.background}" />`.text,
    );
  // Painted before the script arrives (React replaces it on its first render): the brand bar, where the
  // header's will be, so the first paint is the brand's and nothing moves when the app takes over.
  const bar = html`<div class="boot-bar"><img src="${t.logoUrl}" alt="${app.name}" height="30"></div>`;
  // The header's logo file is fetched alongside the script, so it is there when the app draws the header
  // (nothing to fetch when it is inlined already: withInlineLogo).
  const preload = t.logoUrl.startsWith('data:')
    ? ''
    : html`<link rel="preload" as="image" href="${t.logoUrl}">`;
  const boot = trustedHtml(`<script>window.__SB_BOOT__=${scriptJson(inlineData(data, tailUrl))};</script>`);
  return page
    .replace('<div id="root"></div>', () => html`<div id="root">${bar}</div>`.text)
    .replace('</head>', () => html`${preload}${style}${boot}</head>`.text);
}
