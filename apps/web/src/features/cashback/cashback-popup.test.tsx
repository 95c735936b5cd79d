import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { authStorage } from '@/lib/auth-storage';
import { jsonResponse, renderScreen, TEST_USER } from '@/test/render';
import {
  CashbackPopup,
  CASHBACK_FETCH_DELAY_MS,
  CASHBACK_RELOAD_DELAY_MS,
  CASHBACK_SEEN_KEY,
  formatPercent,
  shouldOfferCashback,
} from './cashback-popup';

const fetchMock = vi.fn();
const reload = vi.fn();
const cashbackCalls = (method: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) =>
      new URL(url as string).pathname === '/api/v2/cashback/sports' &&
      ((init as RequestInit).method ?? 'GET') === method,
  );

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { ...window.location, reload });
  fetchMock.mockReset();
  reload.mockReset();
  authStorage.set({ accessToken: 'a', refreshToken: 'r' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('cashback popup', () => {
  it('is offered only when percent and cashback are both above 0', () => {
    expect(shouldOfferCashback({ percent: 10, cashback: 1 })).toBe(true);
    expect(shouldOfferCashback({ percent: 0, cashback: 500 })).toBe(false);
    expect(shouldOfferCashback({ percent: 10, cashback: 0 })).toBe(false);
    expect(shouldOfferCashback(undefined)).toBe(false);
  });

  it('fetches 0.5 s after load, counts up to the amount, claims and reloads 1.5 s later', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { percent: 10, cashback: 12_345_67, paid: 12_345_67 }),
    );
    await renderScreen(<CashbackPopup currency={TEST_USER.currency} />);
    expect(cashbackCalls('GET')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(CASHBACK_FETCH_DELAY_MS));
    expect(await screen.findByRole('dialog')).toHaveTextContent('10%');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByTestId('cashback-amount')).toHaveTextContent('₺12,345.67');
    fireEvent.click(screen.getByRole('button', { name: 'cashback.withdraw_now' }));
    await screen.findByText('cashback.claimed');
    expect(cashbackCalls('POST')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(CASHBACK_RELOAD_DELAY_MS - 100));
    expect(reload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('writes the percentage as each language does', () => {
    expect(formatPercent(10, 'en')).toBe('10%');
    expect(formatPercent(10, 'tr')).toBe('%10');
    expect(formatPercent(2.5, 'en')).toBe('2.5%');
    expect(formatPercent(2.5, 'tr')).toBe('%2,5');
  });

  it("pops up once per offer: a later load of the same week's offer stays quiet, a new week's shows", async () => {
    const week = (periodStart: string) => async () =>
      jsonResponse(200, { percent: 10, cashback: 500, periodStart, periodEnd: '2026-11-23T21:00:00.000Z' });
    fetchMock.mockImplementation(week('2026-11-16T21:00:00.000Z'));
    const first = await renderScreen(<CashbackPopup currency={TEST_USER.currency} />);
    await act(() => vi.advanceTimersByTimeAsync(CASHBACK_FETCH_DELAY_MS + 100));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(localStorage.getItem(CASHBACK_SEEN_KEY)).toBe('2026-11-16T21:00:00.000Z');
    first.unmount();

    // The next page load: the same offer is not shown again.
    const second = await renderScreen(<CashbackPopup currency={TEST_USER.currency} />);
    await act(() => vi.advanceTimersByTimeAsync(CASHBACK_FETCH_DELAY_MS + 100));
    expect(cashbackCalls('GET').length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    second.unmount();

    fetchMock.mockImplementation(week('2026-11-23T21:00:00.000Z'));
    await renderScreen(<CashbackPopup currency={TEST_USER.currency} />);
    await act(() => vi.advanceTimersByTimeAsync(CASHBACK_FETCH_DELAY_MS + 100));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows nothing when there is nothing to claim, and never fetches for a visitor', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { percent: 10, cashback: 0 }));
    await renderScreen(<CashbackPopup currency={TEST_USER.currency} />);
    await act(() => vi.advanceTimersByTimeAsync(CASHBACK_FETCH_DELAY_MS + 100));
    expect(cashbackCalls('GET')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    fetchMock.mockClear();
    await renderScreen(<CashbackPopup currency={null} />);
    await act(() => vi.advanceTimersByTimeAsync(CASHBACK_FETCH_DELAY_MS + 100));
    expect(cashbackCalls('GET')).toHaveLength(0);
  });
});
