import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Bonus } from '@sb/contract';
import { jsonResponse, loggedInQueryClient, renderScreen } from '@/test/render';
import { canClaimCashback } from './reward-actions';
import { PromotionsPage } from './promotions-page';

const fetchMock = vi.fn();
const HOUR = 3_600_000;
const now = Date.now();

/** A cashback campaign not claimed yet, as `GET /api/v1/bonuses` lists it (id 0, its campaign's id). */
const cashback = (campaignId: number, patch: Partial<Bonus> = {}): Bonus => ({
  id: 0,
  kind: 'cashback',
  amount: 1_250,
  currency: 'TRY',
  minOdds: 1,
  expiresAt: new Date(now + 48 * HOUR).toISOString(),
  status: 'available',
  betId: null,
  paid: 0,
  campaign: `Weekly ${campaignId}`,
  terms: {
    product: 'sport',
    percent: 10,
    maxAmount: 50_000,
    expiresInDays: 7,
    payAs: 'cash',
  } as Bonus['terms'],
  campaignId,
  claimableAt: new Date(now - HOUR).toISOString(),
  ...patch,
});

const claims = () =>
  fetchMock.mock.calls.filter(([url]) => new URL(url as string).pathname === '/api/v1/bonuses/cashback');

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('promotions page: claiming a cashback', () => {
  it('is claimable once its period is over, while its window is open and something is due', () => {
    expect(canClaimCashback(cashback(1), now)).toBe(true);
    expect(canClaimCashback(cashback(1, { claimableAt: new Date(now + HOUR).toISOString() }), now)).toBe(
      false,
    );
    expect(canClaimCashback(cashback(1, { expiresAt: new Date(now - 1).toISOString() }), now)).toBe(false);
    expect(canClaimCashback(cashback(1, { amount: 0 }), now)).toBe(false);
  });

  it('claims one campaign by its id, reads the rewards again and shows each campaign apart', async () => {
    let claimed = false;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      const path = new URL(url).pathname;
      if (path === '/api/v1/bonuses/cashback') {
        claimed = true;
        return jsonResponse(200, { result: { campaignId: 7, rewardId: 31, amount: 1_250, claimed: true } });
      }
      if (path === '/api/v1/bonuses' && (init?.method ?? 'GET') === 'GET') {
        const later = cashback(8, { claimableAt: new Date(now + 24 * HOUR).toISOString() });
        const paid = { ...cashback(7), id: 31, status: 'used' as const, paid: 1_250 };
        return jsonResponse(200, { result: claimed ? [paid, later] : [cashback(7), later] });
      }
      return jsonResponse(404, { error: 'not_found' });
    });
    await renderScreen(<PromotionsPage />, { queryClient: loggedInQueryClient() });
    const cards = await screen.findAllByTestId('reward');
    expect(cards).toHaveLength(2);
    const [open, waiting] = cards.map((c) => within(c).getByTestId('cashback-claim'));
    expect(open).toBeEnabled();
    expect(waiting).toBeDisabled();
    expect(cards[1]).toHaveTextContent('promotions.cashback.claimable_from');
    fireEvent.click(open!);
    expect(await screen.findByText('promotions.cashback.paid')).toBeInTheDocument();
    expect(claims()).toHaveLength(1);
    expect(JSON.parse(claims()[0]![1].body as string)).toEqual({ campaignId: 7 });
    expect(screen.getAllByTestId('cashback-claim')).toHaveLength(1);
  });

  it('says why a cashback whose period is over cannot be claimed when nothing is due', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      const path = new URL(url).pathname;
      const waiting = cashback(8, { amount: 0, claimableAt: new Date(now + HOUR).toISOString() });
      if (path === '/api/v1/bonuses')
        return jsonResponse(200, { result: [cashback(7, { amount: 0 }), waiting] });
      return jsonResponse(404, { error: 'not_found' });
    });
    await renderScreen(<PromotionsPage />, { queryClient: loggedInQueryClient() });
    const [over, waiting] = await screen.findAllByTestId('reward');
    expect(within(over!).getByTestId('cashback-claim')).toBeDisabled();
    expect(within(over!).getByTestId('cashback-nothing-due')).toHaveTextContent(
      'promotions.cashback.error.cashback_nothing_due',
    );
    // Still in its period: when it may be claimed, not that nothing is due.
    expect(within(waiting!).queryByTestId('cashback-nothing-due')).toBeNull();
    expect(waiting).toHaveTextContent('promotions.cashback.claimable_from');
  });

  it("says the server's refusal in a sentence and changes nothing", async () => {
    fetchMock.mockImplementation(async (url: string) => {
      const path = new URL(url).pathname;
      if (path === '/api/v1/bonuses/cashback')
        return jsonResponse(409, {
          error: 'cashback_nothing_due',
          message: 'no net sports loss in the period',
        });
      if (path === '/api/v1/bonuses') return jsonResponse(200, { result: [cashback(7)] });
      return jsonResponse(404, { error: 'not_found' });
    });
    await renderScreen(<PromotionsPage />, { queryClient: loggedInQueryClient() });
    fireEvent.click(await screen.findByTestId('cashback-claim'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'promotions.cashback.error.cashback_nothing_due',
    );
    expect(screen.getByTestId('cashback-claim')).toBeEnabled();
  });

  it('joins an opt-in campaign by its id and shows the reward it gave; a refusal is a sentence', async () => {
    const offered: Bonus = { ...cashback(9), kind: 'free_bet', status: 'offered', claimableAt: undefined };
    let joined = false;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      const path = new URL(url).pathname;
      if (path === '/api/v1/bonuses/opt-in') {
        if ((JSON.parse(init!.body as string) as { campaignId: number }).campaignId !== 9)
          return jsonResponse(404, { error: 'not_found', message: 'campaign not found' });
        joined = true;
        return jsonResponse(200, { result: { campaignId: 9, rewardId: 44, joined: true } });
      }
      if (path === '/api/v1/bonuses') {
        const given = { ...offered, id: 44, status: 'available' as const };
        return jsonResponse(200, { result: [joined ? given : offered, { ...offered, campaignId: 10 }] });
      }
      return jsonResponse(404, { error: 'not_found' });
    });
    await renderScreen(<PromotionsPage />, { queryClient: loggedInQueryClient() });
    const [first, second] = await screen.findAllByTestId('opt-in-join');
    expect((await screen.findAllByTestId('reward'))[0]).toHaveTextContent('promotions.status.offered');
    fireEvent.click(second!);
    expect(await screen.findByRole('alert')).toHaveTextContent('promotions.opt_in.error.not_found');
    fireEvent.click(first!);
    await screen.findByText('promotions.status.available');
    expect(screen.getAllByTestId('opt-in-join')).toHaveLength(1);
  });
});
