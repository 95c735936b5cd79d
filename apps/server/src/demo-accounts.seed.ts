import { cents } from '@sb/betting';
import type { IdentityService } from './modules/identity/index';
import type { TenancyService } from './modules/tenancy/index';
import type { WalletService } from './modules/wallet/index';

/** The demo client's credentials (README "Demo data"). */
export const DEMO_CLIENT = { username: 'demo', password: 'demo-pass-2026' } as const;
export const DEMO_RESELLER = { username: 'reseller', password: 'reseller-pass-2026' } as const;

const DAY_MS = 24 * 3600_000;

/**
 * Demo accounts on the localhost app: a reseller, and client `demo` with a history of reseller deposits
 * and a withdrawal ending at 1,000.00 TRY. Idempotent: skipped when `demo` exists.
 */
export async function seedDemoAccounts(deps: {
  tenancy: TenancyService;
  identity: IdentityService;
  /** A wallet whose clock reads the given instant, so the history spreads over past days. */
  walletAt: (ms: number) => WalletService;
  now: number;
}) {
  const app = await deps.tenancy.findByHost('localhost');
  if (!app || (await deps.identity.findUser(app.id, DEMO_CLIENT.username))) return;
  const reseller = await deps.identity.createUser({
    appId: app.id,
    role: 'ROLE_RESELLER',
    ...DEMO_RESELLER,
    firstName: 'Rıza',
    lastName: 'Bayi',
    email: 'reseller@demobet.example',
  });
  const client = await deps.identity.createUser({
    appId: app.id,
    role: 'ROLE_CLIENT',
    ...DEMO_CLIENT,
    resellerId: reseller.id,
    firstName: 'Deniz',
    lastName: 'Demir',
    email: 'demo@demobet.example',
    dateOfBirth: '1990-04-23',
    language: 'en',
  });
  const history: [number, 'deposit' | 'withdrawal', number][] = [
    [20, 'deposit', 50_000],
    [12, 'deposit', 75_000],
    [5, 'withdrawal', 25_000],
    [1, 'deposit', 100_00],
    [0, 'withdrawal', 100_00],
  ];
  for (const [i, [daysAgo, type, amount]] of history.entries()) {
    const transfer = {
      appId: app.id,
      userId: client.id,
      currency: client.currencyIso,
      amount: cents(amount),
      type,
      idempotencyKey: `seed:demo:${i}`,
      counterparty: { kind: 'reseller' as const, userId: reseller.id },
      info: { key: `transaction.${type}` },
    };
    const wallet = deps.walletAt(deps.now - daysAgo * DAY_MS - (history.length - i) * 60_000);
    await (type === 'deposit' ? wallet.credit(transfer) : wallet.debit(transfer));
  }
}
