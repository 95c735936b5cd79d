import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { StartupTail } from '@sb/contract';
import { LOCALES, type Locale } from '@sb/contract/constants';
import type { Config } from '../config/config';
import { EncodedBody, preferredEncoding, sendEncoded, sendStream } from '../lib/encoded-body';
import { badRequest } from './errors';
import { renderIndexHtml, withInlineLogo, type StartupData } from './web-page';
import { isWebRoute } from './web-routes';
import { FIRST_VIEW_END_ID, loadServerEntry, pageRenderer, wantsServerRender } from './web-ssr';
import { inlinedSheet, partStyles } from './web-styles';
import { applyShellPolicy, contentSecurityPolicy, inlineScriptHashes } from './security-headers';

/** Paths the web app never owns: unknown ones there are JSON 404s, not the SPA. */
const API_PREFIXES = [
  '/api/',
  '/oauth/',
  '/docs',
  '/healthz',
  '/feed',
  '/ws',
  '/widgets/',
  '/ops/',
  '/backoffice',
  '/startup/',
];
/**
 * How long a rendered index.html (per host and locale) is reused. A brand's change empties them at once
 * (`onAppsChanged`); the TTL only bounds what a lost message could leave behind.
 */
const PAGE_TTL_MS = 30_000;
const MAX_CACHED_PAGES = 200;

/** The start-up data for a host and a locale (null: the path's locale is not given, use the app's default). */
export type StartupSource = (hostname: string, locale: Locale | null) => Promise<StartupData | null>;

export function webDistDir(config: Config): string | null {
  if (config.WEB_DIST_DIR)
    return existsSync(`${config.WEB_DIST_DIR}/index.html`) ? config.WEB_DIST_DIR : null;
  const candidates = ['../../web/dist', '../../../web/dist'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  return candidates.find((dir) => existsSync(`${dir}/index.html`)) ?? null;
}

/** The three base addresses of the spec's hosts, given to the web at run time (default: same origin). */
export function runtimeConfigValue(config: Config): Record<'core' | 'api' | 'bsapi', string | undefined> {
  return { core: config.PUBLIC_CORE_URL, api: config.PUBLIC_API_URL, bsapi: config.PUBLIC_BSAPI_URL };
}

export function runtimeConfigScript(config: Config): string {
  return `window.__SB_CONFIG__=${JSON.stringify(runtimeConfigValue(config))};`;
}

const HTML = 'text/html; charset=utf-8';

/** The app's page with status 404: no ETag or 304 (a cache revalidating it must see the 404 again). */
function sendNotFoundPage(request: FastifyRequest, reply: FastifyReply, page: EncodedBody) {
  const { encoding, body } = page.bytes(preferredEncoding(request));
  reply.code(404).header('vary', 'accept-encoding').header('cache-control', 'no-cache').type(HTML);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}

/** Starts the app's module script and its preloads once the page is parsed and has painted a frame. */
const START_AFTER_PAINT = `(function (scripts, preloads) {
  var started = false;
  function add(tag, props) { document.head.appendChild(Object.assign(document.createElement(tag), props)); }
  function start() {
    if (started) return;
    started = true;
    var boot = window.__SB_BOOT__;
    if (boot && boot.tail && window.fetch)
      window.__SB_BOOT_TAIL__ = fetch(boot.tail).then(function (r) { return r.ok ? r.json() : null; }, function () { return null; });
    preloads.forEach(function (href) { add('link', { rel: 'modulepreload', crossOrigin: '', href: href }); });
    scripts.forEach(function (src) { add('script', { type: 'module', crossOrigin: '', src: src }); });
  }
  function afterPaint() {
    if (document.visibilityState === 'hidden') return start();
    var P = window.PerformanceObserver;
    if (document.getElementById('${FIRST_VIEW_END_ID}') && P && (P.supportedEntryTypes || []).indexOf('paint') >= 0) {
      if (performance.getEntriesByName('first-contentful-paint').length) return setTimeout(start, 0);
      new P(function (list, observer) {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        setTimeout(start, 0);
      }).observe({ type: 'paint' });
      return setTimeout(start, 1000);
    }
    requestAnimationFrame(function () { setTimeout(start, 0); });
    setTimeout(start, 500);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint);
  else afterPaint();
})`;

/**
 * The start-up data's translations and markets for a host and locale (`StartupTail`), as the page's loader
 * fetches them beside the app's script (START_AFTER_PAINT). Inlined, they were ~60 KB of JSON in every page,
 * 13 KB of its ~30 KB brotli: on a phone's connection the page took one more round trip to arrive than its
 * markup alone, and its first paint waited for it (Lighthouse: LCP ~1.18× the same page without its scripts;
 * the scriptless page padded with as many incompressible bytes paints as late). The address carries the
 * content's hash, so the browser keeps the answer for good and a change is a new address.
 */
interface Tail {
  url: string;
  hash: string;
  body: EncodedBody;
}

export function startupTail(data: StartupData): Tail {
  const json = JSON.stringify({
    translations: data.translations,
    markets: data.markets,
  } satisfies StartupTail);
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 16);
  return { url: `/startup/${data.locale}-${hash}.json`, hash, body: new EncodedBody(json) };
}

