import type { App, ClientCredential } from '@sb/contract';
import { appSchema, BRAND_LOGO_PATH_PREFIX, drawnLogo, UPLOADED_IMAGE_EXTENSIONS } from '@sb/contract';
import type { DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { uniqueViolationField } from '../../lib/db-errors';
import type { IdSource } from '../../lib/ids';
import { HttpError, badRequest } from '../../plugins/errors';
import type { AppRow, AppWithHost, BrandLogoRow, NewApp, TenancyRepository } from './tenancy.repository';

/**
 * Apps change rarely and are read on every request: cache lookups briefly (also misses, against floods). A change
 * made on any instance empties every instance's cache at once (`changed`, over the bus); the TTL only bounds what
 * a lost message could leave behind.
 */
const APP_CACHE_TTL_MS = 30_000;

/** An app with all its host names, the primary first. */
export type BrandRow = AppRow & { hostnames: string[] };

/** Writes the change's audit entry in its transaction (before: null for a creation). */
export type BrandAudit = (tx: DbOrTx, before: BrandRow | null, after: BrandRow) => Promise<void>;

export interface TenancyDeps {
  repo: TenancyRepository;
  /** Runs work in one transaction with a repository over it. */
  transaction: <T>(work: (repo: TenancyRepository, tx: DbOrTx) => Promise<T>) => Promise<T>;
  /** Tells every instance (this one too) that an app changed: each empties its app cache. */
  announce: (appId: number) => Promise<void>;
  clock: Clock;
  ids: IdSource;
}

const conflict = (host: string) =>
  new HttpError(409, 'conflict', `host ${host} already belongs to a brand`, 'hostnames');

/** Two writers raced for one host name: the table's key refuses the second, answered as a check would. */
async function hostsRaced<T>(hostnames: string[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolationField(error) === 'hostname') throw conflict(hostnames.join(', '));
    throw error;
  }
}

/** What a brand's change sets: columns of its row, and its host names replaced as a whole. */
type BrandPatch = Partial<Omit<NewApp, 'id' | 'clientId' | 'clientSecret' | 'createdAt'>> & {
  hostnames?: string[];
};

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

/** Where a brand's uploaded logo is served on its own host: its name is its content's hash. */
export const brandLogoPath = (hash: string, type: BrandLogoRow['imageType']) =>
  `${BRAND_LOGO_PATH_PREFIX}${hash}.${UPLOADED_IMAGE_EXTENSIONS[type]}`;

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
    locales: row.locales,
    currencyIso: row.currencyIso,
    timeZone: row.timeZone,
    links: row.links,
  });
}

/** The deps and this instance's cache of apps by host and by id. */
interface TenancyCtx extends TenancyDeps {
  cache: Map<string, { row: AppWithHost | null; expires: number }>;
}

