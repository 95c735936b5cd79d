import type { OpsPermission, OpsSession } from '@sb/contract';
import type { Me } from './me';

/**
 * Whether the signed-in operator's role may do something (issue 35 §3): the permissions the session answered, the
 * server's own (it refuses the rest). The desk offers only what the operator may do.
 */
export const may = (me: Pick<Me, 'permissions'>, permission: OpsPermission): boolean =>
  me.permissions.includes(permission);

/** The operator of a session's answer. */
export const meOf = (s: OpsSession): Me => ({
  username: s.username,
  role: s.role,
  brandId: s.brandId,
  brandName: s.brandName,
  permissions: s.permissions,
  totpEnrolmentRequired: false,
});
