import type { App, ClientCredential } from '@sb/contract';
import { appSchema } from '@sb/contract';
import type { Clock } from '../../lib/clock';
import type { IdSource } from '../../lib/ids';
import { HttpError, badRequest } from '../../plugins/errors';
import type { AppWithHost, NewApp, TenancyRepository } from './tenancy.repository';

/** Apps change rarely and are read on every request: cache lookups briefly (also misses, against floods). */
const APP_CACHE_TTL_MS = 30_000;

export interface TenancyDeps {
  repo: TenancyRepository;
  clock: Clock;
  ids: IdSource;
}

export interface CreateAppInput extends Omit<NewApp, 'clientId' | 'clientSecret' | 'id' | 'createdAt'> {
  hostnames: string[];
}

/**
 * A brand's outside address (APK download, support chat): an absolute http(s) URL or a path on the app's own
 * host; `none` (or empty) clears it. Returns the stored value, or throws 400 naming the field.
 */
export function parseBrandLink(field: string, value: string): string | null {
  const text = value.trim();
  if (text === '' || text === 'none') return null;
  const control = [...text].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f');
  if (text.length > 500 || /\s/.test(text) || control)
    throw badRequest(field, `${field} is not a usable address`);
  if (/^\/(?!\/)/.test(text)) return text;
  try {
    const url = new URL(text);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
  } catch {
    // falls through
  }
  throw badRequest(field, `${field} must be an http(s) address or a path starting with /`);
}

export function toApp(row: AppWithHost): App {
  return appSchema.parse({
    id: row.id,
    hostname: row.hostname,
    name: row.name,
    defaultLocale: row.defaultLocale,
    theme: row.theme,
    features: row.features,
    androidApkUrl: row.androidApkUrl,
    supportChatUrl: row.supportChatUrl,
    metaTitle: row.metaTitle,
  });
}

export function createTenancyService({ repo, clock, ids }: TenancyDeps) {
  const cache = new Map<string, { row: AppWithHost | null; expires: number }>();

  async function cached(key: string, load: () => Promise<AppWithHost | null>): Promise<AppWithHost | null> {
    const hit = cache.get(key);
    if (hit && hit.expires > clock.now()) return hit.row;
    const row = await load();
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { row, expires: clock.now() + APP_CACHE_TTL_MS });
    return row;
  }

  const service = {
    async findByHost(hostname: string): Promise<AppWithHost | null> {
      const host = hostname.toLowerCase();
      return cached(`h:${host}`, () => repo.findByHost(host));
    },

    async findById(id: number): Promise<AppWithHost | null> {
      return cached(`i:${id}`, () => repo.findById(id));
    },

    async getByHost(hostname: string): Promise<App> {
      const row = await service.findByHost(hostname);
      if (!row) throw new HttpError(404, 'unknown_app', `no site is configured for host ${hostname}`);
      return toApp(row);
    },

    clientCredential(row: AppWithHost): ClientCredential {
      return { client_id: row.clientId, client_secret: row.clientSecret };
    },

    list: () => repo.list(),

    /**
     * Sets a brand's APK download and support-chat addresses (null: none, so no overlay / no chat link). Other
     * instances see the change within their app cache's 30 s.
     */
    async setLinks(
      id: number,
      links: { androidApkUrl?: string | null; supportChatUrl?: string | null },
    ): Promise<void> {
      if (!(await repo.updateLinks(id, links))) throw new HttpError(404, 'not_found', 'no such app');
      cache.clear();
    },

    /** Creates an app (operator command); host names must be free. */
    async create(input: CreateAppInput): Promise<number> {
      if (input.hostnames.length === 0) throw badRequest('hostnames', 'an app needs at least one host name');
      for (const host of input.hostnames) {
        if (await repo.hostExists(host))
          throw badRequest('hostnames', `host ${host} already belongs to an app`);
      }
      const { hostnames, ...app } = input;
      const id = await repo.insert(
        { ...app, clientId: `app_${ids.token(9)}`, clientSecret: ids.token(24) },
        hostnames,
      );
      cache.clear();
      return id;
    },
  };
  return service;
}

export type TenancyService = ReturnType<typeof createTenancyService>;