/** The apps (brands): found by host or id (cached per instance), listed, created and changed. */
export function createTenancyService(deps: TenancyDeps) {
  const ctx: TenancyCtx = { ...deps, cache: new Map() };
  const { repo } = ctx;

  const service = {
    async findByHost(hostname: string): Promise<AppWithHost | null> {
      const host = hostname.toLowerCase();
      return cached(ctx, `h:${host}`, () => repo.findByHost(host));
    },

    async findById(id: number): Promise<AppWithHost | null> {
      return cached(ctx, `i:${id}`, () => repo.findById(id));
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

    /** Empties this instance's app cache (another instance changed an app, or the bus may have lost a message). */
    forget: () => ctx.cache.clear(),

    /** Brands with every host name: one (`brandId`) or all (null). */
    async brands(brandId: number | null): Promise<BrandRow[]> {
      const rows =
        brandId === null ? await repo.list() : [await repo.findById(brandId)].filter((r) => r !== null);
      const hosts = await repo.hostsOf(brandId === null ? undefined : [brandId]);
      return rows.map(({ hostname: _, ...row }) => ({ ...row, hostnames: hosts.get(row.id) ?? [] }));
    },

    /** Sets a brand's APK download and support-chat addresses (null: none, so no overlay / no chat link). */
    async setLinks(
      id: number,
      links: { androidApkUrl?: string | null; supportChatUrl?: string | null },
    ): Promise<void> {
      await service.update(id, links);
    },

    /**
     * Changes a brand: its row, and its host names when given (replaced as a whole; each free or already its own,
     * else 409 naming `hostnames`). Every instance answers the new brand at once.
     */
    update: (id: number, patch: BrandPatch, audit?: BrandAudit): Promise<BrandRow> =>
      change(ctx, id, async () => patch, audit),

    /**
     * Sets a brand's uploaded logo (null: back to the one drawn from its name and colours) and its theme's logo
     * address with it, in one audited change that every instance answers at once.
     */
    setLogo: (id: number, logo: Omit<BrandLogoRow, 'appId'> | null, audit?: BrandAudit): Promise<BrandRow> =>
      change(ctx, id, logoPatch(id, logo), audit),

    /** An uploaded logo by its address's hash (null: no brand's current logo). */
    logo: (hash: string) => repo.logo(hash),

    /** Creates an app (operator command, desk); host names must be free (409 naming `hostnames`). */
    create: (input: CreateAppInput, audit?: BrandAudit): Promise<BrandRow> => createApp(ctx, input, audit),
  };
  return service;
}

/** One change of a brand: its row locked, the patch made from it, the change audited, then every cache told. */
async function change(
  ctx: TenancyCtx,
  id: number,
  patchOf: (before: BrandRow, tx: TenancyRepository) => Promise<BrandPatch>,
  audit: BrandAudit | undefined,
): Promise<BrandRow> {
  const { transaction, announce, cache } = ctx;
  const named: string[] = [];
  const after = await hostsRaced(named, () =>
    transaction(async (tx, handle) => {
      const locked = await tx.lock(id);
      if (!locked) throw new HttpError(404, 'not_found', 'brand not found');
      const before = { ...locked, hostnames: (await tx.hostsOf([id])).get(id) ?? [] };
      const { hostnames, ...fields } = await patchOf(before, tx);
      if (hostnames) {
        named.push(...hostnames);
        for (const [host, owner] of await tx.owners(hostnames)) if (owner !== id) throw conflict(host);
        await tx.replaceHosts(id, hostnames);
      }
      const row = (await tx.update(id, fields))!;
      const next = { ...row, hostnames: hostnames ?? before.hostnames };
      await audit?.(handle, before, next);
      return next;
    }),
  );
  cache.clear();
  await announce(id);
  return after;
}

/** The app of a cache key (host or id): this instance's copy while it is fresh, else read again. */
async function cached(
  ctx: TenancyCtx,
  key: string,
  load: () => Promise<AppWithHost | null>,
): Promise<AppWithHost | null> {
  const { cache, clock } = ctx;
  const hit = cache.get(key);
  if (hit && hit.expires > clock.now()) return hit.row;
  const row = await load();
  if (cache.size > 10_000) cache.clear();
  cache.set(key, { row, expires: clock.now() + APP_CACHE_TTL_MS });
  return row;
}

/** The change of a brand's logo: the uploaded one stored (or dropped), and the theme's address to match. */
const logoPatch =
  (id: number, logo: Omit<BrandLogoRow, 'appId'> | null) =>
  async (before: BrandRow, tx: TenancyRepository): Promise<BrandPatch> => {
    if (logo) await tx.putLogo({ appId: id, ...logo });
    else await tx.deleteLogo(id);
    const t = before.theme;
    const logoUrl = logo
      ? brandLogoPath(logo.imageHash, logo.imageType)
      : drawnLogo(before.name, t.primary, t.accent, t.text);
    return { theme: { ...t, logoUrl } };
  };

/** Creates an app (operator command, desk); host names must be free (409 naming `hostnames`). */
async function createApp(ctx: TenancyCtx, input: CreateAppInput, audit?: BrandAudit): Promise<BrandRow> {
  const { transaction, announce, cache, ids } = ctx;
  const hostnames = input.hostnames.map((h) => h.toLowerCase());
  if (hostnames.length === 0) throw badRequest('hostnames', 'an app needs at least one host name');
  const { hostnames: _, ...app } = input;
  const row = await hostsRaced(hostnames, () =>
    transaction(async (tx, handle) => {
      for (const host of (await tx.owners(hostnames)).keys()) throw conflict(host);
      const inserted = await tx.insert(
        { ...app, clientId: `app_${ids.token(9)}`, clientSecret: ids.token(24) },
        hostnames,
      );
      const created = { ...inserted, hostnames };
      await audit?.(handle, null, created);
      return created;
    }),
  );
  cache.clear();
  await announce(row.id);
  return row;
}

export type TenancyService = ReturnType<typeof createTenancyService>;
