import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { cookieValue } from '../../plugins/web-ssr';
import { SESSION_MAX_MS } from './operators';

/**
 * The desk's session in the browser (issue 34 item 1): the login's token also goes into an HttpOnly,
 * SameSite=Strict cookie scoped to `/ops/v1`, so every tab of the browser shares one sign-in (one TOTP code per
 * session), a reload keeps it, no script reads it, and a logout ends it in every tab at once. A bearer header
 * (API clients, automation, OPERATOR_TOKEN) still works and wins when both are sent.
 *
 * CSRF: a write authenticated by the cookie must carry `x-csrf-token` — a value derived from the session's token
 * that only a same-origin script can learn (`GET /ops/v1/session` answers it; CORS never exposes it to another
 * origin and the header is not among the cross-origin allowed ones) — and, when the browser names an Origin, come
 * from the server's own host. SameSite=Strict already keeps the cookie off cross-site requests; the token also
 * covers a same-site origin (a brand's subdomain).
 */
export const OPS_COOKIE = 'sb_ops_session';
export const OPS_COOKIE_PATH = '/ops/v1';
export const CSRF_HEADER = 'x-csrf-token';

/** The CSRF token of a session: its token's digest under a label of its own (never the token, never its hash). */
export const csrfTokenOf = (token: string) =>
  createHash('sha256').update(`ops-csrf:${token}`).digest('base64url');

export interface OpsCredential {
  token: string;
  via: 'bearer' | 'cookie';
}

/** The request's session token: the bearer header, else the desk's cookie; empty when neither. */
export function credentialOf(request: FastifyRequest): OpsCredential {
  const bearer = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return { token: bearer, via: 'bearer' };
  return { token: cookieValue(request, OPS_COOKIE) ?? '', via: 'cookie' };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the browser says the request comes from another host than this server's (no Origin: not a browser's). */
export function foreignOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A write on the cookie needs the session's CSRF token and the server's own origin: else 403 `csrf`. */
export function checkCsrf(request: FastifyRequest, credential: OpsCredential): void {
  if (credential.via !== 'cookie' || SAFE_METHODS.has(request.method)) return;
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !sameText(sent, csrfTokenOf(credential.token)) || foreignOrigin(request))
    throw new HttpError(403, 'csrf', 'the request lacks the desk session’s CSRF token');
}

function cookie(request: FastifyRequest, value: string, maxAgeS: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${OPS_COOKIE}=${value}; Path=${OPS_COOKIE_PATH}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Strict${secure}`;
}

/** Sets the session's cookie: it lives as long as the session may (the server's idle end and revocation rule). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.header('set-cookie', cookie(request, token, Math.floor(SESSION_MAX_MS / 1000)));
}

/** Removes the session's cookie (logout, or a cookie whose session has ended). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', cookie(request, '', 0));
}
