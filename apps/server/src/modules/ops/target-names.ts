import type { Db } from '../../db/database';
import { createTargetNamesRepository } from './target-names.repository';
import type { MarketNamer } from './ticker';

/**
 * The names behind the desk's limit and override rows (issue 34 §5: names, not ids): brands by name; sports,
 * events, markets and selections in both languages. The reads are `target-names.repository.ts`.
 */
export function createTargetNames(db: Db, marketName: MarketNamer) {
  const repo = createTargetNamesRepository(db, marketName);
  return { brands: repo.brands, of: repo.of };
}

export type TargetNames = ReturnType<typeof createTargetNames>;
