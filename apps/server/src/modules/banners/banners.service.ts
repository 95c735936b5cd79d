import type {
  Banner,
  BannerPlacement,
  Locale,
  OpsBanner,
  OpsBannerPatch,
  opsBannerCreateSchema,
} from '@sb/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { badRequest, notFound } from '../../plugins/errors';
import { bannerImagePath, decodeBannerImage } from './banner-image';
import { createBannersRepository, type BannerMeta, type BannersRepository } from './banners.repository';

type BannerCreate = z.output<typeof opsBannerCreateSchema>;

/** Records a change in its transaction (the ops audit), with what it was and what it became. */
export type BannerAudit = (tx: DbOrTx, before: OpsBanner | null, after: OpsBanner | null) => Promise<void>;

/** What the banners need to know of a brand: its languages. */
export interface BannerBrand {
  locales: Locale[];
  defaultLocale: string;
}

/**
 * How long an instance keeps a brand's banner list without being told of a change. A change on any instance
 * empties every instance's list at once over the bus; this only bounds what a lost message could leave (the
 * bus's gap handler empties it too).
 */
const BANNER_CACHE_TTL_MS = 60_000;

/** A place past any placement's end (a new banner goes there, then is numbered). */
const LAST = 2_147_483_647;

const isLive = (row: BannerMeta, now: number) =>
  row.enabled && row.startsAt.getTime() <= now && now < row.endsAt.getTime();

const opsView = (row: BannerMeta, now: number): OpsBanner => ({
  id: row.id,
  brandId: row.appId,
  placement: row.placement,
  locale: row.locale,
  imageUrl: bannerImagePath(row.id, row.imageHash, row.imageType),
  link: row.link,
  alt: row.alt,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  position: row.position,
  enabled: row.enabled,
  live: isLive(row, now),
  createdAt: row.createdAt.toISOString(),
});

/** The alt text in the player's language, else the brand's default language's, else any. */
const altFor = (row: BannerMeta, locale: Locale, defaultLocale: string) =>
  row.alt[locale] ?? row.alt[defaultLocale as Locale] ?? Object.values(row.alt)[0] ?? '';

function checkWindow(startsAt: Date, endsAt: Date): void {
  if (!(startsAt.getTime() < endsAt.getTime())) throw badRequest('endsAt', 'the end must be after the start');
}

/** A banner's language must be one its brand offers, and its picture needs an alt text players will see. */
function checkLanguages(brand: BannerBrand, locale: Locale | null, alt: BannerMeta['alt']): void {
  if (locale !== null && !brand.locales.includes(locale))
    throw badRequest('locale', `the brand offers ${brand.locales.join(', ')}`);
  const needed = (locale ?? brand.defaultLocale) as Locale;
  if (!alt[needed]) throw badRequest(`alt.${needed}`, `an alt text in ${needed} is needed`);
}

/** What the banners service is made of. */
interface BannersDeps {
  db: Db;
  clock: Clock;
  brand: (appId: number) => Promise<BannerBrand | null>;
  /** Tells every instance (this one too) that a brand's banners changed. */
  announce: (appId: number) => Promise<void>;
}

/** The deps and this instance's per-brand list of banners (what players see, kept until a change or its TTL). */
interface BannersCtx extends BannersDeps {
  cache: Map<number, { rows: BannerMeta[]; expires: number }>;
}

/**
 * A brand's banners (issue 35 §1): the desk's list and changes (each its own transaction under the brand's lock,
 * audited there), and the player app's list of what is live now. The player's list is kept per instance and
 * emptied on every instance by `announce` (the bus) after each change, so a change shows at once everywhere.
 */
export function createBannersService(deps: BannersDeps) {
  const ctx: BannersCtx = { ...deps, cache: new Map() };
  const { db, cache } = ctx;
  return {
    list: (appId: number) => listBanners(ctx, appId),
    create: (appId: number, body: BannerCreate, audit: BannerAudit) => createBanner(ctx, appId, body, audit),
    update: (appId: number, id: number, patch: OpsBannerPatch, audit: BannerAudit) =>
      updateBanner(ctx, appId, id, patch, audit),
    remove: (appId: number, id: number, audit: BannerAudit) => removeBanner(ctx, appId, id, audit),
    /** The banners a player of the brand sees now on a page, in their language, in the brand's order. */
    live: (appId: number, placement: BannerPlacement, locale: Locale, defaultLocale: string) =>
      liveBanners(ctx, appId, placement, locale, defaultLocale),

    image: (id: number, hash: string) => createBannersRepository(db).image(id, hash),

    /** Empties this instance's lists (another instance changed a brand's banners, or the bus may have lost one). */
    forget: (appId?: number) => (appId === undefined ? cache.clear() : cache.delete(appId)),
  };
}

/** The brand, or a 404. */
async function brandOf(ctx: BannersCtx, appId: number): Promise<BannerBrand> {
  const brand = await ctx.brand(appId);
  if (!brand) throw notFound('brand');
  return brand;
}

/** The brand's banner, or a 404. */
async function found(repo: BannersRepository, appId: number, id: number): Promise<BannerMeta> {
  const row = await repo.find(appId, id);
  if (!row) throw notFound('banner');
  return row;
}

