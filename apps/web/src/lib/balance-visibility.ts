import { useSyncExternalStore } from 'react';

/** The header's balance-hide toggle, remembered on this device. */
const KEY = 'sb.hideBalance';
const listeners = new Set<() => void>();

function read(): boolean | null {
  const value = localStorage.getItem(KEY);
  return value === null ? null : value === '1';
}

export function setBalanceHidden(hidden: boolean): void {
  localStorage.setItem(KEY, hidden ? '1' : '0');
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hidden when toggled so on this device; until toggled, the user's saved preference decides. */
export function useBalanceHidden(preference: boolean): boolean {
  return useSyncExternalStore(subscribe, read, () => null) ?? preference;
}
