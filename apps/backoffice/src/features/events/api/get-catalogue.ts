import type { OpsCatalogueResponse } from '@sb/contract';
import { call } from '../../../api';

export interface CatalogueQuery {
  q?: string;
  sport?: number;
  region?: number;
  competition?: number;
  live?: boolean;
}

/** `GET /ops/v1/catalogue`: the matching events and the tree sport › region › competition with counts. */
export function getCatalogue(query: CatalogueQuery): Promise<OpsCatalogueResponse['result']> {
  const params = new URLSearchParams({ limit: '100' });
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return call('GET', `/ops/v1/catalogue?${params}`);
}
