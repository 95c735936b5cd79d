import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { OPS_PERMISSIONS, OPS_ROLES, opsRoleMay, type OpsPermission } from '@sb/contract';
import qrcode from 'qrcode-generator';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { hashSecret, verifySecret } from '../../lib/password-hash';
import { HttpError } from '../../plugins/errors';
import type { OperatorRole } from './ops.tables';
import { createOperatorsRepository, type OperatorRow } from './operators.repository';

/** The roles, each a set of permissions declared once in the contract (`OPS_ROLE_GRANTS`, issue 35 §3). */
export const OPERATOR_ROLES = OPS_ROLES;
export type Permission = OpsPermission;
export const can = (role: OperatorRole, permission: Permission) => opsRoleMay(role, permission);
/** What a role may do, in the contract's order. */
export const permissionsOf = (role: OperatorRole): Permission[] =>
  OPS_PERMISSIONS.filter((p) => opsRoleMay(role, p));

/** A session lives at most this long however often it is used. */
export const SESSION_MAX_MS = 8 * 3600_000;
const TOTP_PERIOD_S = 30;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Who is asking: an operator's session, or the automation token (admin of every brand). */
export interface OperatorContext {
  operatorId: number | null;
  username: string;
  role: OperatorRole;
  /** null = every brand. */
  brandId: number | null;
  scope: 'full' | 'enrol';
}

export type { OperatorRow } from './operators.repository';

/** An operator as the desk sees it: never its password hash or second factor's secret. */
export const publicOperator = (o: OperatorRow, brandName: string | null = null) => ({
  id: o.id,
  username: o.username,
  role: o.role,
  brandId: o.brandId,
  brandName: o.brandId === null ? null : brandName,
  totpEnabled: o.totpEnabled,
  totpEnrolmentRequired: o.totpEnrolmentRequired,
  disabled: o.disabled,
  lastLoginAt: o.lastLoginAt?.toISOString() ?? null,
  createdAt: o.createdAt.toISOString(),
});