/** `/startup/{locale}-{hash}.json`. */
const TAIL_FILE = /^([a-z]{2})-([0-9a-f]{16})\.json$/;

/**
 * The build's module script and module preloads, fetched once the page has painted instead of with it: a small
 * inline script at the end of the body adds them after the document is parsed and a frame has been drawn (at
 * once in a hidden tab, which draws none; at the latest half a second on). A server-rendered page waits for the
 * browser to report its first contentful paint (a frame drawn is not yet a frame shown: on a busy machine the
 * paint was reported after the script had arrived, and Lighthouse then counted the script in FCP and LCP,
 * +350 ms in two loads of ten), at the latest a second on; the plain shell may have nothing contentful to
 * paint before the app, so it keeps the frame. The server's first view is then on
 * screen before the app's ~100 KiB is even asked for: Lighthouse's simulation counted every script that had
 * arrived before the first paint as holding it back (FCP and LCP 2–2.6× the page without scripts), and on a
 * phone, evaluating and hydrating as soon as parsing ended could hold a finished page's paint back too. The
 * cost is one frame before the download starts. A page without them is returned as it was.
 */
export function scriptsAfterFirstPaint(html: string): string {
  const scripts: string[] = [];
  const preloads: string[] = [];
  const page = html
    .replace(/[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g, (_tag, src: string) => {
      scripts.push(src);
      return '';
    })
    .replace(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  if (scripts.length === 0 || !page.includes('</body>')) return html;
  // The build's own file names (no quote or `<` can be in them): markup the server holds, not a request's text.
  const call = `${START_AFTER_PAINT}(${JSON.stringify(scripts)}, ${JSON.stringify(preloads)});`;
  return page.replace('</body>', () => `<script>${call}</script></body>`);
}

/**
 * The first use of `Intl` in a page starts ICU (~20–40 ms of one task on this machine, whatever the call,
 * measured alone). The app pays it on its first date or number; paid by a one-line script in the head instead,
 * it falls before the first paint, while the browser lays out the server's markup, not in the first task after
 * it, where a tap would wait for it (and where Lighthouse counted it, ×4, as blocking time).
 */
export const WARM_INTL = 'try{Intl.DateTimeFormat().resolvedOptions()}catch(e){}';

export function warmIntlBeforePaint(html: string): string {
  return html.includes('</head>')
    ? html.replace('</head>', () => `<script>${WARM_INTL}</script></head>`)
    : html;
}

/**
 * The first screen's style sheets (a few KiB) go inside the page: linked, they would cost the first paint one
 * more round trip (a phone's RTT is over half a second). Sheets of lazy screens still load as files.
 */
export function inlineStyleSheets(html: string, dist: string): string {
  return html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g,
    (tag, file: string) => {
      const path = `${dist}/${file}`;
      if (!existsSync(path)) return tag;
      return inlinedSheet(file, readFileSync(path, 'utf8'));
    },
  );
}

/** A small SVG of the build (a brand logo under /brand/) as a data: URL; null for anything else. */
export function svgDataUrl(dist: string, url: string): string | null {
  if (!/^\/[\w/-]+\.svg$/.test(url) || url.includes('..')) return null;
  const path = `${dist}${url}`;
  if (!existsSync(path)) return null;
  const svg = readFileSync(path);
  return svg.length <= 8_192 ? `data:image/svg+xml;base64,${svg.toString('base64')}` : null;
}

/** Hashed build output: the name changes with the content, so a copy never goes stale. */
const isHashedAsset = (path: string) => /\/assets\/[^/]+-[\w-]{8,}\.\w+(\.(br|gz))?$/.test(path);

function localeOfPath(path: string): Locale | null {
  const first = path.split('/')[1];
  return (LOCALES as readonly string[]).includes(first ?? '') ? (first as Locale) : null;
}

/**
 * Serves the built web app. Assets go out precompressed (brotli or gzip made at build, chosen by
 * Accept-Encoding, `Vary: Accept-Encoding`), hashed ones cached for a year as immutable. Page paths get
 * index.html with the start-up data inlined, never cached; a path that is no screen of the route table is a 404
 * with the same page (the app shows its not-found screen). API paths keep their JSON 404.
 */
export async function registerWeb(
  app: FastifyInstance,
  config: Config,
  startup: StartupSource = async () => null,
  /** Registers what to do when a brand changed on any instance (its theme, logo, name are in the pages). */
  onAppsChanged: (forget: () => void) => void = () => {},
): Promise<void> {
  const runtimeConfig = runtimeConfigScript(config);
  // Still served for the Vite dev server, whose index.html loads it.
  app.get('/runtime-config.js', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('application/javascript').header('cache-control', 'no-cache');
    return runtimeConfig;
  });

  const dist = webDistDir(config);
  const template = dist
    ? warmIntlBeforePaint(
        scriptsAfterFirstPaint(inlineStyleSheets(readFileSync(`${dist}/index.html`, 'utf8'), dist)),
      )
    : null;
  if (dist) await registerStatic(app, config, dist);
  const keepTail = registerStartupTails(app, startup);
  const page = pageCache(config, startup, onAppsChanged, { template, runtimeConfig, dist, keepTail });

  // First views of home, sports lists, events and the casino lobby rendered here (the build's dist/.ssr entry);
  // without that entry, or when a render fails, the page is the plain shell the client renders.
  const entry = dist && config.SSR_RENDER_TIMEOUT_MS > 0 ? await loadServerEntry(dist, app.log) : null;
  const renderer = entry
    ? pageRenderer(
        app,
        entry,
        runtimeConfigValue(config),
        partStyles(dist!, entry),
        config.SSR_RENDER_TIMEOUT_MS,
      )
    : null;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' && !API_PREFIXES.some((p) => path.startsWith(p)) && !/\.\w+$/.test(path);
    if (wantsPage && template) {
      const { html, data, body, directives } = await page(request, path);
      applyShellPolicy(reply, directives);
      const rendered =
        renderer && data && wantsServerRender(request, path)
          ? await renderer.render(request, html, data)
          : null;
      // Rendered for this request: never stored (a cache revalidating it gets a fresh first view).
      if (rendered) {
        // What the render took, for the browser's and the operator's tools (no data in it).
        reply.header('server-timing', `ssr;dur=${rendered.ms.toFixed(1)};desc="${rendered.passes} passes"`);
        return sendStream(request, reply.header('cache-control', 'no-store'), rendered.stream, HTML);
      }
      if (isWebRoute(path)) return sendEncoded(request, reply, body, HTML);
      return sendNotFoundPage(request, reply, body);
    }
    return reply.code(404).send({ error: 'not_found', message: `${request.method} ${path} not found` });
  });
}

