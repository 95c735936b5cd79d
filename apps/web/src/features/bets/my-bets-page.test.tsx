import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BetView, CashOutQuote } from '@sb/contract';
import { todayIn } from '@/lib/dates';
import { jsonResponse, loggedInQueryClient, renderScreen, TEST_USER } from '@/test/render';
import { MyBetsPage } from './my-bets-page';

const fetchMock = vi.fn();
const currency = { iso_code: 'TRY', symbol: '₺', position: 'before' as const };

function bet(id: number, key = 'waiting', over: Partial<BetView> = {}): BetView {
  return {
    id,
    type: { id: 2, name: 'multiple' },
    odd_count: 2,
    bet_count: 1,
    combinations: 1,
    systems: [],
    created_at: '2026-11-20T10:00:00Z',
    status: key === 'waiting' ? 1 : 2,
    result: { key },
    amount: 1000,
    amount_per_bet: 1000,
    currency,
    earnings: key === 'win' ? 4000 : 0,
    calculated_earnings: 4000,
    cashed_out: 0,
    reject_reason: null,
    referral: null,
    items: [1, 2].map((n) => ({
      name: 'Match Result',
      selection: `Home ${n}`,
      selectionId: id * 10 + n,
      specialValue: '',
      fcName: `Home ${n}`,
      scName: `Away ${n}`,
      competition: 'League',
      mid: n,
      matchStartDate: '2026-11-22T18:00:00Z',
      matchOnLive: n === 1,
      matchPeriodTime: 47,
      mData: { score: { home: 2, away: 1 } },
      matchStats: { status: 'first_half' },
      betData: { score: { home: 2, away: 1 } },
      isLive: false,
      banker: false,
      oddResult: null,
      oddValue: 2,
      oddType: 1,
    })),
    ...over,
  };
}

let list: BetView[] = [];
let quotes: Record<number, CashOutQuote | 'fail'> = {};
let cashOutAnswer: (body: { amount?: number; expected: number }) => unknown;

const quote = (betId: number, amount: number): CashOutQuote => ({
  betId,
  amount,
  available: amount > 0,
  reason: amount > 0 ? null : 'suspended',
  minPartial: 100,
});

