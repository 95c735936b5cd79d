import { createElement, lazy, type ComponentType } from 'react';

/** Loaders of the lazy parts, by id: a part's module loads once, whoever asks first. */
const loaders = new Map<string, () => Promise<unknown>>();
/** Ids of the lazy parts drawn since `takeDrawnParts` was last called (the server's record of a page). */
let drawn = new Set<string>();

/**
 * A component whose code loads on first render (a route screen, a part of one), with Suspense above it, as
 * React's `lazy`. `id` names it on both sides: the server lists the parts a page drew (`takeDrawnParts`) and the
 * client loads them before it hydrates (`loadDrawnParts`), so hydration never suspends — Preact keeps only the
 * first node of a part that suspends while hydrating and drops the rest of its server markup.
 */
export function lazyPart<P extends object>(
  id: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  if (loaders.has(id)) throw new Error(`two lazy parts are named ${id}`);
  loaders.set(id, preload);
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Part(props: P) {
    drawn.add(id);
    return createElement(loaded ?? (Lazy as unknown as ComponentType<P>), props);
  }
  return Part;
}

/** The lazy parts drawn since the last call, in the order they were first drawn; the record starts afresh. */
export function takeDrawnParts(): string[] {
  const parts = [...drawn];
  drawn = new Set();
  return parts;
}

/**
 * Loads the code of the parts the server drew (ids from `takeDrawnParts`), a part inside another once its
 * parent's module has defined it. Ids no module defines (an older page after a deploy) are left to load lazily.
 */
export async function loadDrawnParts(ids: readonly string[]): Promise<void> {
  let pending = [...ids];
  while (pending.length > 0) {
    const ready = pending.filter((id) => loaders.has(id));
    if (ready.length === 0) return;
    await Promise.all(ready.map((id) => loaders.get(id)!()));
    pending = pending.filter((id) => !ready.includes(id));
  }
}
