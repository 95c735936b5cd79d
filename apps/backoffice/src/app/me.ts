import type { OpsSession } from '@sb/contract';

/** The signed-in operator, as `GET /ops/v1/session` answers it (less its CSRF token). */
export type Me = Pick<
  OpsSession,
  'username' | 'role' | 'brandId' | 'brandName' | 'permissions' | 'totpEnrolmentRequired'
>;
