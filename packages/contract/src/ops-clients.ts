import { z } from 'zod';
import { opsClientPageSchema, opsClientRowSchema, opsTickerBetSchema } from './ops';

/**
 * Issue 35 §2, the desk's clients: search, the client 360 and the actions on a client (block, notes, manual
 * adjustments with a second operator's approval above the brand's amount). Money in minor units.
 */
const int = () => z.number().int();
const answer = <T extends z.ZodType>(result: T) => z.object({ result });

/** Why an operator acts: required on every action, kept in the audit log. */
export const opsActionReason = z.string().trim().min(3, 'say why (3 characters or more)').max(200);

/** What a search's text matched: the id, the username (prefix), the name, the e-mail, a login or bet address. */
export const OPS_CLIENT_MATCHES = ['id', 'username', 'name', 'email', 'ip'] as const;
export type OpsClientMatch = (typeof OPS_CLIENT_MATCHES)[number];

/** `GET /ops/v1/clients?q&page&limit`: a page of clients, newest first. */
export const opsClientFoundSchema = opsClientRowSchema.extend({
  name: z.string(),
  email: z.string(),
  blocked: z.boolean(),
  matched: z.enum(OPS_CLIENT_MATCHES),
});
export type OpsClientFound = z.infer<typeof opsClientFoundSchema>;
export const opsClientSearchResponseSchema = answer(z.array(opsClientFoundSchema));

export const opsClientBlockSchema = z.object({ at: z.string(), reason: z.string() });
export type OpsClientBlock = z.infer<typeof opsClientBlockSchema>;

export const OPS_ADJUSTMENT_STATUSES = ['pending', 'posted', 'rejected'] as const;
export type OpsAdjustmentStatus = (typeof OPS_ADJUSTMENT_STATUSES)[number];

