import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { BrandLogoType } from '@sb/contract';
import { bytea } from '../../db/columns';
import { apps } from './tenancy.tables';

/**
 * A brand's uploaded logo (issue 35 §1): one per brand, kept in the row (100 KB at most) so every instance serves
 * it, under a name made of its hash (`/api/v1/brand-logo/{hash}.{ext}`, a path on the brand's own host; the desk
 * previews it on its own).
 */
export const brandLogos = pgTable(
  'brand_logos',
  {
    appId: integer('app_id')
      .primaryKey()
      .references(() => apps.id, { onDelete: 'cascade' }),
    imageType: text('image_type').$type<BrandLogoType>().notNull(),
    image: bytea('image').notNull(),
    /** The picture's SHA-256, hex, first 16: its address. */
    imageHash: text('image_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('brand_logos_image_hash_idx').on(t.imageHash)],
);
