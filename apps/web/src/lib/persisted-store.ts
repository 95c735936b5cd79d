import { create, type StoreApi, type UseBoundStore } from 'zustand';

// A zustand store kept in localStorage. zustand's `persist` middleware (storage adapters, async storages,
// migrations, hydration callbacks) was 1 KiB gzip of what home loads for the slip's two small stores; this keeps
// its storage format — `{"state": …, "version": n}` under the store's name — and its rules: read once at creation
// (synchronously, before the first render), written on every change, re-read on `rehydrate()`.

export interface PersistOptions<S> {
  /** localStorage key. */
  name: string;
  /** Stored beside the state: a stored state of another version is dropped (merged as nothing stored). */
  version: number;
  /** What of the state is stored (default: all of it). */
  partialize?: (state: S) => unknown;
  /** The state from what was stored (undefined: nothing usable) and the current state. Default: stored over current. */
  merge?: (stored: unknown, current: S) => S;
}

export type PersistedStore<S> = UseBoundStore<StoreApi<S>> & {
  /** Reads the stored state again (another tab changed it). */
  rehydrate(): void;
};

/** localStorage, or null where there is none (the server's render) or the browser refuses it. */
function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A store with state `initial()`, merged at once with what localStorage holds for it. */
export function createPersistedStore<S extends object>(
  initial: () => S,
  {
    name,
    version,
    partialize = (state) => state,
    merge = (stored, current) => ({ ...current, ...(stored as Partial<S>) }),
  }: PersistOptions<S>,
): PersistedStore<S> {
  const store = create<S>()(initial);
  const storage = browserStorage();
  if (!storage) return Object.assign(store, { rehydrate: () => undefined });
  // Reading back must not write: it goes through the store's own setState, not the saving one below.
  const replaceState = store.setState;
  const save = () => {
    try {
      storage.setItem(name, JSON.stringify({ state: partialize({ ...store.getState() }), version }));
    } catch {
      // Full or refused storage (private mode, quota): the state still changes, it is just not kept.
    }
  };
  const setAny = replaceState as (state: unknown, replace?: boolean) => void;
  store.setState = ((state: unknown, replace?: boolean) => {
    setAny(state, replace);
    save();
  }) as typeof replaceState;
  const rehydrate = () => {
    let stored: unknown;
    try {
      const raw = storage.getItem(name);
      const value = (raw === null ? null : JSON.parse(raw)) as { state?: unknown; version?: unknown } | null;
      stored =
        value && (typeof value.version !== 'number' || value.version === version) ? value.state : undefined;
    } catch {
      return; // unreadable: the state stays as it is
    }
    replaceState(merge(stored, store.getState()), true);
  };
  rehydrate();
  return Object.assign(store, { rehydrate });
}
