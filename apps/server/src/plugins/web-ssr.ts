import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerRenderRequest } from '@sb/contract';
import { LOCALES, SIGNED_IN_COOKIE, SLIP_COOKIE, TIME_ZONE_COOKIE } from '@sb/contract/constants';
import { html, scriptJson, trustedHtml } from '../lib/html';
import type { StartupData } from './web-page';
import type { RenderedParts } from './web-styles';

/** What the web build's server entry (`apps/web/src/entry-server.tsx`, built into `dist/.ssr`) exports. */
interface ServerEntry extends RenderedParts {
  SSR_STATE_ELEMENT_ID: string;
  renderPage(
    request: ServerRenderRequest<typeof fetch>,
  ): Promise<{ html: Readable; state: unknown; passes?: number; parts?: string[] }>;
}

/** Renders run one at a time; past this many waiting, pages go out as the plain shell (the client renders). */
export const SSR_MAX_WAITING = 6;

/**
 * The first views the server renders: home, the sports lists (all, live, the time periods, highlighted), event
 * pages (`sports/…/event/:id`, `live/:sport/:id`), the casino lobby and the bet slip (an empty one: see
 * `wantsServerRender`). Other screens need the device's state (the login) or are not first screens: they get the
 * plain shell.
 */
const SERVER_RENDERED =
  /^\/(?:sports(?:\/[^/]+)*|live(?:\/[^/]+){0,2}|(?:today|3hours|48hours|highlighted)(?:\/[^/]+)?|casino|betslip)?\/?$/;

/** The bet slip's path under a locale. */
const SLIP_PATH = /^\/[^/]+\/betslip\/?$/;

export function isServerRenderedPath(path: string): boolean {
  const first = path.split('/')[1] ?? '';
  if (!(LOCALES as readonly string[]).includes(first)) return false;
  return SERVER_RENDERED.test(path.slice(first.length + 1) || '/');
}

/** A cookie's value on the request (the web app's hints: lib/device-hints.ts), or undefined. */
export function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Whether to render this page's first view: a path the server renders, for a visitor. A device that holds a login
 * says so in a cookie and gets the plain shell: the server renders only a visitor's view (it never sees the
 * tokens), which would show the visitor's header and demo chips until hydration replaced them. Likewise a device
 * whose slip holds selections gets the bet slip page as the plain shell: the server can draw only an empty slip.
 */
export function wantsServerRender(request: FastifyRequest, path: string): boolean {
  if (!isServerRenderedPath(path) || cookieValue(request, SIGNED_IN_COOKIE) === '1') return false;
  return !SLIP_PATH.test(path) || cookieValue(request, SLIP_COOKIE) !== '1';
}

/** The server entry of the web build in `dist`, or null (an older build, or one that fails to load). */
export async function loadServerEntry(dist: string, log: FastifyBaseLogger): Promise<ServerEntry | null> {
  const file = `${dist}/.ssr/entry-server.js`;
  if (!existsSync(file)) return null;
  try {
    const entry = (await import(pathToFileURL(file).href)) as Partial<ServerEntry>;
    return typeof entry.renderPage === 'function' ? (entry as ServerEntry) : null;
  } catch (error) {
    log.warn({ err: error }, 'web server entry failed to load: pages are served as the plain shell');
    return null;
  }
}

