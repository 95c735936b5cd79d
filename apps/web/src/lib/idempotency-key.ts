/**
 * A key for a money-moving request that may be retried (betPlace, cash-out): 32 hex digits. getRandomValues
 * works on plain http too, unlike randomUUID.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
