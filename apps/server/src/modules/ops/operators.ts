import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, asc, eq, isNull } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import qrcode from 'qrcode-generator';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../plugins/errors';
import { operatorSessions, operators, type OperatorRole } from './ops.tables';

export const OPERATOR_ROLES = ['admin', 'trader', 'support'] as const;
/** What each role may do: support reads; trader also trades; admin also manages operators. */
export type Permission = 'read' | 'trade' | 'manage';
const GRANTS: Record<OperatorRole, Permission[]> = {
  support: ['read'],
  trader: ['read', 'trade'],
  admin: ['read', 'trade', 'manage'],
};
export const can = (role: OperatorRole, permission: Permission) => GRANTS[role].includes(permission);

/** OWASP's argon2id minimum, as the identity module hashes clients' passwords. */
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
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

export type OperatorRow = typeof operators.$inferSelect;

export const publicOperator = (o: OperatorRow) => ({
  id: o.id,
  username: o.username,
  role: o.role,
  brandId: o.brandId,
  totpEnabled: o.totpEnabled,
  disabled: o.disabled,
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

export function createOperatorsService(deps: {
  db: Db;
  clock: Clock;
  require2fa: boolean;
  sessionMinutes: number;
  automationToken?: string | undefined;
}) {
  const { db, clock } = deps;
  const idleMs = deps.sessionMinutes * 60_000;
  const automation = deps.automationToken ? Buffer.from(sha256(deps.automationToken)) : null;

  async function byUsername(username: string) {
    return (await db.select().from(operators).where(eq(operators.username, username)))[0] ?? null;
  }
  async function byId(id: number) {
    return (await db.select().from(operators).where(eq(operators.id, id)))[0] ?? null;
  }

  async function openSession(o: OperatorRow, scope: 'full' | 'enrol') {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await db.insert(operatorSessions).values({
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
      const [row] = await db
        .insert(operators)
        .values({
          username: input.username,
          passwordHash: await hash(input.password, ARGON2),
          role: input.role,
          brandId: input.brandId,
          createdAt: new Date(clock.now()),
        })
        .returning();
      return row!;
    },

    list: () => db.select().from(operators).orderBy(asc(operators.id)),

    async update(id: number, patch: { role?: OperatorRole; brandId?: number | null; disabled?: boolean }) {
      const [row] = await db.update(operators).set(patch).where(eq(operators.id, id)).returning();
      if (patch.disabled)
        await db
          .update(operatorSessions)
          .set({ revokedAt: new Date(clock.now()) })
          .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.revokedAt)));
      return row ?? null;
    },

    /**
     * Password, then the second factor. With OPS_REQUIRE_2FA an operator who has not enrolled yet gets an
     * `enrol` session that can only enrol; one who has enrolled must send a current code, whatever the setting.
     * Every failure answers the same 401 (an unknown name costs the same argon2 time).
     */
    async login(username: string, password: string, code: string | undefined) {
      const o = await byUsername(username);
      if (!o || o.disabled) {
        dummy ??= hash('dummy-operator-password', ARGON2);
        await verify(await dummy, password).catch(() => false);
        throw new HttpError(401, 'invalid_credentials', 'invalid username, password or code');
      }
      const ok = await verify(o.passwordHash, password).catch(() => false);
      if (!ok) throw new HttpError(401, 'invalid_credentials', 'invalid username, password or code');
      if (o.totpEnabled && o.totpSecret) {
        if (!code) throw new HttpError(401, 'totp_required', 'a TOTP code is required', 'totp');
        const step = totpStep(o.totpSecret, o.username, code, clock.now());
        if (step === null || (o.totpLastStep !== null && step <= o.totpLastStep))
          throw new HttpError(401, 'invalid_credentials', 'invalid username, password or code', 'totp');
        await db.update(operators).set({ totpLastStep: step }).where(eq(operators.id, o.id));
        return { operator: o, token: await openSession(o, 'full'), scope: 'full' as const };
      }
      const scope = deps.require2fa ? ('enrol' as const) : ('full' as const);
      return { operator: o, token: await openSession(o, scope), scope };
    },

    /** The bearer of `/ops/v1/*`: a session token (idle time pushed forward) or OPERATOR_TOKEN. */
    async authenticate(token: string): Promise<OperatorContext | null> {
      if (!token) return null;
      const digest = sha256(token);
      if (automation && timingSafeEqual(Buffer.from(digest), automation))
        return { operatorId: null, username: 'automation', role: 'admin', brandId: null, scope: 'full' };
      const now = clock.now();
      const [row] = await db
        .select({ session: operatorSessions, operator: operators })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(eq(operatorSessions.tokenHash, digest));
      if (!row || row.session.revokedAt || row.operator.disabled) return null;
      if (row.session.expiresAt.getTime() <= now) return null;
      const next = Math.min(now + idleMs, row.session.createdAt.getTime() + SESSION_MAX_MS);
      // Push the idle end forward at most once a minute (a ticker polls every second).
      if (next - row.session.expiresAt.getTime() > 60_000)
        await db
          .update(operatorSessions)
          .set({ expiresAt: new Date(next) })
          .where(eq(operatorSessions.tokenHash, digest));
      return {
        operatorId: row.operator.id,
        username: row.operator.username,
        role: row.operator.role,
        brandId: row.operator.brandId,
        scope: row.session.scope,
      };
    },

    async logout(token: string) {
      await db
        .update(operatorSessions)
        .set({ revokedAt: new Date(clock.now()) })
        .where(eq(operatorSessions.tokenHash, sha256(token)));
    },

    /** Enrolment, step 1: a new secret (replacing an unconfirmed one), its otpauth:// URI and a QR code. */
    async startEnrolment(operatorId: number) {
      const o = await byId(operatorId);
      if (!o) throw new HttpError(404, 'not_found', 'operator not found');
      if (o.totpEnabled) throw new HttpError(409, 'conflict', 'a second factor is already enrolled');
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await db.update(operators).set({ totpSecret: secret }).where(eq(operators.id, o.id));
      const uri = totpOf(secret, o.username).toString();
      return { secret, uri, qrSvg: qrSvg(uri) };
    },

    /** Enrolment, step 2: a current code confirms the secret; the session becomes a full one. */
    async confirmEnrolment(operatorId: number, token: string, code: string) {
      const o = await byId(operatorId);
      if (!o?.totpSecret || o.totpEnabled) throw new HttpError(409, 'conflict', 'no enrolment in progress');
      const step = totpStep(o.totpSecret, o.username, code, clock.now());
      if (step === null) throw new HttpError(400, 'validation', 'the code does not match', 'totp');
      await db.update(operators).set({ totpEnabled: true, totpLastStep: step }).where(eq(operators.id, o.id));
      await db
        .update(operatorSessions)
        .set({ scope: 'full' })
        .where(eq(operatorSessions.tokenHash, sha256(token)));
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
