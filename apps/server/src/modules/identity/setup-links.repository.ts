import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { passwordSetupLinks, users } from './identity.tables';

export type SetupLinkRow = typeof passwordSetupLinks.$inferSelect;
export type NewSetupLink = typeof passwordSetupLinks.$inferInsert;

/** Issue 35 §2: the one-time set-password links (hashes only). */
export function createSetupLinksRepository(db: DbOrTx) {
  return {
    /** Voids the client's links not used yet (a newer one replaces them), then stores the new one. */
    async replace(link: NewSetupLink): Promise<SetupLinkRow> {
      await db
        .update(passwordSetupLinks)
        .set({ voidedAt: link.createdAt })
        .where(
          and(
            eq(passwordSetupLinks.userId, link.userId),
            isNull(passwordSetupLinks.usedAt),
            isNull(passwordSetupLinks.voidedAt),
          ),
        );
      const [row] = await db.insert(passwordSetupLinks).values(link).returning();
      if (!row) throw new Error('insert into password_setup_links returned nothing');
      return row;
    },

    /** A link by its token's hash with its client's username, whatever its state. */
    async byHash(tokenHash: string) {
      const rows = await db
        .select({ link: passwordSetupLinks, username: users.username })
        .from(passwordSetupLinks)
        .innerJoin(users, eq(users.id, passwordSetupLinks.userId))
        .where(eq(passwordSetupLinks.tokenHash, tokenHash))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The link's row, locked until the transaction ends (a second use waits, then finds it used). */
    async lockByHash(tokenHash: string): Promise<SetupLinkRow | null> {
      const rows = await db
        .select()
        .from(passwordSetupLinks)
        .where(eq(passwordSetupLinks.tokenHash, tokenHash))
        .for('update')
        .limit(1);
      return rows[0] ?? null;
    },

    async markUsed(id: number, at: Date): Promise<void> {
      await db.update(passwordSetupLinks).set({ usedAt: at }).where(eq(passwordSetupLinks.id, id));
    },

    /** The client's password, set through the link. */
    async setPassword(userId: number, passwordHash: string, at: Date): Promise<void> {
      await db.update(users).set({ passwordHash, passwordChangedAt: at }).where(eq(users.id, userId));
    },
  };
}

export type SetupLinksRepository = ReturnType<typeof createSetupLinksRepository>;
