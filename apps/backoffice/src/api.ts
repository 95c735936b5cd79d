import type { OpsEventLiability } from '@sb/contract';

/** The back office's calls: `/ops/v1/*` with the operator's bearer token. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const TOKEN_KEY = 'sb.ops.token';
/** The session token lives for the tab only (sessionStorage): a short session, nothing left behind. */
export const session = {
  get: () => sessionStorage.getItem(TOKEN_KEY),
  set: (t: string) => sessionStorage.setItem(TOKEN_KEY, t),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = session.get();
  const res = await fetch(path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : null,
  });
  const json = (await res.json().catch(() => ({}))) as {
    result?: T;
    error?: string;
    message?: string;
    field?: string;
  };
  if (!res.ok)
    throw new ApiError(res.status, json.error ?? 'error', json.message ?? res.statusText, json.field);
  return json.result as T;
}

export interface TickerBet {
  id: number;
  brand: { id: number; name: string };
  client: { id: number; username: string };
  type: string;
  status: string;
  currency: string;
  stake: number;
  potentialPayout: number;
  risk: number;
  isLive: boolean;
  createdAt: string;
  selections: {
    selectionId: number;
    eventId: number;
    event: string;
    sportId: number | null;
    marketType: number;
    special: string;
    name: string;
    odds: number;
    isLive: boolean;
  }[];
}

export type EventLiability = OpsEventLiability;

export interface MatchRisk {
  eventId: number;
  event: string;
  sportId: number | null;
  isLive: boolean;
  bets: number;
  stakes: number;
  netRisk: number;
}

export interface AuditRow {
  id: number;
  at: string;
  actor: string;
  role: string | null;
  action: string;
  target: string | null;
  outcome: 'ok' | 'refused';
  status: number;
  reason: string | null;
  before: unknown;
  after: unknown;
}

/** Minor units as money with two decimals. */
export const money = (minor: number) =>
  (minor / 100).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