beforeEach(() => {
  list = [bet(1), bet(2), bet(3)];
  quotes = { 1: quote(1, 1800), 2: quote(2, 0), 3: 'fail' };
  cashOutAnswer = (body) => ({
    status: body.amount ? 'partial' : 'cashed_out',
    paid: body.amount ?? body.expected,
    quote: quote(1, 1800),
    bet: bet(1),
  });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
    const { pathname } = new URL(url);
    if (pathname === '/api/v1/bets')
      return jsonResponse(200, {
        result: { bets: list, pagination: { page: 1, perPage: 10, totalCount: list.length } },
      });
    const id = Number(pathname.split('/').at(-1));
    if (pathname.startsWith('/api/v1/bet-cash-out/') && init.method === 'POST')
      return jsonResponse(200, { result: cashOutAnswer(JSON.parse(String(init.body))) });
    if (pathname.startsWith('/api/v1/bet-cash-out/')) {
      const q = quotes[id];
      return q === 'fail' ? jsonResponse(500, { error: 'internal' }) : jsonResponse(200, { result: q });
    }
    if (pathname === '/api/get/session')
      return jsonResponse(200, { result: { user: TEST_USER, app: { meta: { title: 't' } } } });
    throw new Error(`unexpected ${pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function renderPage() {
  const queryClient = loggedInQueryClient();
  return renderScreen(<MyBetsPage />, { path: '/en/account/my-bets', queryClient });
}

const listCalls = () =>
  fetchMock.mock.calls
    .map(([url]) => new URL(url as string))
    .filter((u) => u.pathname === '/api/v1/bets')
    .map((u) => u.searchParams);
const card = (id: number) => screen.getAllByTestId('bet-card').find((c) => c.dataset.betId === String(id))!;

describe('MyBetsPage', () => {
  it('asks for the status ids of each tab in the default range (one month back to today)', async () => {
    await renderPage();
    await screen.findAllByTestId('bet-card');
    const today = todayIn(TEST_USER.timezone);
    expect(listCalls()[0]!.getAll('status[]')).toEqual(['1', '7']);
    expect(listCalls()[0]!.get('createdAt[to]')).toBe(today);
    expect(listCalls()[0]!.get('createdAt[from]')! < today).toBe(true);
    expect(listCalls()[0]!.get('per_page')).toBe('10');
    for (const [tab, ids] of [
      ['bets.tab.cashout', ['6']],
      ['bets.tab.processed', ['2', '3', '4']],
      ['bets.tab.all', ['1', '2', '3', '4', '5', '6', '7', '8']],
    ] as const) {
      fireEvent.click(screen.getByRole('tab', { name: tab }));
      await waitFor(() => expect(listCalls().at(-1)!.getAll('status[]')).toEqual(ids));
    }
  });

  it('refuses an end date after today in the filter popup', async () => {
    await renderPage();
    await screen.findAllByTestId('bet-card');
    fireEvent.click(screen.getByRole('button', { name: 'bets.filter' }));
    const popup = screen.getByRole('dialog', { name: 'bets.filter' });
    fireEvent.input(popup.querySelector('input[name=to]')!, { target: { value: '2999-01-01' } });
    fireEvent.click(within(popup).getByRole('button', { name: 'bets.apply' }));
    expect(within(popup).getByRole('alert')).toHaveTextContent('bets.end_after_today');
    fireEvent.input(popup.querySelector('input[name=from]')!, { target: { value: '2026-01-01' } });
    fireEvent.input(popup.querySelector('input[name=to]')!, { target: { value: '2026-01-31' } });
    // The dates read like every date of the app, not in the device's format of a native date input.
    // The user's date_format (DD.MM.YYYY), not the locale's style.
    expect(within(popup).getByTestId('date-field-from')).toHaveTextContent('01.01.2026');
    expect(within(popup).getByTestId('date-field-to')).toHaveTextContent('31.01.2026');
    fireEvent.click(within(popup).getByRole('button', { name: 'bets.apply' }));
    await waitFor(() => expect(listCalls().at(-1)!.get('createdAt[from]')).toBe('2026-01-01'));
    expect(listCalls().at(-1)!.get('createdAt[to]')).toBe('2026-01-31');
  });

  it('expands a card to its selections with the live score and minute', async () => {
    await renderPage();
    await screen.findAllByTestId('bet-card');
    expect(within(card(1)).queryByTestId('bet-legs')).toBeNull();
    fireEvent.click(within(card(1)).getByRole('button', { name: /bets\.show_selections/ }));
    const legs = within(card(1)).getByTestId('bet-legs');
    expect(legs).toHaveTextContent('Home 1 – Away 1');
    expect(legs).toHaveTextContent("45'+2");
    expect(within(legs).getByTestId('leg-score')).toHaveTextContent('2:1');
  });

  it('offers the price, hides it when unavailable (with the reason) or when the price call fails', async () => {
    await renderPage();
    await waitFor(() =>
      expect(within(card(1)).getByTestId('cash-out-button')).toHaveAttribute('data-amount', '1800'),
    );
    await waitFor(() =>
      expect(within(card(2)).getByTestId('cash-out-reason')).toHaveTextContent('bets.reason.suspended'),
    );
    expect(within(card(2)).queryByTestId('cash-out-button')).toBeNull();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('bet-cash-out/3'))).toBe(true),
    );
    expect(within(card(3)).queryByTestId('cash-out-button')).toBeNull();
    expect(within(card(3)).queryByTestId('cash-out-reason')).toBeNull();
  });

  it('cashes out after "are you sure": the success alert, and the row leaves the Open tab', async () => {
    await renderPage();
    await screen.findAllByTestId('bet-card');
    const button = await within(card(1)).findByTestId('cash-out-button');
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'cashout.confirm_title' });
    expect(dialog).toHaveTextContent('cashout.confirm_text');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'cashout.not_sure' }).at(-1)!);
    expect(screen.queryByRole('dialog', { name: 'cashout.confirm_title' })).toBeNull();

    fireEvent.click(within(card(1)).getByTestId('cash-out-button'));
    fireEvent.click(screen.getByRole('button', { name: 'cashout.yes' }));
    const success = await screen.findByRole('dialog', { name: 'cashout.success_title' });
    // Two buttons, two names (issue 33 item 11): the header's close and the footer's OK.
    const names = within(success)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(names).toEqual(['cashout.close', 'cashout.ok']);
    const post = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    )!;
    expect(JSON.parse(String(post[1].body))).toEqual({ expected: 1800 });
    expect(new Headers(post[1].headers).get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    expect(screen.getAllByTestId('bet-card').map((c) => c.dataset.betId)).toEqual(['2', '3']);
  });

  it('cashes out a part: the chosen amount goes with the value seen', async () => {
    await renderPage();
    await screen.findAllByTestId('bet-card');
    fireEvent.click(await within(card(1)).findByTestId('cash-out-partial'));
    const popup = screen.getByRole('dialog', { name: 'cashout.partial_title' });
    fireEvent.click(within(popup).getByRole('button', { name: '25%' }));
    expect(within(popup).getByTestId('partial-amount')).toHaveTextContent('₺4.50');
    fireEvent.click(within(popup).getByRole('button', { name: 'cashout.continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'cashout.yes' }));
    const success = await screen.findByRole('dialog', { name: 'cashout.success_title' });
    // Two buttons, two names (issue 33 item 11): the header's close and the footer's OK.
    const names = within(success)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(names).toEqual(['cashout.close', 'cashout.ok']);
    const post = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    )!;
    expect(JSON.parse(String(post[1].body))).toEqual({ amount: 450, expected: 1800 });
    // A partial cash-out keeps the bet open.
    expect(card(1)).toBeInTheDocument();
  });

  it('says when the price moved and pays nothing', async () => {
    cashOutAnswer = () => ({ status: 'price_changed', paid: 0, quote: quote(1, 1500), bet: bet(1) });
    await renderPage();
    await screen.findAllByTestId('bet-card');
    fireEvent.click(await within(card(1)).findByTestId('cash-out-button'));
    fireEvent.click(screen.getByRole('button', { name: 'cashout.yes' }));
    await waitFor(() =>
      expect(within(card(1)).getByRole('alert')).toHaveTextContent('cashout.price_changed'),
    );
    expect(within(card(1)).getByTestId('cash-out-button')).toHaveAttribute('data-amount', '1500');
    expect(screen.queryByRole('dialog', { name: 'cashout.success_title' })).toBeNull();
  });
});
