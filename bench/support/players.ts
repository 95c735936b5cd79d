// Players and the ledger check shared by the casino and crash benchmarks.
import { cents } from '@sb/betting';
import type { buildApp } from '../../apps/server/src/app';

type Modules = Awaited<ReturnType<typeof buildApp>>['modules'];

/** A client of `appId` named `<prefix>-<index>` with 10,000,000.00 of cash, created through the real services. */
export async function fundedPlayer(modules: Modules, appId: number, prefix: string, index: number) {
  const user = await modules.identity.service.createUser({
    appId,
    username: `${prefix}-${index}`,
    password: 'bench-secret-2026',
    role: 'ROLE_CLIENT',
    firstName: 'Bench',
    lastName: String(index),
  });
  await modules.wallet.service.credit({
    appId,
    userId: user.id,
    currency: user.currencyIso,
    amount: cents(1_000_000_000),
    type: 'deposit',
    idempotencyKey: `${prefix}-fund-${index}`,
  });
  return user;
}

/** The ledger audit of `appId` after a run; throws unless every entry balances. */
export async function cleanAudit(modules: Modules, appId: number) {
  const audit = await modules.wallet.service.audit(appId);
  if (audit.total !== 0 || audit.mismatched.length > 0 || audit.unbalancedMovements > 0)
    throw new Error(`ledger audit failed: ${JSON.stringify(audit)}`);
  return audit;
}

/** The audit's line under a benchmark's table. */
export function printAudit(audit: Awaited<ReturnType<typeof cleanAudit>>): void {
  console.log(
    `\nledger audit after the run: entries sum ${audit.total}, unbalanced movements ${audit.unbalancedMovements}, mismatched balances ${audit.mismatched.length}`,
  );
}
