import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ADD_BET_EVENT, countSlipBets, SLIP_STORAGE_KEY, useSlipCount } from './slip-count';

describe('bet slip count', () => {
  it('counts the stored selections in either stored shape, and nothing unreadable', () => {
    expect(countSlipBets(null)).toBe(0);
    expect(countSlipBets('[{"oddId":1},{"oddId":2}]')).toBe(2);
    expect(countSlipBets('{"state":{"bets":[{"oddId":1}]},"version":0}')).toBe(1);
    expect(countSlipBets('{"bets":[1,2,3]}')).toBe(3);
    expect(countSlipBets('{not json')).toBe(0);
    expect(countSlipBets('{"bets":"x"}')).toBe(0);
  });

  it('updates on an add-bet event and on storage events from other tabs', () => {
    const { result } = renderHook(() => useSlipCount());
    expect(result.current).toBe(0);
    act(() => {
      localStorage.setItem(SLIP_STORAGE_KEY, '[{"oddId":1}]');
      window.dispatchEvent(new Event(ADD_BET_EVENT));
    });
    expect(result.current).toBe(1);
    act(() => {
      localStorage.setItem(SLIP_STORAGE_KEY, '[{"oddId":1},{"oddId":2}]');
      window.dispatchEvent(new StorageEvent('storage', { key: SLIP_STORAGE_KEY }));
    });
    expect(result.current).toBe(2);
  });
});
