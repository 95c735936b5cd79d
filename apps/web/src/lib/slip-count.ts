import { useSyncExternalStore } from 'react';

/** Spec §2: the bet slip is kept in localStorage under `bets`; an `add-bet` window event says it changed. */
export const SLIP_STORAGE_KEY = 'bets';
export const ADD_BET_EVENT = 'add-bet';

/**
 * Number of selections in a stored slip: an array of entries, or a persisted store object holding
 * one under `bets` (or `state.bets`). Anything unreadable counts as an empty slip.
 */
export function countSlipBets(raw: string | null): number {
  if (!raw) return 0;
  try {
    const value: unknown = JSON.parse(raw);
    const list = Array.isArray(value) ? value : (pick(value, 'bets') ?? pick(pick(value, 'state'), 'bets'));
    return Array.isArray(list) ? list.length : 0;
  } catch {
    return 0;
  }
}

function pick(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/** Selections in this device's stored slip. */
export const storedSlipCount = (): number => countSlipBets(localStorage.getItem(SLIP_STORAGE_KEY));

/** Calls `listener` when the stored slip changes, in this tab (`add-bet`) or another (`storage`). */
export function subscribeToSlip(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SLIP_STORAGE_KEY) listener();
  };
  window.addEventListener(ADD_BET_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(ADD_BET_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSlipCount(): number {
  // The server renders an empty slip (the slip lives on the device): hydration matches it, then this re-renders.
  return useSyncExternalStore(subscribeToSlip, storedSlipCount, () => 0);
}

/** Raised when a pick beyond the limit cleared the slip (the layout then loads the notice that says so). */
export const SLIP_CLEARED_EVENT = 'slip-cleared';
