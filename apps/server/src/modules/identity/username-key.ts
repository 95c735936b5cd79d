/**
 * The one normal form of a username, used for the database lookup, the uniqueness rule and the login
 * counters alike: Unicode NFKC (full-width and compatibility forms fold to their plain letters), then
 * locale-independent lower case, then the Turkish i variants folded onto `i` (İ lower-cases to i + U+0307
 * COMBINING DOT ABOVE, and ı is dotless i). So `DEMO`, `ｄｅｍｏ`, `demİ` and `demı` all name `demi`/`demo`'s
 * account and share its counters, and no new name may fold onto an existing one.
 */
export function usernameKey(username: string): string {
  return username
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\u0307/g, '')
    .replace(/\u0131/g, 'i')
    .normalize('NFKC');
}
