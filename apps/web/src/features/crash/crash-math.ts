import { crashPointOfHmac } from '@sb/crash';

/**
 * The crash game's maths in the browser, with Web Crypto only (nothing from the server is trusted): bustabit v2's
 * crash point and the hash chain's link (the flight's curve and the crash point of an HMAC are `@sb/crash`'s, the
 * server's own). Multipliers are hundredths (150 = 1.50×).
 */

const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of a text (a hash as hex text), as hex. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/**
 * A chain's salt: SHA-256 of its terminating hash (published first) and the client seeds players gave after it,
 * in order, one a line. The server could not know them when it committed to the chain.
 */
export const saltOf = (terminatingHash: string, seeds: readonly string[]): Promise<string> =>
  sha256Hex([terminatingHash, ...seeds].join('\n'));

/** A random client seed the browser gives the chain collecting them (128 bits, hex). */
export function randomClientSeed(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** crash = max(1, floor(99 / (1 − X)) / 100), X = first 52 bits of HMAC-SHA256(key = salt, message = hash) / 2^52. */
export async function crashPointOf(hash: string, salt: string): Promise<number> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(salt),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return crashPointOfHmac(hex(await crypto.subtle.sign('HMAC', key, encoder.encode(hash))));
}

/** 150 → "1.50×". */
export const formatMultiplier = (hundredths: number) => `${(hundredths / 100).toFixed(2)}×`;

/** A stake typed in major units ("1.5", "2,50") as minor units, or null when it is not a whole number of cents. */
export function parseStake(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(normalised)) return null;
  const [whole, fraction = ''] = normalised.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A multiplier typed as "1.5" or "2" as hundredths (≥ 1.01), or null. */
export function parseMultiplier(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(normalised)) return null;
  const [whole, fraction = ''] = normalised.split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return value >= 101 ? value : null;
}
