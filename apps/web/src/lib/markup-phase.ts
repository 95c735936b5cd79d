/**
 * Whether components rendering now adopt the server's markup: always on the server (entry-server.tsx), and on the
 * client for the one synchronous hydration pass (main.tsx). Read by `useSyncExternalStore` (react-on-preact.ts),
 * which answers a store's server snapshot to a component mounted then, and its live value from the render after.
 */
let adopting = false;

export function isAdoptingServerMarkup(): boolean {
  return adopting;
}

export function setAdoptingServerMarkup(value: boolean): void {
  adopting = value;
}