function totpOf(secret: string, username: string) {
  return new OTPAuth.TOTP({
    issuer: 'Sportsbook back office',
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The time step a code is valid for (±1 step of drift), or null. */
function totpStep(secret: string, username: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, username).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

/** The current code of a secret (tests and the demo's seed script). */
export function totpCode(secret: string, now: number): string {
  return totpOf(secret, 'x').generate({ timestamp: now });
}

function qrSvg(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
}

let dummy: Promise<string> | null = null;

/** Refused second factors in a row before each further one locks it (per account, on every address and instance). */
const CODE_FREE_TRIES = 5;
/** The longest lock of the second factor (it doubles from 1 s): never locked for good. */
const CODE_LOCK_MAX_S = 15 * 60;

/** The one answer of every refused login. */
const refused = () => new HttpError(401, 'invalid_credentials', 'invalid username, password or code');

export function createOperatorsService(deps: {
  db: Db;
  clock: Clock;
  require2fa: boolean;
  sessionMinutes: number;
  automationToken?: string | undefined;
}) {
  const { clock } = deps;
  const repo = createOperatorsRepository(deps.db);
  const idleMs = deps.sessionMinutes * 60_000;
  const automation = deps.automationToken ? Buffer.from(sha256(deps.automationToken)) : null;

  const { byUsername, byId } = repo;

  async function openSession(o: OperatorRow, scope: 'full' | 'enrol') {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await repo.insertSession({
      tokenHash: sha256(token),
      operatorId: o.id,
      scope,
      createdAt: new Date(now),
      expiresAt: new Date(Math.min(now + idleMs, now + SESSION_MAX_MS)),
    });
    return token;
  }

  return {
    byId,
    async create(input: {
      username: string;
      password: string;
      role: OperatorRole;
      brandId: number | null;
    }): Promise<OperatorRow> {
      if (await byUsername(input.username))
        throw new HttpError(409, 'conflict', 'username already taken', 'username');
      return repo.insert({
        username: input.username,
        passwordHash: await hashSecret(input.password),
        role: input.role,
        brandId: input.brandId,
        createdAt: new Date(clock.now()),
      });
    },

    /** The operators a brand's admin may see: its brand's (an all-brands admin, null: every one). */
    list: (brandId: number | null = null) => repo.all(brandId),

    /**
     * A change of role, brand scope or disabled. Every request reads its operator's row, so a change holds on the
     * next request on every instance; disabling also revokes the operator's sessions (the ticker socket's check).
     */
    async update(id: number, patch: { role?: OperatorRole; brandId?: number | null; disabled?: boolean }) {
      const row = await repo.update(id, patch);
      if (row && patch.disabled) await repo.revokeSessions(id, new Date(clock.now()));
      return row;
    },

    /**
     * Resets an operator's second factor (issue 35 §3): the secret is forgotten, their sessions end, and the next
     * login (password right) opens an enrol-only session whatever OPS_REQUIRE_2FA says.
     */
    async resetTotp(id: number) {
      const row = await repo.update(id, {
        totpSecret: null,
        totpEnabled: false,
        totpLastStep: null,
        totpFailures: 0,
        totpLockedUntil: null,
        totpEnrolmentRequired: true,
      });
      if (row) await repo.revokeSessions(id, new Date(clock.now()));
      return row;
    },

    /**
     * Password, then the second factor. With OPS_REQUIRE_2FA an operator who has not enrolled yet gets an
     * `enrol` session that can only enrol; one who has enrolled must send a current code, whatever the setting.
     * Every failure answers the same 401 with the same message — unknown name (it costs the same argon2 time),
     * wrong password, missing, wrong or replayed code, second factor locked — so no answer confirms a password.
     */
    async login(username: string, password: string, code: string | undefined) {
      const o = await byUsername(username);
      if (!o || o.disabled) {
        dummy ??= hashSecret('dummy-operator-password');
        await verifySecret(await dummy, password);
        throw refused();
      }
      if (!(await verifySecret(o.passwordHash, password))) throw refused();
      if (o.totpEnabled && o.totpSecret) {
        const now = clock.now();
        // Counted per account in the database before the code is looked at (every address, every instance).
        const tries = await repo.claimCodeTry(o.id, new Date(now), CODE_FREE_TRIES, CODE_LOCK_MAX_S);
        if (tries === null || !code) throw refused();
        const step = totpStep(o.totpSecret, o.username, code, now);
        if (step === null || !(await repo.consumeTotpStep(o.id, step))) throw refused();
        await repo.update(o.id, { lastLoginAt: new Date(now) });
        return { operator: o, token: await openSession(o, 'full'), scope: 'full' as const };
      }
      const scope = deps.require2fa || o.totpEnrolmentRequired ? ('enrol' as const) : ('full' as const);
      await repo.update(o.id, { lastLoginAt: new Date(clock.now()) });
      return { operator: o, token: await openSession(o, scope), scope };
    },

    /** The bearer of `/ops/v1/*`: a session token (idle time pushed forward) or OPERATOR_TOKEN. */
    async authenticate(token: string): Promise<OperatorContext | null> {
      if (!token) return null;
      const digest = sha256(token);
      if (automation && timingSafeEqual(Buffer.from(digest), automation))
        return { operatorId: null, username: 'automation', role: 'admin', brandId: null, scope: 'full' };
      const now = clock.now();
      const row = await repo.session(digest);
      if (!row || row.session.revokedAt || row.operator.disabled) return null;
      if (row.session.expiresAt.getTime() <= now) return null;
      const next = Math.min(now + idleMs, row.session.createdAt.getTime() + SESSION_MAX_MS);
      // Push the idle end forward at most once a minute (a ticker polls every second).
      if (next - row.session.expiresAt.getTime() > 60_000)
        await repo.updateSession(digest, { expiresAt: new Date(next) });
      return {
        operatorId: row.operator.id,
        username: row.operator.username,
        role: row.operator.role,
        brandId: row.operator.brandId,
        scope: row.session.scope,
      };
    },

    /** Whether a token's session still holds (not revoked, not expired), without pushing its idle end forward. */
    async stillValid(token: string): Promise<boolean> {
      const digest = sha256(token);
      if (automation && timingSafeEqual(Buffer.from(digest), automation)) return true;
      const row = await repo.session(digest);
      return Boolean(
        row &&
        !row.session.revokedAt &&
        !row.operator.disabled &&
        row.session.expiresAt.getTime() > clock.now(),
      );
    },

    async logout(token: string) {
      await repo.updateSession(sha256(token), { revokedAt: new Date(clock.now()) });
    },

    /** Enrolment, step 1: a new secret (replacing an unconfirmed one), its otpauth:// URI and a QR code. */
    async startEnrolment(operatorId: number) {
      const o = await byId(operatorId);
      if (!o) throw new HttpError(404, 'not_found', 'operator not found');
      if (o.totpEnabled) throw new HttpError(409, 'conflict', 'a second factor is already enrolled');
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await repo.update(o.id, { totpSecret: secret });
      const uri = totpOf(secret, o.username).toString();
      return { secret, uri, qrSvg: qrSvg(uri) };
    },

    /** Enrolment, step 2: a current code confirms the secret; the session becomes a full one. */
    async confirmEnrolment(operatorId: number, token: string, code: string) {
      const o = await byId(operatorId);
      if (!o?.totpSecret || o.totpEnabled) throw new HttpError(409, 'conflict', 'no enrolment in progress');
      const step = totpStep(o.totpSecret, o.username, code, clock.now());
      if (step === null) throw new HttpError(400, 'validation', 'the code does not match', 'totp');
      await repo.update(o.id, { totpEnabled: true, totpLastStep: step, totpEnrolmentRequired: false });
      await repo.updateSession(sha256(token), { scope: 'full' });
    },
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;

/** The demo's operators (README): one of each role, every brand, no second factor enrolled yet. */
export const DEMO_OPERATORS = [
  { username: 'admin', password: 'admin-pass-2026', role: 'admin' },
  { username: 'trader', password: 'trader-pass-2026', role: 'trader' },
  { username: 'support', password: 'support-pass-2026', role: 'support' },
] as const;

export async function seedDemoOperators(service: OperatorsService): Promise<void> {
  const existing = new Set((await service.list()).map((o) => o.username));
  for (const o of DEMO_OPERATORS)
    if (!existing.has(o.username)) await service.create({ ...o, brandId: null });
}
