import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SINGLE } from '@sb/betting';
import type { BetView } from '@sb/contract';
import { useSlipStore } from '@/lib/slip-store';
import { jsonResponse, loggedInQueryClient, renderScreen } from '@/test/render';
import { BetslipSuccessfulPage } from './betslip-successful-page';
import { useCouponStore } from './coupon-store';
import { entry } from './test/fixtures';

const fetchMock = vi.fn();
const latest = (key: string): BetView => ({
  id: 41,
  type: { id: 3, name: 'system' },
  odd_count: 3,
  bet_count: 3,
  combinations: 3,
  systems: [2],
  created_at: '2026-11-20T10:00:00Z',
  status: key === 'pending' ? 7 : 1,
  result: { key },
  amount: 300,
  amount_per_bet: 100,
  currency: { iso_code: 'TRY', symbol: '₺', position: 'before' },
  earnings: 0,
  calculated_earnings: 1200,
  cashed_out: 0,
  reject_reason: null,
  referral: null,
  items: [1, 2, 3].map((n) => ({
    name: 'Match Result',
    selection: `Home ${n}`,
    selectionId: n,
    specialValue: '',
    fcName: `Home ${n}`,
    scName: `Away ${n}`,
    competition: 'League',
    mid: 1000 + n,
    matchStartDate: '2026-11-22T18:00:00Z',
    matchOnLive: false,
    matchPeriodTime: 0,
    mData: { score: { home: 0, away: 0 } },
    matchStats: { status: 'not_started' },
    betData: { score: { home: 0, away: 0 } },
    isLive: false,
    banker: false,
    oddResult: null,
    oddValue: 2,
    oddType: 1,
  })),
});

let answers: BetView[] = [];
const soon = () => new Date(Date.now() + 45_000).toISOString();
const referred = (
  key: string,
  state: NonNullable<BetView['referral']>['state'],
  patch: Partial<BetView> = {},
) => ({
  ...latest(key),
  referral: { state, offer_amount: 150, offer_earnings: 600, expires_at: soon() },
  ...patch,
});
const taken = referred('waiting', 'taken', { amount: 150 });
beforeEach(() => {
  useSlipStore.setState({ bets: [entry(9)] });
  useCouponStore.setState({ coupon: SINGLE, count: 1 });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string) => {
    const { pathname } = new URL(url);
    if (pathname === '/api/v1/bets')
      return jsonResponse(200, { result: { bets: [answers.length > 1 ? answers.shift()! : answers[0]!] } });
    if (pathname === '/api/v1/bet/detail/41') return jsonResponse(200, { result: latest('waiting') });
    if (pathname === '/api/v1/bets/41/offer/accept') return jsonResponse(200, { result: taken });
    throw new Error(`unexpected ${pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function renderPage() {
  const queryClient = loggedInQueryClient();
  return renderScreen(<BetslipSuccessfulPage />, {
    path: '/en/betslip-successful',
    queryClient,
    routes: [{ path: '/en/betslip', element: <p>slip page</p> }],
  });
}

describe('BetslipSuccessfulPage', () => {
  it('shows the latest bet (page 1, per_page 1) as accepted', async () => {
    answers = [latest('waiting')];
    await renderPage();
    expect(await screen.findByTestId('success-status')).toHaveTextContent('betslip.success.title');
    expect(screen.getByTestId('summary-stake')).toHaveTextContent('₺3.00');
    expect(screen.getByTestId('summary-earnings')).toHaveTextContent('₺12.00');
    const urls = fetchMock.mock.calls.map(([url]) => new URL(url as string));
    const query = urls.find((u) => u.pathname === '/api/v1/bets')!.searchParams;
    expect([query.get('page'), query.get('per_page')]).toEqual(['1', '1']);
  });

  it('follows a live bet from pending to its outcome', async () => {
    answers = [latest('pending'), latest('waiting')];
    await renderPage();
    expect(await screen.findByTestId('success-status')).toHaveTextContent('betslip.success.pending');
    await waitFor(
      () => expect(screen.getByTestId('success-status')).toHaveTextContent('betslip.success.title'),
      {
        timeout: 3_000,
      },
    );
  });

  it('shows a referred bet as awaiting approval, then approved', async () => {
    answers = [referred('pending', 'open'), referred('waiting', 'accepted')];
    await renderPage();
    const status = await screen.findByTestId('success-status');
    expect(status).toHaveTextContent('betslip.success.referred');
    expect(status).toHaveTextContent('betslip.success.referred_note');
    await waitFor(
      () => expect(screen.getByTestId('success-status')).toHaveTextContent('betslip.success.approved'),
      { timeout: 3_000 },
    );
  });

  it('offers the desk’s lower stake to take or leave; taking it posts the answer and shows the bet at the offer', async () => {
    answers = [referred('pending', 'offered'), taken];
    await renderPage();
    expect(await screen.findByTestId('referral-offer')).toHaveTextContent('betslip.success.offer');
    fireEvent.click(screen.getByRole('button', { name: 'betslip.success.offer_take' }));
    await waitFor(() =>
      expect(screen.getByTestId('success-status')).toHaveTextContent('betslip.success.offer_taken'),
    );
    const posted = fetchMock.mock.calls.find(([url]) => String(url).includes('/offer/accept'));
    expect(posted?.[1]).toMatchObject({ method: 'POST' });
  });

  it('says why a referred bet was rejected', async () => {
    answers = [referred('rejected', 'expired', { reject_reason: 'referral_timeout' })];
    await renderPage();
    expect(await screen.findByTestId('success-status')).toHaveTextContent('betslip.success.referral_timeout');
  });

  it('reuse replaces the slip with the bet, its system included, and opens the slip after 2 s', async () => {
    answers = [latest('waiting')];
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'betslip.success.reuse' }));
    await screen.findByText('betslip.success.reused');
    expect(useSlipStore.getState().bets.map((b) => [b.oddId, b.eventId, b.odd])).toEqual([
      [1, 1001, 2],
      [2, 1002, 2],
      [3, 1003, 2],
    ]);
    expect(useCouponStore.getState().coupon).toEqual({ type: 3, systems: [2] });
    expect(screen.queryByText('slip page')).toBeNull();
    await screen.findByText('slip page', undefined, { timeout: 3_000 });
  });
});
