import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { countSlipBets, SLIP_STORAGE_KEY, useSlipCount } from './slip-count';
import {
  canPick,
  clearSlip,
  dismissSlipClear,
  removeSelection,
  SLIP_MAX_SELECTIONS,
  toggledSlip,
  toggleSelection,
  undoSlipClear,
  useInSlip,
  useSlipStore,
  type SlipPick,
} from './slip-store';

function pick(oddId: number, over: Partial<SlipPick> = {}): SlipPick {
  return {
    eventId: 1000 + oddId,
    oddId,
    name: 'Match Result',
    outCome: '1',
    odd: 2.15,
    oddType: 1,
    exc: oddId * 10,
    specialValue: '',
    match: {
      home: 'Home',
      away: 'Away',
      competition: 'League',
      sportId: 1,
      regionId: 2,
      competitionId: 3,
      startDate: '2026-11-22T18:00:00.000Z',
    },
    live: false,
    active: true,
    ...over,
  };
}

beforeEach(() => {
  localStorage.clear();
  useSlipStore.setState({ bets: [], cleared: null });
});

describe('slip rules', () => {
  it('refuses inactive selections and odds at or below 1.00', () => {
    expect(canPick({ odd: 1.01, active: true })).toBe(true);
    expect(canPick({ odd: 1, active: true })).toBe(false);
    expect(canPick({ odd: 0.5, active: true })).toBe(false);
    expect(canPick({ odd: 2, active: false })).toBe(false);
    expect(toggledSlip([], pick(1, { odd: 1 }))).toEqual([]);
  });

  it('toggles: a second tap removes the selection', () => {
    const once = toggledSlip([], pick(1));
    expect(once.map((b) => b.oddId)).toEqual([1]);
    expect(once[0]).toMatchObject({ checked: true, banker: false, maxStake: null });
    expect(toggledSlip(once, pick(1))).toEqual([]);
  });

  it('clears the slip when it would exceed the maximum', () => {
    let bets = toggledSlip([], pick(1));
    for (let i = 2; i <= SLIP_MAX_SELECTIONS; i++) bets = toggledSlip(bets, pick(i));
    expect(bets).toHaveLength(SLIP_MAX_SELECTIONS);
    expect(toggledSlip(bets, pick(99))).toEqual([]);
  });
});

describe('slip store', () => {
  it('persists under `bets` and the bottom-nav count follows every change', () => {
    const count = renderHook(() => useSlipCount());
    const inSlip = renderHook(() => useInSlip(7));
    act(() => {
      expect(toggleSelection(pick(7))).toBe(true);
      toggleSelection(pick(8));
    });
    expect(countSlipBets(localStorage.getItem(SLIP_STORAGE_KEY))).toBe(2);
    expect(count.result.current).toBe(2);
    expect(inSlip.result.current).toBe(true);
    act(() => removeSelection(7));
    expect(count.result.current).toBe(1);
    expect(inSlip.result.current).toBe(false);
    act(() => clearSlip());
    expect(count.result.current).toBe(0);
  });
});

describe('a 26th selection clears the slip (spec §4), and can be undone', () => {
  it('keeps the cleared 25 for the notice, and Undo puts them back without the 26th', () => {
    for (let id = 1; id <= SLIP_MAX_SELECTIONS; id++) toggleSelection(pick(id));
    expect(useSlipStore.getState().cleared).toBeNull();
    expect(toggleSelection(pick(99))).toBe(false);
    expect(useSlipStore.getState().bets).toEqual([]);
    expect(useSlipStore.getState().cleared).toHaveLength(SLIP_MAX_SELECTIONS);
    // The cleared selections are not persisted (the notice belongs to this page view).
    expect(localStorage.getItem(SLIP_STORAGE_KEY)).not.toContain('cleared');
    undoSlipClear();
    expect(useSlipStore.getState().bets.map((b) => b.oddId)).toEqual(
      Array.from({ length: SLIP_MAX_SELECTIONS }, (_, i) => i + 1),
    );
    expect(useSlipStore.getState().cleared).toBeNull();
  });

  it('forgets the cleared selections on dismiss or on the next change', () => {
    for (let id = 1; id <= SLIP_MAX_SELECTIONS + 1; id++) toggleSelection(pick(id));
    dismissSlipClear();
    undoSlipClear();
    expect(useSlipStore.getState().bets).toEqual([]);
    for (let id = 1; id <= SLIP_MAX_SELECTIONS + 1; id++) toggleSelection(pick(id));
    toggleSelection(pick(200));
    expect(useSlipStore.getState().cleared).toBeNull();
    undoSlipClear();
    expect(useSlipStore.getState().bets.map((b) => b.oddId)).toEqual([200]);
  });
});
