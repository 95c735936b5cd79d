import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { appHosts, apps } from './tenancy.tables';

export type AppRow = typeof apps.$inferSelect;
export type NewApp = typeof apps.$inferInsert;

export interface AppWithHost extends AppRow {
  hostname: string;
}

export function createTenancyRepository(db: DbOrTx) {
  const primaryHost = (appId: number) =>
    db
      .select({ hostname: appHosts.hostname })
      .from(appHosts)
      .where(and(eq(appHosts.appId, appId), eq(appHosts.isPrimary, true)))
      .limit(1);

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
      return { ...app, hostname: (await primaryHost(app.id))[0]?.hostname ?? hostname };
    },

    async findById(id: number): Promise<AppWithHost | null> {
      const app = (await db.select().from(apps).where(eq(apps.id, id)).limit(1))[0];
      if (!app) return null;
      return { ...app, hostname: (await primaryHost(app.id))[0]?.hostname ?? '' };
    },

    async list(): Promise<AppWithHost[]> {
      const rows = await db
        .select({ app: apps, hostname: appHosts.hostname })
        .from(apps)
        .leftJoin(appHosts, and(eq(appHosts.appId, apps.id), eq(appHosts.isPrimary, true)))
        .orderBy(asc(apps.id));
      return rows.map((r) => ({ ...r.app, hostname: r.hostname ?? '' }));
    },

    /** Sets an app's outside addresses (APK download, support chat); whether the app exists. */
    async updateLinks(
      id: number,
      links: { androidApkUrl?: string | null; supportChatUrl?: string | null },
    ): Promise<boolean> {
      const rows = await db.update(apps).set(links).where(eq(apps.id, id)).returning({ id: apps.id });
      return rows.length > 0;
    },

    /** Inserts an app with its host names (the first is primary); returns the new id. */
    async insert(app: NewApp, hostnames: string[]): Promise<number> {
      const [row] = await db.insert(apps).values(app).returning({ id: apps.id });
      if (!row) throw new Error('insert into apps returned nothing');
      await db.insert(appHosts).values(
        hostnames.map((hostname, i) => ({
          hostname: hostname.toLowerCase(),
          appId: row.id,
          isPrimary: i === 0,
        })),
      );
      return row.id;
    },

    async hostExists(hostname: string): Promise<boolean> {
      const rows = await db
        .select()
        .from(appHosts)
        .where(eq(appHosts.hostname, hostname.toLowerCase()))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type TenancyRepository = ReturnType<typeof createTenancyRepository>;
