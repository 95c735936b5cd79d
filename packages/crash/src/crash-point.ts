/**
 * bustabit v2's crash point, without the hashing: the server takes the HMAC from Node's crypto, the browser's
 * verifier from Web Crypto, and both read it here. Hundredths (150 = 1.50×).
 */

/** The crash point (hundredths) of the HMAC's first 52 bits `r`: X = r / 2^52, max(1, floor(99 / (1 − X)) / 100). */
export function crashPointOfBits(r: number): number {
  const x = r / 2 ** 52;
  return Math.max(100, Math.floor(99 / (1 - x)));
}

/** The crash point (hundredths) of HMAC-SHA256(key = salt, message = hash) as hex: its first 13 hex digits. */
export const crashPointOfHmac = (hmacHex: string): number =>
  crashPointOfBits(Number.parseInt(hmacHex.slice(0, 13), 16));
