import { z } from 'zod';
import { OPS_ROLES } from './ops';

/**
 * The operators screen's requests (issue 35 §3, admin only): `POST /ops/v1/operators`,
 * `PATCH /ops/v1/operators/{id}`, `POST /ops/v1/operators/{id}/totp-reset`. The answers are `opsOperatorSchema`'s.
 */
const brandId = z.number().int().min(1).max(2_147_483_647);

/**
 * A new operator: the admin gives an initial password (argon2id on the server, never logged or answered); the
 * operator enrols their second factor at the first login.
 */
export const opsOperatorCreateSchema = z.object({
  username: z.string().regex(/^[a-z0-9._-]{3,40}$/, '3–40 of a-z 0-9 . _ -'),
  password: z.string().min(12, 'at least 12 characters').max(200),
  role: z.enum(OPS_ROLES),
  /** null: every brand. */
  brandId: brandId.nullable(),
});
export type OpsOperatorCreate = z.infer<typeof opsOperatorCreateSchema>;

/** A change of role, brand scope, or disabled (a disabled operator's sessions end at once). */
export const opsOperatorPatchSchema = z
  .object({
    role: z.enum(OPS_ROLES).optional(),
    brandId: brandId.nullable().optional(),
    disabled: z.boolean().optional(),
  })
  .refine((p) => p.role !== undefined || p.brandId !== undefined || p.disabled !== undefined, {
    message: 'nothing to change',
    path: ['role'],
  });
export type OpsOperatorPatch = z.infer<typeof opsOperatorPatchSchema>;
