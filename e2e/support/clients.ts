/** Clients only the browser tests use (made by global-setup), so a password change or a revoked session disturbs nobody else. */
export const E2E_CLIENTS = {
  password: { username: 'e2e-password', password: 'first-secret-2026' },
  revoke: { username: 'e2e-revoke', password: 'revoke-secret-2026' },
  limits: { username: 'e2e-limits', password: 'limits-secret-2026' },
  casino: { username: 'e2e-casino', password: 'casino-secret-2026' },
} as const;

/** Money the setup credits (through the CLI) to clients that play: the casino test spins for real. */
export const E2E_CREDITS: Partial<Record<keyof typeof E2E_CLIENTS, string>> = { casino: '500.00' };

/** The seeded demo accounts (apps/server/src/db/demo-accounts.seed.ts, README "Demo data"). */
export const DEMO = { username: 'demo', password: 'demo-pass-2026' } as const;
export const DEMO_RESELLER = { username: 'reseller', password: 'reseller-pass-2026' } as const;
