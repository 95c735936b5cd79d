import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { IdSource } from '../../lib/ids';
import { HttpError } from '../../plugins/errors';
import { createIdentityRepository } from './identity.repository';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, passwordPolicyError } from './passwords';
import { createSetupLinksRepository, type SetupLinkRow } from './setup-links.repository';
import { sha256 } from './tokens.service';

/** A new account's link lives 72 hours (the client may read the operator's message days later). */
export const NEW_ACCOUNT_LINK_MS = 72 * 3600_000;
/** A reset's link lives one hour (the client asked for it and is waiting). */
export const RESET_LINK_MS = 3600_000;
/** 32 random bytes (256 bits), base64url. */
const LINK_TOKEN_BYTES = 32;

export type SetupPurpose = 'new' | 'reset';

const invalidToken = () =>
  new HttpError(400, 'invalid_token', 'this link is unknown, expired or already used', 'token');

/** A password the rules refuse: the translation key of the first broken rule (passwords.ts). */
export class PasswordRuleError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/**
 * Issue 35 §2: one-time links to set a client's password. The token is shown once (in the desk's answer) and only
 * its SHA-256 is kept; a newer link voids the older ones; a use locks the row, so of two uses at once one wins.
 */
export function createSetupLinks(deps: { db: Db; clock: Clock; ids: IdSource; throttle: LoginThrottle }) {
  const { db, clock } = deps;
  const live = (link: SetupLinkRow, now: number) =>
    link.usedAt === null && link.voidedAt === null && link.expiresAt.getTime() > now;

  return {
    /** A new link for the client in `tx` (their older links void): the token, never stored, and its end. */
    async issue(
      tx: DbOrTx,
      input: { userId: number; appId: number; purpose: SetupPurpose; createdBy: string },
    ): Promise<{ token: string; expiresAt: Date }> {
      const token = deps.ids.token(LINK_TOKEN_BYTES);
      const now = clock.now();
      const expiresAt = new Date(now + (input.purpose === 'new' ? NEW_ACCOUNT_LINK_MS : RESET_LINK_MS));
      await createSetupLinksRepository(tx).replace({
        ...input,
        tokenHash: sha256(token),
        createdAt: new Date(now),
        expiresAt,
      });
      return { token, expiresAt };
    },

    /** Whether a token is live, with its client's username (the page greets them), or null. */
    async check(token: string): Promise<{ username: string; purpose: SetupPurpose; expiresAt: Date } | null> {
      const found = await createSetupLinksRepository(db).byHash(sha256(token));
      if (!found || !live(found.link, clock.now())) return null;
      return { username: found.username, purpose: found.link.purpose, expiresAt: found.link.expiresAt };
    },

    /**
     * Sets the password through the link: counted like a login attempt from `address` (429 over the limit); 400
     * `invalid_token` for an unknown, expired, voided or used link; the rules' refusal (PasswordRuleError) leaves
     * the link usable. The client's sessions end (a reset's link may follow a stolen password).
     */
    async use(input: { token: string; password: string; address: string }): Promise<{ username: string }> {
      const attempt = await deps.throttle.attempt({ address: input.address });
      const hash = sha256(input.token);
      const found = await createSetupLinksRepository(db).byHash(hash);
      if (!found || !live(found.link, clock.now())) throw invalidToken();
      const rule = passwordPolicyError(input.password, found.username);
      if (rule) {
        await attempt.succeeded();
        throw new PasswordRuleError(rule);
      }
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const links = createSetupLinksRepository(tx);
        const link = await links.lockByHash(hash);
        const now = clock.now();
        if (!link || !live(link, now)) throw invalidToken();
        await links.markUsed(link.id, new Date(now));
        await links.setPassword(link.userId, passwordHash, new Date(now));
        await createIdentityRepository(tx).revokeUserSessions(link.userId, new Date(now), 'password_set');
      });
      await attempt.succeeded();
      return { username: found.username };
    },
  };
}

export type SetupLinks = ReturnType<typeof createSetupLinks>;
