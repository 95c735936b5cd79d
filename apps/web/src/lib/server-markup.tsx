import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

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
 * A value for a lazy part that is adopting the server's markup: held at its first value until the part has
 * hydrated (it calls `hydrated`, e.g. through `<WhenCommitted run={hydrated} />` inside its boundary), then live.
 * React throws a dehydrated Suspense boundary's server markup away and renders it afresh when the boundary gets
 * new props before its code has arrived (live odds patching a list do that at once): the part's DOM was removed
 * and drawn again, a flash and a relayout of the page. Memoise the boundary's element on the held value, so a
 * re-render of the parent hands it the very same props. A client render (no server markup) is live at once.
 */
export function useHeldUntilHydrated<T>(value: T): [T, () => void] {
  const [live, setLive] = useState(!useServerMarkup());
  const held = useRef(value);
  // Held from the first value there is (a part with no data yet renders nothing on the server either).
  if (live || held.current === undefined || held.current === null) held.current = value;
  const hydrated = useCallback(() => setLive(true), []);
  return [held.current, hydrated];
}

/** Runs `run` once the boundary it is in has committed (hydrated, or rendered on the client). */
export function WhenCommitted({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * Below-the-fold or hidden parts of a server-rendered screen: the server (and the hydration that adopts its markup)
 * renders `fallback`, the client mounts `children` right after that part has hydrated. Their data is then fetched
 * by the browser instead of being rendered and handed over in the page (it was most of its 90–250 KB of state).
 */
export function AfterHydration({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useServerMarkup() ? fallback : children;
}

/** How far ahead of the viewport a `WhenNear` part mounts: about a phone screen, so it is drawn before it shows. */
export const NEAR_VIEWPORT_PX = 600;

/**
 * A part at the foot of a page: `fallback` (which holds its room) until it scrolls within `NEAR_VIEWPORT_PX` of the
 * viewport, then `children`. Its code and data load then, not with the page (the server renders the fallback).
 * Without IntersectionObserver it mounts at once.
 */
export function WhenNear({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (near || !node) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && setNear(true),
      {
        rootMargin: `${NEAR_VIEWPORT_PX}px 0px`,
      },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);
  return <div ref={ref}>{near ? children : fallback}</div>;
}
