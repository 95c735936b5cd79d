/** How many browser-test files run at once, each against its own server (vitest.config.ts, global-setup.ts). */
export function e2eWorkers(): number {
  const value = Number(process.env.E2E_WORKERS ?? 2);
  return Number.isInteger(value) && value >= 1 && value <= 4 ? value : 2;
}