/** `fetch` answered by this server through `inject` (no socket): the page's calls, as the visitor's host. */
function localFetch(app: FastifyInstance, host: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: { ...headers, host },
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const type = response.headers['content-type'];
    return new Response(response.statusCode === 204 ? null : response.rawPayload, {
      status: response.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  };
}

/** The start-up data's inline script (web-page.ts renderIndexHtml puts it in the head). */
const BOOT_SCRIPT = /<script>window\.__SB_BOOT__=[\s\S]*?<\/script>/;

/**
 * The page split around its root element: what goes before the app's markup and what after. The start-up data
 * moves from the head to the tail: only the script reads it (a module, run after the whole page is parsed), and
 * its ~50 KB in the head held the parser back from the first view's markup, so the screen's first paint
 * showed the header alone and its headings came a frame later.
 */
export function splitAtRoot(html: string): { head: string; tail: string } | null {
  const open = '<div id="root">';
  const start = html.indexOf(open);
  const end = html.lastIndexOf('</div>', html.indexOf('</body>'));
  if (start < 0 || end < start) return null;
  const head = html.slice(0, start + open.length);
  const boot = BOOT_SCRIPT.exec(head)?.[0] ?? '';
  // The app's markup carries its own `inert` until each part has hydrated (web lib/server-markup.tsx).
  return { head: head.replace(boot, ''), tail: html.slice(end).replace('</div>', () => `</div>${boot}`) };
}

/** The element that ends a server-rendered first view (right after the root, before the hand-over data). */
export const FIRST_VIEW_END_ID = 'sb-first-view-end';

/**
 * One paint of the whole first view: the browser holds rendering until the parser has reached the end of the
 * server's markup (`<link rel="expect" blocking="render">`, Chromium 124+; other browsers ignore it and paint as
 * before). Without it the page painted the header while the parser was still in the body, then laid the whole
 * screen out in one long task after that first paint (~30–75 ms here unthrottled: the task a phone is blocked
 * by, and which Lighthouse counted as blocking time on the page with no script at all). The markup arrives in
 * one piece (the render completes before the page is sent), so the wait is the parsing of what is already there;
 * the start-up data after the marker is not waited for.
 */
export const FIRST_VIEW_EXPECT = `<link rel="expect" href="#${FIRST_VIEW_END_ID}" blocking="render">`;

/** A server-rendered page, and what its render took (for a `Server-Timing` header). */
export interface RenderedPage {
  stream: Readable;
  /** Wall time of the render (queued behind others included), ms. */
  ms: number;
  /** Whole renders of the tree it took. */
  passes: number;
}

export interface PageRenderer {
  /** The page with the app's first view rendered in its root, or null (render failed or busy: send the shell). */
  render(request: FastifyRequest, page: string, data: StartupData): Promise<RenderedPage | null>;
}

/**
 * Server rendering of first views with the web build's server entry. Failures never fail the page: the caller
 * sends the plain shell, which the client renders as before.
 */
export function pageRenderer(
  app: FastifyInstance,
  entry: ServerEntry,
  runtimeConfig: Record<string, string | undefined>,
  /** The style sheets of the lazy parts a page drew (`partStyles`), put in its head. */
  styles: (parts: readonly string[] | undefined) => string,
  /** A render that takes longer (queued behind others, a slow call) gives the plain shell instead. */
  timeoutMs: number,
): PageRenderer {
  let waiting = 0;
  return {
    async render(request, page, data) {
      const parts = splitAtRoot(page);
      if (!parts || waiting >= SSR_MAX_WAITING) return null;
      waiting += 1;
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        const rendered = await Promise.race([
          entry.renderPage({
            url: request.url,
            hostname: request.hostname,
            origin: `${request.protocol}://${request.host}`,
            boot: data,
            runtimeConfig,
            fetch: localFetch(app, request.host),
            timeZone: cookieValue(request, TIME_ZONE_COOKIE)?.slice(0, 64),
          }),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('render timed out')), timeoutMs);
          }),
        ]);
        // scriptJson makes the query cache's data safe inside its <script>.
        const state =
          html`<script type="application/json" id="${entry.SSR_STATE_ELEMENT_ID}">${trustedHtml(scriptJson(rendered.state))}</script>`
            .text;
        const stream = Readable.from(
          (async function* () {
            yield parts.head.replace('</head>', () => `${styles(rendered.parts)}${FIRST_VIEW_EXPECT}</head>`);
            for await (const chunk of rendered.html) yield chunk as Buffer;
            yield parts.tail.replace(
              '</div>',
              () => `</div><template id="${FIRST_VIEW_END_ID}"></template>${state}`,
            );
          })(),
        );
        return { stream, ms: performance.now() - started, passes: rendered.passes ?? 0 };
      } catch (error) {
        request.log.warn({ err: error }, 'server rendering failed: sending the plain shell');
        return null;
      } finally {
        clearTimeout(timer);
        waiting -= 1;
      }
    },
  };
}
