/** Polls `condition` every 25 ms until it holds or `ms` have passed (the caller then asserts). */
export async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
}
