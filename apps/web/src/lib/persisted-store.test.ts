import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPersistedStore } from './persisted-store';

interface State {
  items: number[];
  note: string | null;
}
const KEY = 'test.persisted';
const fresh = (): State => ({ items: [], note: null });
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;

afterEach(() => localStorage.clear());

describe('createPersistedStore', () => {
  it('starts from what is stored, in zustand persist’s format, before anything reads it', () => {
    localStorage.setItem(KEY, JSON.stringify({ state: { items: [1, 2] }, version: 1 }));
    const store = createPersistedStore(fresh, { name: KEY, version: 1 });
    expect(store.getState()).toEqual({ items: [1, 2], note: null });
  });

  it('writes every change (only what partialize keeps), and reading back does not write', () => {
    const store = createPersistedStore(fresh, {
      name: KEY,
      version: 1,
      partialize: (s) => ({ items: s.items }),
    });
    expect(localStorage.getItem(KEY)).toBeNull();
    store.setState({ items: [3], note: 'kept here only' });
    expect(stored()).toEqual({ state: { items: [3] }, version: 1 });
    store.setState((s) => ({ items: [...s.items, 4] }));
    expect(stored()).toEqual({ state: { items: [3, 4] }, version: 1 });
  });

  it('still changes its state when the storage refuses to write (full, private mode)', () => {
    const store = createPersistedStore(fresh, { name: KEY, version: 1 });
    const refuse = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      store.setState({ items: [7] });
      expect(store.getState().items).toEqual([7]);
    } finally {
      refuse.mockRestore();
    }
  });

  it('drops a stored state of another version, and keeps the state when the stored text is unreadable', () => {
    localStorage.setItem(KEY, JSON.stringify({ state: { items: [9] }, version: 0 }));
    expect(createPersistedStore(fresh, { name: KEY, version: 1 }).getState().items).toEqual([]);
    localStorage.setItem(KEY, '{not json');
    expect(createPersistedStore(fresh, { name: KEY, version: 1 }).getState().items).toEqual([]);
  });

  it('re-reads the stored state on rehydrate (another tab), through merge, telling subscribers', () => {
    const store = createPersistedStore(fresh, {
      name: KEY,
      version: 1,
      merge: (s, current) => ({ ...current, items: (s as Partial<State> | undefined)?.items ?? [] }),
    });
    store.setState({ note: 'this tab' });
    const seen: number[][] = [];
    store.subscribe((s) => seen.push(s.items));
    localStorage.setItem(KEY, JSON.stringify({ state: { items: [5] }, version: 1 }));
    store.rehydrate();
    expect(store.getState()).toEqual({ items: [5], note: 'this tab' });
    expect(seen).toEqual([[5]]);
    localStorage.removeItem(KEY);
    store.rehydrate();
    expect(store.getState().items).toEqual([]);
  });
});
