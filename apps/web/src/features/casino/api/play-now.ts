import { buildUrl } from '@/lib/api-client';

/**
 * Spec §7 playnow is a navigation, not a fetch: `{api}/api/v1/casino/playnow?mobile=1&gameId={extended_id}`
 * with the client's `access_token`, or `demo=1` (fun money, no token needed) for a demo round.
 */
export function playNowUrl(extendedId: string, play: { token: string } | { demo: true }): string {
  return buildUrl('api', '/api/v1/casino/playnow', {
    mobile: 1,
    gameId: extendedId,
    ...('demo' in play ? { demo: 1 } : { access_token: play.token }),
  });
}

/** Opens the game in a new tab (spec §2 Game tile); the game page gets no handle on this one. */
export function openGameTab(url: string): void {
  window.open(url, '_blank', 'noopener');
}
