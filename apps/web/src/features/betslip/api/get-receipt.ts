import { apiRequest } from '@/lib/api-client';

/**
 * The printable receipt of a bet (spec §7: print=1, tz, host). It needs the bearer token, so it is fetched
 * here rather than opened as a plain link.
 */
export function getReceipt(id: number, locale: string, tz: string, host: string): Promise<string> {
  return apiRequest<string>('core', `/api/v1/bet/detail/${id}`, {
    query: { print: 1, tz, host, _locale: locale },
    responseType: 'text',
  });
}
