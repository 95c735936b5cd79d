import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Transaction } from '@sb/contract';
import { authStorage } from '@/lib/auth-storage';
import { addDays, todayIn } from '@/lib/dates';
import { USER_QUERY_KEY } from '@/lib/session';
import { ControlledObserver } from '@/test/observers';
import { jsonResponse, newQueryClient, renderScreen, TEST_USER } from '@/test/render';
import { TransactionsPage } from './transactions-page';

const fetchMock = vi.fn();
const TOTAL = 13;
const item = (id: number): Transaction => ({
  id,
  info: `Movement ${id}`,
  addedAt: '2026-11-20T10:00:00Z',
  amount: 1_234_50,
  amountFormat: '₺1,234.50',
  balanceAfter: 10_000_00,
  type: { operator: id % 2 ? '+' : '-', key: id === 2 ? 'bet_stake' : 'deposit' },
  betId: id === 2 ? 4711 : null,
});
const listCalls = () =>
  fetchMock.mock.calls.filter(([url]) => new URL(url as string).pathname === '/api/v1/user/transactions');
const calls = () => listCalls().map(([url]) => new URL(url as string).searchParams);

beforeEach(() => {
  ControlledObserver.made.length = 0;
  vi.stubGlobal('IntersectionObserver', ControlledObserver);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string) => {
    if (new URL(url).pathname === '/api/get/session')
      return jsonResponse(200, { result: { user: TEST_USER, app: { meta: { title: 't' } } } });
    const page = Number(new URL(url).searchParams.get('page'));
    const ids = Array.from({ length: TOTAL }, (_, i) => i + 1).slice((page - 1) * 10, page * 10);
    return jsonResponse(200, {
      result: { transactions: ids.map(item), pagination: { page, per_page: 10, totalCount: TOTAL } },
    });
  });
  authStorage.set({ accessToken: 'a', refreshToken: 'r' });
});
afterEach(() => vi.unstubAllGlobals());

async function renderPage() {
  const queryClient = newQueryClient();
  queryClient.setQueryDefaults([USER_QUERY_KEY, 'session'], { staleTime: Infinity });
  queryClient.setQueryData([USER_QUERY_KEY, 'session'], { user: TEST_USER, app: { meta: { title: 't' } } });
  return renderScreen(<TransactionsPage />, { path: '/en/account/transactions', queryClient });
}

describe('TransactionsPage', () => {
  it('asks for page 1 of 10 in the default range (one month ago through today) for this user', async () => {
    await renderPage();
    await waitFor(() => expect(screen.getAllByTestId('transaction')).toHaveLength(10));
    const query = calls()[0]!;
    const today = todayIn(TEST_USER.timezone);
    expect(query.get('page')).toBe('1');
    expect(query.get('per_page')).toBe('10');
    expect(query.get('uid')).toBe('7');
    expect(query.get('rangeDateTime[to]')).toBe(addDays(today, 1));
    expect(query.get('rangeDateTime[from]')! < today).toBe(true);
    expect(screen.getAllByTestId('transaction')[0]).toHaveTextContent('+₺1,234.50');
    expect(screen.getAllByTestId('transaction')[1]).toHaveTextContent('−₺1,234.50');
  });

  it('loads the next page when the end marker comes into view, and stops at the total', async () => {
    await renderPage();
    await waitFor(() => expect(screen.getAllByTestId('transaction')).toHaveLength(10));
    const seen = (visible: boolean) => act(() => ControlledObserver.seen(visible));
    await ControlledObserver.observing();
    seen(false);
    expect(listCalls()).toHaveLength(1);
    seen(true);
    await waitFor(() => expect(screen.getAllByTestId('transaction')).toHaveLength(TOTAL));
    expect(calls()[1]!.get('page')).toBe('2');
    // Everything is loaded: the marker no longer triggers requests.
    seen(true);
    expect(listCalls()).toHaveLength(2);
  });

  it('links a movement to its bet', async () => {
    await renderPage();
    await waitFor(() => expect(screen.getAllByTestId('transaction')).toHaveLength(10));
    const links = screen.getAllByTestId('transaction-bet');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/en/account/my-bets?bet=4711');
  });

  it('refuses an end date after tomorrow and filters by a valid range', async () => {
    const { container } = await renderPage();
    await waitFor(() => expect(screen.getAllByTestId('transaction')).toHaveLength(10));
    fireEvent.input(container.querySelector('input[name=to]')!, { target: { value: '2999-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'transactions.filter' }));
    expect(screen.getByRole('alert')).toHaveTextContent('transactions.end_after_tomorrow');
    expect(listCalls()).toHaveLength(1);

    fireEvent.input(container.querySelector('input[name=from]')!, { target: { value: '2026-01-01' } });
    fireEvent.input(container.querySelector('input[name=to]')!, { target: { value: '2026-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'transactions.filter' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(calls()[1]!.get('rangeDateTime[from]')).toBe('2026-01-01');
    expect(calls()[1]!.get('rangeDateTime[to]')).toBe('2026-01-31');
    // Dates read as the user's date_format says (DD.MM.YYYY), not in the locale's style.
    expect(screen.getByTestId('date-field-from')).toHaveTextContent('01.01.2026');
  });
});