/** Puts a banner at a place of its placement (1 first; past the end: last), the others keep their order. */
async function place(repo: BannersRepository, row: BannerMeta, position: number): Promise<void> {
  const ids = (await repo.list(row.appId))
    .filter((b) => b.placement === row.placement && b.id !== row.id)
    .map((b) => b.id);
  ids.splice(Math.min(position, ids.length + 1) - 1, 0, row.id);
  await repo.setPlaces(row.appId, row.placement, ids);
}

/** One change: its own transaction under the brand's lock, then every instance told. */
async function change<T>(
  ctx: BannersCtx,
  appId: number,
  work: (tx: DbOrTx, repo: BannersRepository) => Promise<T>,
) {
  const result = await ctx.db.transaction(async (tx) => {
    const repo = createBannersRepository(tx);
    await repo.lock(appId);
    return work(tx, repo);
  });
  ctx.cache.delete(appId);
  await ctx.announce(appId);
  return result;
}

/** The brand's banners as players may see them: this instance's list while it is fresh, else read again. */
async function liveRows(ctx: BannersCtx, appId: number): Promise<BannerMeta[]> {
  const { cache, clock } = ctx;
  const hit = cache.get(appId);
  if (hit && hit.expires > clock.now()) return hit.rows;
  const rows = await createBannersRepository(ctx.db).list(appId);
  cache.set(appId, { rows, expires: clock.now() + BANNER_CACHE_TTL_MS });
  return rows;
}

/** The desk's list of the brand's banners. */
async function listBanners(ctx: BannersCtx, appId: number): Promise<OpsBanner[]> {
  await brandOf(ctx, appId);
  const now = ctx.clock.now();
  return (await createBannersRepository(ctx.db).list(appId)).map((row) => opsView(row, now));
}

/** A new banner, put at its place (else last) and audited in its transaction. */
async function createBanner(
  ctx: BannersCtx,
  appId: number,
  body: BannerCreate,
  audit: BannerAudit,
): Promise<OpsBanner> {
  const brand = await brandOf(ctx, appId);
  checkLanguages(brand, body.locale, body.alt);
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  checkWindow(startsAt, endsAt);
  const { bytes, hash } = decodeBannerImage(body.image);
  return change(ctx, appId, async (tx, repo) => {
    const id = await repo.insert({
      appId,
      placement: body.placement,
      locale: body.locale,
      imageType: body.image.type,
      image: bytes,
      imageHash: hash,
      link: body.link,
      alt: body.alt,
      startsAt,
      endsAt,
      position: LAST,
      enabled: body.enabled,
    });
    const row = await found(repo, appId, id);
    await place(repo, row, body.position ?? LAST);
    const after = opsView(await found(repo, appId, id), ctx.clock.now());
    await audit(tx, null, after);
    return after;
  });
}

/** A banner's change (its times, texts, switch or place), audited with what it was. */
async function updateBanner(
  ctx: BannersCtx,
  appId: number,
  id: number,
  patch: OpsBannerPatch,
  audit: BannerAudit,
): Promise<OpsBanner> {
  const brand = await brandOf(ctx, appId);
  return change(ctx, appId, async (tx, repo) => {
    const row = await found(repo, appId, id);
    const startsAt = patch.startsAt ? new Date(patch.startsAt) : row.startsAt;
    const endsAt = patch.endsAt ? new Date(patch.endsAt) : row.endsAt;
    checkWindow(startsAt, endsAt);
    if (patch.alt) checkLanguages(brand, row.locale, patch.alt);
    const { position, ...rest } = patch;
    await repo.update(id, { ...rest, startsAt, endsAt });
    if (position !== undefined) await place(repo, row, position);
    const now = ctx.clock.now();
    const after = opsView(await found(repo, appId, id), now);
    await audit(tx, opsView(row, now), after);
    return after;
  });
}

/** A banner deleted, the others of its page closing up. */
async function removeBanner(
  ctx: BannersCtx,
  appId: number,
  id: number,
  audit: BannerAudit,
): Promise<{ id: number }> {
  await brandOf(ctx, appId);
  return change(ctx, appId, async (tx, repo) => {
    const row = await found(repo, appId, id);
    await repo.remove(id);
    const rest = (await repo.list(appId)).filter((b) => b.placement === row.placement).map((b) => b.id);
    await repo.setPlaces(appId, row.placement, rest);
    await audit(tx, opsView(row, ctx.clock.now()), null);
    return { id };
  });
}

/** The banners a player of the brand sees now on a page, in their language, in the brand's order. */
async function liveBanners(
  ctx: BannersCtx,
  appId: number,
  placement: BannerPlacement,
  locale: Locale,
  defaultLocale: string,
): Promise<Banner[]> {
  const now = ctx.clock.now();
  return (await liveRows(ctx, appId))
    .filter((row) => row.placement === placement && (row.locale === null || row.locale === locale))
    .filter((row) => isLive(row, now))
    .map((row) => ({
      id: row.id,
      image: bannerImagePath(row.id, row.imageHash, row.imageType),
      link: row.link,
      external: !row.link.startsWith('/'),
      alt: altFor(row, locale, defaultLocale),
    }));
}

export type BannersService = ReturnType<typeof createBannersService>;
