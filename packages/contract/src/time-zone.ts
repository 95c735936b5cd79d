/**
 * The one time-zone check, for the server's forms and schemas and the web's server render: whether the platform's
 * Intl knows an IANA zone, and its canonical name. Zod-free, so the web takes it from '@sb/contract/constants'.
 */

/** A zone's canonical IANA name ('europe/istanbul' → 'Europe/Istanbul'); null for none, or a name over 64 chars. */
export function canonicalTimeZone(tz: string | undefined): string | null {
  if (!tz || tz.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Whether `tz` is an IANA time zone the platform knows (at most 64 characters, as the database stores it). */
export const isTimeZone = (tz: string): boolean => canonicalTimeZone(tz) !== null;
