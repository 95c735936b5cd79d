/**
 * Where the header's back arrow goes (spec §2): from live with an event open, back to the live
 * list of that sport (the eventId is cleared); otherwise one step back in history, when there is one.
 * `historyIndex` is react-router's index of the current entry (0 = the first page of this visit).
 */
export function backTarget(pathname: string, historyIndex: number): { path: string } | 'history' | null {
  const live = /^\/([a-z]{2})\/live\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (live) return { path: `/${live[1]}/live/${live[2]}` };
  return historyIndex > 0 ? 'history' : null;
}

export function currentHistoryIndex(): number {
  const state: unknown = window.history.state;
  const idx = state && typeof state === 'object' ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' ? idx : 0;
}
