import type { FastifyRequest } from 'fastify';
import type { OpsPluginContext } from '../ops/index';
import { toOpsBrand } from './brands';
import type { BrandAudit } from './tenancy.service';

/** What the ops module gives the routes it registers for another module. */
export type BrandsOpsContext = Pick<OpsPluginContext, 'brandScope' | 'record' | 'operatorOf'>;

/** Writes a brand change's audit entry (before and after as the desk reads them) in the change's transaction. */
export const brandAuditOf =
  (ops: BrandsOpsContext, request: FastifyRequest, action: string): BrandAudit =>
  async (tx, before, after) => {
    await ops.record(tx, request, {
      action,
      target: `brand:${after.id}`,
      brandId: after.id,
      before: before && toOpsBrand(before),
      after: toOpsBrand(after),
    });
    // Recorded in the change's transaction: the ops audit hook writes nothing more (ops/audit-hook.ts).
    request.opsAudit = 'transaction';
  };
