import { randomBytes, randomUUID } from 'node:crypto';

/** Id source handed to services so tests can make ids predictable. */
export interface IdSource {
  uuid(): string;
  /** URL-safe random token with `bytes` bytes of entropy. */
  token(bytes?: number): string;
}

export const cryptoIds: IdSource = {
  uuid: () => randomUUID(),
  token: (bytes = 32) => randomBytes(bytes).toString('base64url'),
};