/** The build's files: precompressed, hashed ones cached for a year, source maps only when the operator allows. */
async function registerStatic(app: FastifyInstance, config: Config, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Source maps stay private unless the operator turns them on.
    allowedPath: (path) => config.SERVE_SOURCE_MAPS || !path.endsWith('.map'),
    setHeaders(res, path) {
      res.header('cache-control', isHashedAsset(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/** What a page is made from: the shell, the runtime config, the build folder and where its tail is kept. */
interface PageParts {
  template: string | null;
  runtimeConfig: string;
  dist: string | null;
  keepTail: (tail: Tail) => Tail;
}

/** The page of a request's host and path locale, made at most every PAGE_TTL_MS (emptied when a brand changes). */
function pageCache(
  config: Config,
  startup: StartupSource,
  onAppsChanged: (forget: () => void) => void,
  { template, runtimeConfig, dist, keepTail }: PageParts,
) {
  // Rendered pages per host and path locale, reused for PAGE_TTL_MS: the start-up data is read at most that often.
  // Each keeps its Content-Security-Policy: the page's inline start-up scripts are allowed by their hashes.
  const csp = contentSecurityPolicy(config);
  type Page = {
    html: string;
    data: StartupData | null;
    body: EncodedBody;
    directives: ReturnType<typeof csp.shell>;
  };
  const pages = new Map<string, { at: number; body: Promise<Page> }>();
  onAppsChanged(() => pages.clear());
  function page(request: FastifyRequest, path: string): Promise<Page> {
    const pathLocale = localeOfPath(path);
    const key = `${request.hostname}|${pathLocale ?? '-'}`;
    const now = performance.now(); // an age, not a date: the monotonic timer
    const hit = pages.get(key);
    if (hit && now - hit.at < PAGE_TTL_MS) return hit.body;
    const body = startup(request.hostname, pathLocale).then((found) => {
      const data = found && withInlineLogo(found, (url) => svgDataUrl(dist!, url));
      const tail = data && keepTail(startupTail(data));
      const html = renderIndexHtml(template!, runtimeConfig, data, tail?.url);
      return { html, data, body: new EncodedBody(html), directives: csp.shell(inlineScriptHashes(html)) };
    });
    // Host names come from requests: the map is bounded however many a client invents.
    if (pages.size >= MAX_CACHED_PAGES) pages.clear();
    pages.set(key, { at: now, body });
    body.catch(() => pages.delete(key));
    return body;
  }
  return page;
}

/** `/startup/{locale}-{hash}.json`: the pages' start-up tails; answers the keeper the pages store their tails with. */
function registerStartupTails(app: FastifyInstance, startup: StartupSource): (tail: Tail) => Tail {
  // The tails of the pages made lately, by hash (bounded like the pages). Another instance's page, or one made
  // before a restart, names a hash this one may not hold: it is made again from the host and locale.
  const tails = new Map<string, Tail>();
  function keepTail(tail: Tail): Tail {
    if (tails.size >= MAX_CACHED_PAGES) tails.clear();
    tails.set(tail.hash, tail);
    return tail;
  }
  app.get<{ Params: { file: string } }>(
    '/startup/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const [, locale, hash] = TAIL_FILE.exec(request.params.file) ?? [];
      if (!locale || !hash || !(LOCALES as readonly string[]).includes(locale))
        throw badRequest('file', 'file: expected {locale}-{16 hex digits}.json with a locale of the book');
      let tail = tails.get(hash);
      if (!tail) {
        const found = await startup(request.hostname, locale as Locale);
        if (!found) return reply.code(404).send({ error: 'not_found', message: 'no brand on this host' });
        tail = keepTail(startupTail(found));
      }
      // The content the address names is kept for good; a newer content (the hash moved on) is sent uncached.
      const forGood = tail.hash === hash;
      return sendEncoded(
        request,
        reply,
        tail.body,
        undefined,
        forGood ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  );
  return keepTail;
}
