import type { TFunction } from '@/lib/i18n';
import { ApiError } from '@/lib/api-client';

const KNOWN = new Set([
  'insufficient_funds',
  'stake_limit_exceeded',
  'loss_limit_exceeded',
  'timed_out',
  'self_excluded',
  'account_blocked',
  'betting_closed',
  'session_ended',
]);

/** What the game shows when the server refused a play: the reason in the player's language; no money moved. */
export function playErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return t('casino.error.rate_limited');
    const code = error.body.error;
    if (code && KNOWN.has(code)) return t(`casino.error.${code}`);
  }
  return t('casino.error.generic');
}