export const opsAdjustmentSchema = z.object({
  id: int(),
  clientId: int(),
  /** + a credit to the client's cash, − a debit (never below zero). */
  amount: int(),
  currency: z.string(),
  reason: z.string(),
  status: z.enum(OPS_ADJUSTMENT_STATUSES),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** The ledger movement once posted. */
  movementId: int().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type OpsAdjustment = z.infer<typeof opsAdjustmentSchema>;
export const opsAdjustmentResponseSchema = answer(opsAdjustmentSchema);

export const opsClientNoteSchema = z.object({
  id: int(),
  at: z.string(),
  operator: z.string(),
  text: z.string(),
});
export type OpsClientNote = z.infer<typeof opsClientNoteSchema>;
export const opsClientNoteResponseSchema = answer(opsClientNoteSchema);

/** A login of the client: when, from which address, on which device (the browser's user agent). */
export const opsClientLoginSchema = z.object({
  at: z.string(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type OpsClientLogin = z.infer<typeof opsClientLoginSchema>;

/** `GET /ops/v1/clients/{id}`: the client 360 (the page of issue 19/34 and what issue 35 adds). */
export const opsClient360Schema = opsClientPageSchema.extend({
  blocked: opsClientBlockSchema.nullable(),
  /** Everything the client ever staked (open bets too), sports and casino. */
  lifetime: z.object({ sportsStakes: int(), casinoStakes: int() }),
  /** Open and settled bets, newest first, each with its page on the desk. */
  bets: z.array(opsTickerBetSchema.extend({ link: z.string() })),
  logins: z.array(opsClientLoginSchema),
  notes: z.array(opsClientNoteSchema),
  adjustments: z.array(opsAdjustmentSchema),
  /** An adjustment larger than this (either sign) waits for a second operator (the brand's setting). */
  adjustmentApprovalAbove: int(),
});
export type OpsClient360 = z.infer<typeof opsClient360Schema>;
export const opsClient360ResponseSchema = answer(opsClient360Schema);

/** `POST /ops/v1/clients/{id}/block` and `.../unblock`: the block as it is now. */
export const opsClientBlockBodySchema = z.object({ reason: opsActionReason });
export const opsClientBlockResponseSchema = answer(z.object({ blocked: opsClientBlockSchema.nullable() }));

export const opsClientNoteBodySchema = z.object({ text: z.string().trim().min(1).max(2000) });

/** `POST /ops/v1/clients/{id}/adjustments`: idempotent on `idempotencyKey` (or the `Idempotency-Key` header). */
export const opsAdjustmentBodySchema = z.object({
  amount: int()
    .min(-1_000_000_000_00)
    .max(1_000_000_000_00)
    .refine((v) => v !== 0, 'an adjustment is not zero'),
  reason: opsActionReason,
  idempotencyKey: z.string().trim().min(1).max(100).optional(),
});
export type OpsAdjustmentBody = z.infer<typeof opsAdjustmentBodySchema>;
/** `POST .../adjustments/{id}/approve` (a second, different operator) and `.../reject`. */
export const opsAdjustmentDecisionBodySchema = z.object({ reason: opsActionReason.optional() });

/**
 * `GET /ops/v1/adjustments?status=pending&brand&limit`: the approvals queue — adjustments of the operator's brand
 * (every brand's for an all-brands operator) by status, pending ones oldest first (decided ones newest first), each
 * with its client's and brand's names; `requestedByYou`: the caller asked for it (they may reject, not approve).
 */
export const opsAdjustmentQueueRowSchema = opsAdjustmentSchema.extend({
  client: z.object({ id: int(), username: z.string(), name: z.string() }),
  brand: z.object({ id: int(), name: z.string() }),
  requestedByYou: z.boolean(),
});
export type OpsAdjustmentQueueRow = z.infer<typeof opsAdjustmentQueueRowSchema>;
export const opsAdjustmentQueueResponseSchema = answer(z.array(opsAdjustmentQueueRowSchema));

/** A client's username: 3–32 letters, digits, dot, dash or underscore (unique per brand, folded as at login). */
export const clientUsernameSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9._-]{3,32}$/, 'username: 3–32 letters, digits, dot, dash or underscore');
const personName = z.string().trim().max(100).optional();

/**
 * `POST /ops/v1/clients`: a new client of a brand (the operator's own, or `brandId` for an all-brands operator).
 * No password: the answer carries a one-time link to the player app's set-password page (72 hours).
 */
export const opsClientCreateBodySchema = z.object({
  username: clientUsernameSchema,
  email: z.union([z.literal(''), z.string().trim().email('not an e-mail address').max(200)]).optional(),
  firstName: personName,
  lastName: personName,
  brandId: z.number().int().positive().optional(),
  /** ISO 4217; default the brand's. */
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'a three-letter currency code')
    .optional(),
  /** The brand's reseller the client's deposits and withdrawals go through (the seed's model), if any. */
  resellerId: z.number().int().positive().optional(),
});
export type OpsClientCreateBody = z.infer<typeof opsClientCreateBodySchema>;

/** A one-time set-password link: shown once, never stored (only its hash is). */
export const opsSetupLinkSchema = z.object({ link: z.string(), expiresAt: z.string() });
export type OpsSetupLink = z.infer<typeof opsSetupLinkSchema>;

export const opsClientCreatedSchema = z.object({
  id: int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  brandId: int(),
  currency: z.string(),
  resellerId: int().nullable(),
  setupLink: z.string(),
  setupExpiresAt: z.string(),
});
export type OpsClientCreated = z.infer<typeof opsClientCreatedSchema>;
export const opsClientCreatedResponseSchema = answer(opsClientCreatedSchema);

/** `POST /ops/v1/clients/{id}/password-reset`: a one-hour link; the client's sessions end. */
export const opsPasswordResetBodySchema = z.object({ reason: opsActionReason });
export const opsPasswordResetResponseSchema = answer(opsSetupLinkSchema);
