import type { BetView } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

/** One bet of the client with its selections (spec §7 bet/detail; reuse reads its items). */
export async function getBetDetail(id: number, locale: string): Promise<BetView> {
  const data = await apiRequest<{ result: BetView }>('core', `/api/v1/bet/detail/${id}`, {
    query: { _locale: locale },
  });
  return data.result;
}
