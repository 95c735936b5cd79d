import type { ErrorBody } from '@sb/contract';
import { authStorage } from './auth-storage';
import { baseUrl, type HostGroup } from './runtime-config';

/** A non-2xx answer; `body` is the server's `{error, message, field?}` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> & Record<string, unknown>,
  ) {
    super(body.message ?? `request failed with status ${status}`);
  }
}

type QueryValue = string | number | boolean | undefined | null | (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A plain object is sent as JSON; FormData and URLSearchParams as themselves. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the session token (default true; the get/client call sends none). */
  auth?: boolean;
  signal?: AbortSignal;
  /** `text` resolves the body as it came (a printable page); default parses JSON. */
  responseType?: 'json' | 'text';
}

const state = { locale: 'en', appId: null as number | null };
/** Called on a 401 with a token: may refresh it and answer true to retry the request once. */
let onUnauthorized: (() => Promise<boolean>) | null = null;

export function configureApiClient(config: { locale?: string; appId?: number | null }): void {
  Object.assign(state, config);
}

/** Where requests go: the browser's fetch, or on the server the server itself (entry-server.tsx). */
let transport: typeof fetch | null = null;

export function setApiTransport(fetcher: typeof fetch | null): void {
  transport = fetcher;
}

export function setUnauthorizedHandler(handler: (() => Promise<boolean>) | null): void {
  onUnauthorized = handler;
}

export function buildUrl(group: HostGroup, path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(baseUrl(group) + path);
  // Every request carries the locale (spec §7), unless the call names it itself.
  if (!('locale' in query) && !('_locale' in query)) url.searchParams.set('locale', state.locale);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => url.searchParams.append(`${key}[]`, String(v)));
    else url.searchParams.set(key, String(value));
  }
  return url.toString();
}

function headersFor(url: string, options: RequestOptions): Headers {
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  if (state.appId !== null) headers.set('x-app', String(state.appId));
  const tokens = options.auth === false ? null : authStorage.get();
  if (tokens) {
    // The app's own host gets X-App-Session; API hosts get the standard Authorization header.
    if (new URL(url).origin === window.location.origin)
      headers.set('x-app-session', `Bearer ${tokens.accessToken}`);
    headers.set('authorization', `Bearer ${tokens.accessToken}`);
  }
  return headers;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) return body;
  headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

/** One request to one of the spec's hosts; resolves the parsed JSON or throws ApiError. */
export async function apiRequest<T>(
  group: HostGroup,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const url = buildUrl(group, path, options.query);
  const send = () => {
    const headers = headersFor(url, options);
    const body = encodeBody(options.body, headers);
    return (transport ?? fetch)(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  };
  let response = await send();
  if (response.status === 401 && options.auth !== false && authStorage.get() && onUnauthorized) {
    if (await onUnauthorized()) response = await send();
  }
  const text = await response.text();
  if (response.ok && options.responseType === 'text') return text as T;
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { message: text.slice(0, 200) };
  }
  if (!response.ok) throw new ApiError(response.status, (data ?? {}) as ApiError['body']);
  return data as T;
}
