import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import helmetHeaders from 'helmet';
import type { Config } from '../config/config';

type Directives = Record<string, string[]>;

/**
 * Features no screen uses, switched off for the page and anything it frames (helmet has no Permissions-Policy).
 * Fullscreen stays the browser's default (the casino game may ask for it).
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), interest-cohort=()';

/** The origins of PUBLIC_*_URL (an operator's split {core}/{api}/{bsapi} hosts), with their WebSocket twins. */
function publicOrigins(config: Config): { http: string[]; ws: string[] } {
  const http = new Set<string>();
  for (const url of [config.PUBLIC_CORE_URL, config.PUBLIC_API_URL, config.PUBLIC_BSAPI_URL]) {
    try {
      if (url) http.add(new URL(url).origin);
    } catch {
      // Not a URL (validated elsewhere): nothing to allow.
    }
  }
  const ws = [...http].map((o) => o.replace(/^http/, 'ws'));
  return { http: [...http], ws };
}

/** sha-256 source expressions of a page's inline scripts (`<script>…</script>` without attributes). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of the app (pages and API). Scripts only from this server, never inline, except
 * the shell's inline start-up scripts, allowed by their hashes (`shell`); no plugins; frames only of this server;
 * the page itself framed only by this server (the app frames its own play-stream view and widgets). Styles
 * allow inline: the shell inlines the first screen's sheets and the brand's colours, and React sets `style`.
 */
export function contentSecurityPolicy(config: Config) {
  const extra = publicOrigins(config);
  const base: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...extra.http],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extra.http, ...extra.ws],
    'frame-src': ["'self'", ...extra.http],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
  };
  return {
    base,
    /** The shell's policy: the base one plus the hashes of its inline start-up scripts. */
    shell: (scriptHashes: string[]): Directives => ({
      ...base,
      'script-src': ["'self'", ...scriptHashes],
    }),
  };
}

/** Sets the shell's policy on a page response (through helmet, replacing the request's default one). */
export function applyShellPolicy(reply: FastifyReply, directives: Directives): void {
  reply.helmet({ contentSecurityPolicy: { useDefaults: false, directives } });
}

/**
 * Browser security headers on every response, through @fastify/helmet: CSP (above), X-Content-Type-Options,
 * Referrer-Policy `no-referrer` (URLs such as `/login?u=&s=` and the play-stream's `?access_token=` never leave
 * in a Referer), X-Frame-Options SAMEORIGIN, Cross-Origin-Opener/Resource-Policy, and HSTS on responses to
 * requests that came over TLS (HSTS_MAX_AGE; behind a proxy, TRUST_PROXY makes X-Forwarded-Proto count).
 * Pages with a stricter policy of their own (play-stream, widgets, receipts, Swagger UI) set it on their reply.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const csp = contentSecurityPolicy(config);
  const split = publicOrigins(config).http.length > 0;
  const options = {
    contentSecurityPolicy: { useDefaults: false, directives: csp.base },
    referrerPolicy: { policy: 'no-referrer' as const },
    // Split hosts load images and calls across origins: same-origin resources would be blocked there.
    crossOriginResourcePolicy: { policy: split ? ('cross-origin' as const) : ('same-origin' as const) },
    crossOriginEmbedderPolicy: false as const,
    strictTransportSecurity: false as const,
  };
  // Not global: @fastify/helmet runs `helmet(options)` on every request, parsing every option and the CSP again
  // (~0.14 ms a request, a tenth of a bet placement; helmetjs/helmet#430). The headers are the same for every
  // request, so they are worked out once here and set as they are; the plugin still gives `reply.helmet(…)` to a
  // page that needs another policy.
  await app.register(helmet, { ...options, global: false });
  const headers = Object.entries(fixedHeaders(options));
  const hsts = config.HSTS_MAX_AGE > 0 ? { maxAge: config.HSTS_MAX_AGE, includeSubDomains: false } : null;
  app.addHook('onRequest', async (request, reply) => {
    // On the raw response, where helmet sets them: a page's own policy (`reply.helmet`) then replaces them.
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (hsts && request.protocol === 'https') reply.helmet({ strictTransportSecurity: hsts });
  });
}

/** The headers helmet sets with these options (none depends on the request), and Permissions-Policy. */
function fixedHeaders(options: Parameters<typeof helmetHeaders>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmetHeaders(options)({} as never, response as never, () => undefined);
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}
