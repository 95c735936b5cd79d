import { useSyncExternalStore, type ReactNode } from 'react';

/** For values that never change on the client: only the server's snapshot and the client's differ. */
export const noSubscription = () => () => {};

/**
 * Whether the calling component is adopting the server's markup: true while React hydrates it (the server's
 * snapshot), false in the render React makes right after that part has hydrated, and in every client render.
 */
export function useServerMarkup(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/**
 * Server-rendered markup stays `inert` until the part of the app that owns it has hydrated: a tap or a typed
 * letter on it before then would land on dead markup and be lost (React replays a click on a part still
 * hydrating, but against the server's view — a visitor's, an empty slip — and never replays typing). Each lazy screen (and each lazy part inside one) has its own gate, so `inert` comes
 * off a screen as soon as its own chunk has hydrated, in the same commit as the device's state (login, slip).
 * A `display: contents` box: no layout of its own, nothing moves when the attribute goes.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  return (
    <div className="hydration-gate" inert={useServerMarkup()}>
      {children}
    </div>
  );
}

/**
 * Below-the-fold or hidden parts of a server-rendered screen: the server (and the hydration that adopts its markup)
 * renders `fallback`, the client mounts `children` right after that part has hydrated. Their data is then fetched
 * by the browser instead of being rendered and handed over in the page (it was most of its 90–250 KB of state).
 */
export function AfterHydration({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useServerMarkup() ? fallback : children;
}
