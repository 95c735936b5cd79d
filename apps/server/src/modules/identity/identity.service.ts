import { isTimeZone, type OddsFormat, type Role, type UserPreferences } from '@sb/contract';
import type { DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError, badRequest } from '../../plugins/errors';
import { createIdentityRepository, type IdentityRepository, type UserRow } from './identity.repository';

/** A user as the service hands it to routes and other modules. */
export type { UserRow };
import { UNSET_PASSWORD, hashPassword, passwordPolicyError, verifyPassword } from './passwords';
import type { LoginThrottle } from './login-throttle';

const USERNAME = /^[a-zA-Z0-9._-]{3,32}$/;

/** 409 naming the field: the name (folded as the login folds it) is another client's of this brand. */
const usernameTaken = () =>
  new HttpError(409, 'username_taken', 'username is taken in this brand', 'username');

export interface CreateUserInput {
  appId: number;
  username: string;
  /** null: none yet (a client made on the desk sets theirs through a one-time link; no password logs in). */
  password: string | null;
  role: Role;
  resellerId?: number | null;
  firstName?: string;
  lastName?: string;
  email?: string;
  dateOfBirth?: string | null;
  currencyIso?: string;
  timezone?: string;
  language?: 'en' | 'tr';
}

/** Field-level failure of a form: the field and the translation key of its message. */
export class FormError extends Error {
  constructor(
    readonly field: string,
    readonly key: string,
  ) {
    super(key);
  }
}

export function preferencesOf(user: UserRow): UserPreferences {
  return {
    oddsFormat: user.oddsFormat,
    oddsChange: user.oddsChange,
    language: user.language,
    timezone: user.timezone,
    dateFormat: user.dateFormat,
    hideBalance: user.hideBalance,
  };
}

/** What the identity service is made of. */
interface IdentityDeps {
  repo: IdentityRepository;
  clock: Clock;
  /** Wrong current passwords count like failed logins (without it, e.g. in the operator CLI, nothing counts). */
  throttle?: LoginThrottle;
}

/** Users: their creation, look-ups, password change and preferences. */
export function createIdentityService(deps: IdentityDeps) {
  const { repo, clock } = deps;
  return {
    /** A new client or reseller; pass a transaction to make them inside it (with their setup link, audited). */
    createUser: (input: CreateUserInput, tx?: DbOrTx) => createUser(deps, input, tx),

    findUser: (appId: number, username: string) => repo.findUser(appId, username),
    userById: (id: number) => repo.userById(id),
    listUsers: (appId?: number) => repo.listUsers(appId),

    /** The user; pass a transaction to read inside it (PGlite has one connection). */
    async getUser(id: number, tx?: DbOrTx): Promise<UserRow> {
      const user = await (tx ? createIdentityRepository(tx) : repo).userById(id);
      if (!user) throw new HttpError(404, 'not_found', `user ${id} not found`);
      return user;
    },

    /**
     * Checks the current password and the new password's rules; throws FormError naming the field. Each
     * check of the current password counts like a login attempt from `address` (429 when over the limit).
     */
    async changePassword(
      user: UserRow,
      fields: { current: string; next: string; repeat: string },
      address: string,
    ): Promise<void> {
      if (!fields.current) throw new FormError('current_password', 'form.required');
      const attempt = await deps.throttle?.attempt({
        address,
        user: { appId: user.appId, key: user.usernameKey, id: user.id },
      });
      if (!(await verifyPassword(user.passwordHash, fields.current)))
        throw new FormError('current_password', 'password.current_wrong');
      await attempt?.succeeded();
      const policy = passwordPolicyError(fields.next, user.username);
      if (policy) throw new FormError('new_password', policy);
      if (fields.next !== fields.repeat) throw new FormError('new_password_repeat', 'password.mismatch');
      const now = new Date(clock.now());
      await repo.updateUser(user.id, {
        passwordHash: await hashPassword(fields.next),
        passwordChangedAt: now,
      });
    },

    async updatePreferences(
      user: UserRow,
      prefs: {
        oddsFormat: OddsFormat;
        oddsChange: 'none' | 'any' | 'higher';
        language: 'en' | 'tr';
        timezone: string;
        dateFormat: string;
        hideBalance: boolean;
      },
    ): Promise<void> {
      if (!isTimeZone(prefs.timezone)) throw new FormError('timezone', 'preferences.timezone_invalid');
      await repo.updateUser(user.id, prefs);
    },
  };
}

/** A new client or reseller; pass a transaction to make them inside it (with their setup link, audited). */
async function createUser(deps: IdentityDeps, input: CreateUserInput, tx?: DbOrTx): Promise<UserRow> {
  const r = tx ? createIdentityRepository(tx) : deps.repo;
  await checkNewUser(input, r);
  const now = new Date(deps.clock.now());
  return insertOrTaken(
    {
      appId: input.appId,
      username: input.username,
      passwordHash: input.password === null ? UNSET_PASSWORD : await hashPassword(input.password),
      role: input.role,
      resellerId: input.resellerId ?? null,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      email: input.email ?? '',
      dateOfBirth: input.dateOfBirth ?? null,
      currencyIso: input.currencyIso ?? 'TRY',
      timezone: input.timezone ?? 'Europe/Istanbul',
      language: input.language ?? 'tr',
      createdAt: now,
      passwordChangedAt: now,
    },
    r,
  );
}

/** A new user's fields, a free username and, when named, a reseller of the same app; a 400 naming the field. */
async function checkNewUser(input: CreateUserInput, r: IdentityRepository): Promise<void> {
  if (!USERNAME.test(input.username))
    throw badRequest('username', 'username: 3–32 letters, digits, dot, dash or underscore');
  const policy = input.password === null ? null : passwordPolicyError(input.password, input.username);
  if (policy) throw badRequest('password', `password rejected (${policy})`);
  if (input.timezone && !isTimeZone(input.timezone)) throw badRequest('timezone', 'unknown time zone');
  if (input.dateOfBirth && !/^\d{4}-\d{2}-\d{2}$/.test(input.dateOfBirth))
    throw badRequest('dateOfBirth', 'use YYYY-MM-DD');
  // The same key as the login lookup: a name that folds onto an existing one is taken.
  if (await r.findUser(input.appId, input.username)) throw usernameTaken();
  if (input.resellerId != null) {
    const reseller = await r.userById(input.resellerId);
    if (!reseller || reseller.role !== 'ROLE_RESELLER' || reseller.appId !== input.appId) {
      throw badRequest('resellerId', 'no such reseller in this app');
    }
  }
}

/** A concurrent create of the same username loses on the unique index: report it as taken, not a crash. */
async function insertOrTaken(
  row: Parameters<IdentityRepository['insertUser']>[0],
  r: IdentityRepository,
): Promise<UserRow> {
  try {
    return await r.insertUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

export type IdentityService = ReturnType<typeof createIdentityService>;
