import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { brandLogos } from './brand-logos.tables';
import { appHosts, apps } from './tenancy.tables';

export type AppRow = typeof apps.$inferSelect;
export type NewApp = typeof apps.$inferInsert;

export type BrandLogoRow = Omit<typeof brandLogos.$inferSelect, 'createdAt'>;

export interface AppWithHost extends AppRow {
  hostname: string;
}

/** The app's primary host name (at most one row). */
const primaryHost = (db: DbOrTx, appId: number) =>
  db
    .select({ hostname: appHosts.hostname })
    .from(appHosts)
    .where(and(eq(appHosts.appId, appId), eq(appHosts.isPrimary, true)))
    .limit(1);

/** The SQL of the apps (brands): their rows, host names and uploaded logos. */
export function createTenancyRepository(db: DbOrTx) {
  return { ...appRows(db), ...hostNames(db), ...logoRows(db) };
}

/** The apps' rows: found by host or id, listed, inserted, changed and locked. */
function appRows(db: DbOrTx) {
  return {
    async findByHost(hostname: string): Promise<AppWithHost | null> {
      const rows = await db
        .select({ app: apps })
        .from(appHosts)
        .innerJoin(apps, eq(apps.id, appHosts.appId))
        .where(eq(appHosts.hostname, hostname))
        .limit(1);
      const app = rows[0]?.app;
      if (!app) return null;
      return { ...app, hostname: (await primaryHost(db, app.id))[0]?.hostname ?? hostname };
    },

    async findById(id: number): Promise<AppWithHost | null> {
      const app = (await db.select().from(apps).where(eq(apps.id, id)).limit(1))[0];
      if (!app) return null;
      return { ...app, hostname: (await primaryHost(db, app.id))[0]?.hostname ?? '' };
    },

    async list(): Promise<AppWithHost[]> {
      const rows = await db
        .select({ app: apps, hostname: appHosts.hostname })
        .from(apps)
        .leftJoin(appHosts, and(eq(appHosts.appId, apps.id), eq(appHosts.isPrimary, true)))
        .orderBy(asc(apps.id));
      return rows.map((r) => ({ ...r.app, hostname: r.hostname ?? '' }));
    },

    /** Changes an app's row (not its host names); the row after, or null when there is no such app. */
    async update(id: number, patch: Partial<NewApp>): Promise<AppRow | null> {
      if (Object.keys(patch).length === 0)
        return (await db.select().from(apps).where(eq(apps.id, id)))[0] ?? null;
      const rows = await db.update(apps).set(patch).where(eq(apps.id, id)).returning();
      return rows[0] ?? null;
    },

    /** An app's row locked for a change in this transaction, or null. */
    async lock(id: number): Promise<AppRow | null> {
      return (await db.select().from(apps).where(eq(apps.id, id)).for('update'))[0] ?? null;
    },

    /** Inserts an app with its host names (the first is primary); returns the new id. */
    async insert(app: NewApp, hostnames: string[]): Promise<AppRow> {
      const [row] = await db.insert(apps).values(app).returning();
      if (!row) throw new Error('insert into apps returned nothing');
      await db.insert(appHosts).values(
        hostnames.map((hostname, i) => ({
          hostname: hostname.toLowerCase(),
          appId: row.id,
          isPrimary: i === 0,
        })),
      );
      return row;
    },
  };
}

/** The apps' host names. */
function hostNames(db: DbOrTx) {
  return {
    /** Every app's host names, the primary first (`appId` → names). */
    async hostsOf(appIds?: number[]): Promise<Map<number, string[]>> {
      const rows = await db
        .select()
        .from(appHosts)
        .where(appIds ? inArray(appHosts.appId, appIds) : undefined)
        .orderBy(desc(appHosts.isPrimary), asc(appHosts.hostname));
      const byApp = new Map<number, string[]>();
      for (const r of rows) byApp.set(r.appId, [...(byApp.get(r.appId) ?? []), r.hostname]);
      return byApp;
    },

    /** Which of these host names another app holds (`hostname` → app id). */
    async owners(hostnames: string[]): Promise<Map<string, number>> {
      if (hostnames.length === 0) return new Map();
      const rows = await db.select().from(appHosts).where(inArray(appHosts.hostname, hostnames));
      return new Map(rows.map((r) => [r.hostname, r.appId]));
    },

    /** Replaces an app's host names (the first is primary). */
    async replaceHosts(appId: number, hostnames: string[]): Promise<void> {
      await db.delete(appHosts).where(eq(appHosts.appId, appId));
      await db
        .insert(appHosts)
        .values(hostnames.map((hostname, i) => ({ hostname, appId, isPrimary: i === 0 })));
    },
  };
}

/** The brands' uploaded logos. */
function logoRows(db: DbOrTx) {
  return {
    /** Sets a brand's uploaded logo (replacing the one it had). */
    async putLogo(logo: BrandLogoRow): Promise<void> {
      const { appId: _, ...picture } = logo;
      await db
        .insert(brandLogos)
        .values(logo)
        .onConflictDoUpdate({ target: brandLogos.appId, set: { ...picture, createdAt: new Date() } });
    },

    /** Forgets a brand's uploaded logo (none: nothing to do). */
    async deleteLogo(appId: number): Promise<void> {
      await db.delete(brandLogos).where(eq(brandLogos.appId, appId));
    },

    /** The uploaded logo whose hash this is (a replaced or removed logo's address finds nothing). */
    async logo(hash: string): Promise<BrandLogoRow | null> {
      const rows = await db
        .select({
          appId: brandLogos.appId,
          imageType: brandLogos.imageType,
          image: brandLogos.image,
          imageHash: brandLogos.imageHash,
        })
        .from(brandLogos)
        .where(eq(brandLogos.imageHash, hash))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type TenancyRepository = ReturnType<typeof createTenancyRepository>;
