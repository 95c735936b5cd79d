import type { OpsAuditRow, OpsEventLiability, OpsMatchRisk, OpsTickerBet } from '@sb/contract';
import { LOCALES } from './app/format';
import type { Lang } from './i18n';

/**
 * The back office's calls: `/ops/v1/*` on the desk's session cookie (HttpOnly, SameSite=Strict, set by the login:
 * no script reads it, every tab of the browser shares it). Writes carry the session's CSRF token, which the login
 * and `GET /ops/v1/session` answer and which lives in this tab's memory only.
 */
export class ApiError extends Error {
  constructor(
    /** 0: the server could not be reached. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
let onSessionEnded: (() => void) | null = null;

export const session = {
  /** The CSRF token of the signed-in session (from the login or `GET /ops/v1/session`); null when signed out. */
  setCsrf: (token: string | null) => {
    csrfToken = token;
  },
  /** Called when the server answers 401: the session ended (a logout in another tab, expiry). */
  onEnded: (handler: (() => void) | null) => {
    onSessionEnded = handler;
  },
  /** The server said the session ended (a 401, or the ticker socket closed for it). */
  ended: () => onSessionEnded?.(),
};

const SAFE = new Set(['GET', 'HEAD']);

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(!SAFE.has(method) && csrfToken ? { 'x-csrf-token': csrfToken } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : null,
    });
  } catch {
    throw new ApiError(0, 'unreachable', 'the server could not be reached');
  }
  const json = (await res.json().catch(() => ({}))) as {
    result?: T;
    error?: string;
    message?: string;
    field?: string;
  };
  if (!res.ok) {
    if (res.status === 401 && path !== '/ops/v1/session') session.ended();
    throw new ApiError(res.status, json.error ?? 'error', json.message ?? res.statusText, json.field);
  }
  return json.result as T;
}

/** The desk's API types are the server's response schemas (packages/contract): never written by hand here. */
export type TickerBet = OpsTickerBet;

export type EventLiability = OpsEventLiability;

export type MatchRisk = OpsMatchRisk;

export type AuditRow = OpsAuditRow;

const moneyFormats: Record<Lang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat(LOCALES.en, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  tr: new Intl.NumberFormat(LOCALES.tr, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};
let moneyLang: Lang = 'en';
/** The desk's language for `money` (set by the desk as it renders, before its views format amounts). */
export const setMoneyLang = (lang: Lang) => {
  moneyLang = lang;
};

/** Minor units as money with two decimals, in the desk language's number style ("1,500.00" / "1.500,00"). */
export const money = (minor: number) => moneyFormats[moneyLang].format(minor / 100);

const percentFormats: Record<Lang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat(LOCALES.en, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
  tr: new Intl.NumberFormat(LOCALES.tr, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
};
/** Basis points as a percentage in the desk language's style ("12.50%" / "%12,50"); null as a dash. */
export const percent = (bp: number | null) =>
  bp === null ? '—' : percentFormats[moneyLang].format(bp / 10_000);
/** Basis points as a plain number of percent with two decimals, in the desk language's style ("12.50" / "12,50"). */
export const percentNumber = (bp: number) => moneyFormats[moneyLang].format(bp / 100);
