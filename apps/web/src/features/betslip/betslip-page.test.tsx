import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SINGLE } from '@sb/betting';
import { updateSlip, useSlipStore, type SlipEntry } from '@/lib/slip-store';
import { authStorage } from '@/lib/auth-storage';
import { jsonResponse, loggedInQueryClient, newQueryClient, renderScreen, TEST_USER } from '@/test/render';
import { BetslipPage } from './betslip-page';
import { useCouponStore } from './coupon-store';
import { DEFAULT_STAKE } from './stake';
import { boostReward, entry } from './test/fixtures';
import { useCashRewardStore } from './cash-reward/slip-cash-reward';

const fetchMock = vi.fn();
type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
let routes: Record<string, Handler> = {};

const okCheck = (bets: SlipEntry[]) => ({
  maxStake: 100_000,
  bets: bets.map((b) => ({
    entity: { id: b.oddId, playable_max_stake: 50_000 },
    eventId: b.eventId,
    value: b.odd,
    status: 'ok',
  })),
  error: null,
  errors: { bets: {}, general: [] },
  betCount: 1,
  amountPerBet: 100,
  possibleEarnings: { min: 0, max: 0 },
});

beforeEach(() => {
  useSlipStore.setState({ bets: [] });
  useCouponStore.setState({ coupon: SINGLE, count: 0, stake: DEFAULT_STAKE, quickBet: false });
  useCashRewardStore.setState({ chosenId: null });
  routes = {
    '/api/v1/checkBets': () => jsonResponse(200, okCheck(useSlipStore.getState().bets)),
    '/api/v2/fixture/full': () => jsonResponse(200, { result: [], pagination: {} }),
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
    const parsed = new URL(url);
    const handler = routes[parsed.pathname];
    if (!handler) throw new Error(`unexpected ${parsed.pathname}`);
    return handler(parsed, init);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function renderSlip(bets: SlipEntry[], { loggedIn = true } = {}) {
  const queryClient = loggedIn ? loggedInQueryClient() : newQueryClient();
  act(() => updateSlip(() => ({ bets })));
  return renderScreen(<BetslipPage />, {
    path: '/en/betslip',
    queryClient,
    routes: [
      { path: '/en/betslip-successful', element: <p>success page</p> },
      { path: '/en/login', element: <p>login page</p> },
    ],
  });
}

const typeButton = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^bet\\.type\\.${name}`) });
const calls = (path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(url as string).pathname === path);

describe('BetslipPage', () => {
  it('flags two picks of one match "same match", and only those (issue 33 item 10)', async () => {
    await renderSlip([entry(1), entry(2, { eventId: 1001 }), entry(3)]);
    const rows = screen.getAllByTestId('slip-row');
    expect(rows.map((r) => within(r).queryByTestId('same-match') !== null)).toEqual([true, true, false]);
    expect(within(rows[0]!).getByTestId('same-match')).toHaveTextContent('betslip.same_match');
  });

  it('shows the empty state with its shortcut links', async () => {
    await renderSlip([]);
    expect(screen.getByText('betslip.empty.title')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'nav.live' })).toHaveAttribute('href', '/en/live');
    expect(screen.getByRole('link', { name: 'betslip.football' })).toHaveAttribute('href', '/en/sports/1');
  });

  it('shows the coupon type of the §4 rules: single, then multiple, then system 2/3 from the popup', async () => {
    await renderSlip([entry(1)]);
    expect(typeButton('single')).toHaveAttribute('aria-pressed', 'true');
    expect(typeButton('multiple')).toBeDisabled();
    act(() => updateSlip((s) => ({ bets: [...s.bets, entry(2), entry(3)] })));
    expect(typeButton('multiple')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('bet-count')).toHaveTextContent('1');
    expect(screen.getByTestId('total-odds')).toHaveTextContent('8.00');
    // Total odds are rounded down like the winnings: 2.15 × 2.2 × 2.13 = 10.07463 shows 10.07.
    act(() => updateSlip((s) => ({ bets: s.bets.map((b, i) => ({ ...b, odd: [2.15, 2.2, 2.13][i]! })) })));
    expect(screen.getByTestId('total-odds')).toHaveTextContent('10.07');
    act(() => updateSlip((s) => ({ bets: s.bets.map((b) => ({ ...b, odd: 2 })) })));

    fireEvent.click(typeButton('system'));
    const popup = screen.getByRole('dialog', { name: 'betslip.system_title' });
    expect(within(popup).getAllByRole('checkbox')).toHaveLength(2); // 1/3 and 2/3
    fireEvent.click(popup.querySelector('input[data-k="2"]')!);
    expect(within(popup).getByTestId('system-combinations').querySelectorAll('li')).toHaveLength(3);
    expect(typeButton('system')).toHaveAttribute('aria-pressed', 'true');
    expect(typeButton('system')).toHaveTextContent('2/3');
    expect(screen.getByTestId('bet-count')).toHaveTextContent('3');
    // Three bets of 1.00 at odds 2 × 2: each winning combination returns 4.00.
    expect(screen.getByTestId('possible-earnings')).toHaveTextContent('₺4.00 – ₺12.00');

    fireEvent.click(typeButton('multiple'));
    expect(typeButton('multiple')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('bet-count')).toHaveTextContent('1');
  });

  it('falls back to single with two picks of one event', async () => {
    await renderSlip([entry(1), entry(2, { eventId: 1001 })]);
    expect(typeButton('single')).toHaveAttribute('aria-pressed', 'true');
    expect(typeButton('multiple')).toBeDisabled();
    expect(screen.getByTestId('bet-count')).toHaveTextContent('2');
  });

  it('sets the stake with the numpad: per bet sets the total, the total sets per bet', async () => {
    useCouponStore.setState({ coupon: { type: 3, systems: [2] }, count: 3 });
    await renderSlip([entry(1), entry(2), entry(3)]);
    fireEvent.click(screen.getByTestId('stake-box'));
    const popup = screen.getByRole('dialog', { name: 'betslip.stake' });
    const key = (k: string) => fireEvent.click(within(popup).getByRole('button', { name: k }));
    fireEvent.click(within(popup).getByRole('button', { name: /betslip\.stake_per_bet/ }));
    key('betslip.numpad_delete');
    key('2');
    key('betslip.numpad_decimal');
    key('5');
    // Typed with the decimal key, written like every amount of the app.
    expect(within(popup).getByTestId('stake-perBet')).toHaveTextContent('₺2.5');
    expect(within(popup).getByTestId('stake-total')).toHaveTextContent('₺7.50');
    fireEvent.click(within(popup).getByRole('button', { name: /betslip\.stake_total/ }));
    for (const k of [
      'betslip.numpad_delete',
      'betslip.numpad_delete',
      'betslip.numpad_delete',
      'betslip.numpad_delete',
    ])
      key(k);
    key('1');
    key('0');
    expect(within(popup).getByTestId('stake-perBet')).toHaveTextContent('₺3.33');
    // 10.00 does not split over 3 bets: the popup says what is placed (3 × 3.33).
    expect(within(popup).getByTestId('stake-split')).toBeInTheDocument();
    fireEvent.click(within(popup).getByRole('button', { name: '50' }));
    expect(within(popup).getByTestId('stake-perBet')).toHaveTextContent('₺16.66');
    fireEvent.click(within(popup).getByRole('button', { name: 'betslip.done' }));
    expect(screen.getByTestId('stake-total')).toHaveTextContent('₺49.98');
    expect(screen.getByTestId('stake-per-bet')).toHaveTextContent('₺16.66');
  });

  it('shows only the total for a multiple', async () => {
    await renderSlip([entry(1), entry(2)]);
    fireEvent.click(screen.getByTestId('stake-box'));
    const popup = screen.getByRole('dialog', { name: 'betslip.stake' });
    expect(within(popup).queryByTestId('stake-perBet')).toBeNull();
    expect(within(popup).getByTestId('stake-total')).toHaveTextContent('₺1');
  });

  it("takes checkBets' new odds and max stakes into the slip, and shows its errors after 1 s", async () => {
    routes['/api/v1/checkBets'] = () =>
      jsonResponse(200, {
        ...okCheck([entry(1, { odd: 2.5 })]),
        error: 'bet_error',
        errors: { bets: { '1': { code: 'odd_changed', message: 'changed', value: 2.5 } }, general: [] },
      });
    await renderSlip([entry(1, { odd: 2 })]);
    await waitFor(() => expect(screen.getByTestId('slip-odd')).toHaveTextContent('2.50'));
    expect(screen.getByTestId('slip-odd')).toHaveAttribute('data-move', 'up');
    expect(useSlipStore.getState().bets[0]).toMatchObject({ odd: 2.5, maxStake: 50_000 });
    expect(screen.getByText('betslip.max_stake')).toBeInTheDocument();
    expect(screen.queryByText('betslip.error.odd_changed')).toBeNull();
    await screen.findByText('betslip.error.odd_changed', undefined, { timeout: 3_000 });
    const form = new URLSearchParams(String(calls('/api/v1/checkBets')[0]![1].body));
    expect(form.get('bets[0][odd]')).toBe('2');
    expect(form.get('amount')).toBe('100');
  });

  it('asks a visitor to log in (§8 dialog) instead of placing', async () => {
    await renderSlip([entry(1)], { loggedIn: false });
    fireEvent.click(screen.getByTestId('place-bet'));
    const dialog = screen.getByRole('dialog', { name: 'processing.error' });
    expect(dialog).toHaveTextContent('auth.bet_auth');
    fireEvent.click(within(dialog).getByRole('button', { name: 'nav.login' }));
    await screen.findByText('login page');
    expect(calls('/api/v1/betPlace')).toHaveLength(0);
  });

  it('waits for a logged-in session before placing: the button says loading instead of asking to log in', async () => {
    authStorage.set({ accessToken: 'a', refreshToken: 'r' });
    let answer: (r: Response) => void = () => undefined;
    routes['/api/get/session'] = () => new Promise<Response>((resolve) => (answer = resolve));
    await renderSlip([entry(1)], { loggedIn: false });
    const place = screen.getByTestId('place-bet');
    expect(place).toBeDisabled();
    expect(place).toHaveTextContent('app.loading');
    fireEvent.click(place);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () =>
      answer(jsonResponse(200, { result: { user: TEST_USER, app: { meta: { title: 't' } } } })),
    );
    await waitFor(() => expect(screen.getByTestId('place-bet')).toBeEnabled());
    expect(screen.getByTestId('place-bet')).toHaveTextContent('betslip.place');
  });

  it('places with one Idempotency-Key per attempt (a retry after no answer reuses it), then clears the slip', async () => {
    let attempts = 0;
    routes['/api/v1/betPlace'] = () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return jsonResponse(200, { result: { id: 9, result: { key: 'waiting' }, items: [] } });
    };
    useCouponStore.setState({ quickBet: true });
    await renderSlip([entry(1), entry(2)]);
    fireEvent.click(screen.getByTestId('place-bet'));
    await screen.findByText('success page', undefined, { timeout: 4_000 });
    const placed = calls('/api/v1/betPlace');
    expect(placed).toHaveLength(2);
    const keys = placed.map(([, init]) => new Headers(init.headers).get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    const form = new URLSearchParams(String(placed[0]![1].body));
    expect(Object.fromEntries(form)).toMatchObject({ type: '2', amount: '100', confirmationType: '2' });
    expect(useSlipStore.getState().bets).toEqual([]);
  });

  it('asks to confirm without quick bet, marks bet_error selections, and a new attempt gets a new key', async () => {
    routes['/api/v1/betPlace'] = () =>
      jsonResponse(400, {
        error: 'bet_error',
        message: 'suspended',
        errors: { bets: { '2': { code: 'suspended', message: 's' } }, general: [] },
        bets: [],
      });
    await renderSlip([entry(1), entry(2)]);
    const place = async () => {
      fireEvent.click(screen.getByTestId('place-bet'));
      const confirm = screen.getByRole('dialog', { name: 'betslip.confirm_title' });
      fireEvent.click(within(confirm).getByRole('button', { name: 'betslip.place' }));
      await waitFor(() => expect(screen.getByTestId('place-bet')).not.toHaveTextContent('betslip.placing'));
    };
    await place();
    const rows = await screen.findAllByTestId('slip-row');
    expect(within(rows[1]!).getByRole('alert')).toHaveTextContent('betslip.error.suspended');
    await place();
    const placed = calls('/api/v1/betPlace');
    expect(new URLSearchParams(String(placed[0]![1].body)).get('confirmationType')).toBe('1');
    const keys = placed.map(([, init]) => new Headers(init.headers).get('idempotency-key'));
    expect(keys[1]).not.toBe(keys[0]);
    expect(useSlipStore.getState().bets).toHaveLength(2);
  });

  it('refuses a total beyond any request (no checkBets, no placing) and says so', async () => {
    // 99,999,999.99 per bet over 3 bets: the numpad allows each, the total is too large to send.
    useCouponStore.setState({
      coupon: { type: 3, systems: [2] },
      count: 3,
      stake: { perBet: 99_999_999_99, total: 0, edited: 'perBet' },
    });
    await renderSlip([entry(1), entry(2), entry(3)]);
    expect(screen.getByTestId('slip-errors')).toHaveTextContent('betslip.error.stake_above_max');
    expect(screen.getByTestId('place-bet')).toBeDisabled();
    expect(calls('/api/v1/checkBets')).toHaveLength(0);
    act(() => useCouponStore.setState({ stake: { perBet: 500, total: 1500, edited: 'perBet' } }));
    await waitFor(() => expect(calls('/api/v1/checkBets')).toHaveLength(1));
    expect(screen.queryByTestId('slip-errors')).toBeNull();
  });

  it('keeps what checkBets found on each row (with a padlock) after a rejected placement', async () => {
    routes['/api/v1/checkBets'] = () =>
      jsonResponse(200, {
        ...okCheck(useSlipStore.getState().bets),
        error: 'bet_error',
        errors: { bets: { '2': { code: 'event_ended', message: 'over' } }, general: [] },
      });
    routes['/api/v1/betPlace'] = () =>
      jsonResponse(200, {
        result: { id: 9, result: { key: 'rejected' }, reject_reason: 'event_ended', items: [] },
      });
    useCouponStore.setState({ quickBet: true });
    await renderSlip([entry(1), entry(2)]);
    const rows = screen.getAllByTestId('slip-row');
    await waitFor(() => expect(rows[1]).toHaveAttribute('data-locked', 'true'), { timeout: 3_000 });
    expect(rows[0]).not.toHaveAttribute('data-locked');
    fireEvent.click(screen.getByTestId('place-bet'));
    await waitFor(() =>
      expect(screen.getByTestId('slip-errors')).toHaveTextContent('betslip.error.rejected'),
    );
    // The placement's answer speaks for the bet; the row keeps its own reason and padlock.
    expect(within(rows[1]!).getByRole('alert')).toHaveTextContent('betslip.error.event_ended');
    expect(within(rows[1]!).getByRole('img', { name: 'betslip.locked' })).toBeInTheDocument();
  });

  describe('an odds boost (issue 36)', () => {
    const reward = boostReward();
    const boosted = entry(1, { odd: 2.5, boost: { normalOdd: 2 } });

    it('shows the boosted price over the normal one and the stake left, and sends the boost with its price', async () => {
      routes['/api/v1/bonuses'] = () => jsonResponse(200, { result: [reward] });
      routes['/api/v1/betPlace'] = () =>
        jsonResponse(200, { result: { id: 9, result: { key: 'waiting' }, items: [] } });
      useCouponStore.setState({ quickBet: true });
      await renderSlip([boosted]);
      const note = await screen.findByTestId('slip-boost');
      expect(note).toHaveTextContent('betslip.boost_price');
      expect(within(note).getByTestId('slip-boost-was')).toHaveTextContent('2.00');
      expect(within(note).getByTestId('boost-badge')).toBeInTheDocument();
      expect(within(note).getByTestId('slip-boost-limit')).toHaveTextContent('betslip.boost_limit');
      // The free bet is not offered beside it: one reward per slip.
      expect(screen.queryByTestId('free-bet')).toBeNull();
      // Checked once the rewards are known, with the boost from the first check (never the normal price first).
      await waitFor(() => expect(calls('/api/v1/checkBets').length).toBeGreaterThan(0));
      const first = new URLSearchParams(String(calls('/api/v1/checkBets')[0]![1].body));
      expect(first.get('bonusId')).toBe('41');
      expect(first.get('bets[0][odd]')).toBe('2.5');
      fireEvent.click(screen.getByTestId('place-bet'));
      await screen.findByText('success page', undefined, { timeout: 4_000 });
      const form = new URLSearchParams(String(calls('/api/v1/betPlace')[0]![1].body));
      expect(Object.fromEntries(form)).toMatchObject({
        type: '1',
        amount: '100',
        bonusId: '41',
        'bets[0][oddId]': '1',
        'bets[0][odd]': '2.5',
      });
    });

    it("says the boost's stake limit is exceeded with what is left, in the boost's words", async () => {
      routes['/api/v1/bonuses'] = () => jsonResponse(200, { result: [reward] });
      routes['/api/v1/checkBets'] = () =>
        jsonResponse(200, {
          ...okCheck(useSlipStore.getState().bets),
          error: 'bet_error',
          errors: {
            bets: {},
            general: [{ code: 'bonus_max_stake', field: 'bonusId', message: 'above what is left' }],
          },
        });
      await renderSlip([boosted]);
      const errors = await screen.findByTestId('slip-errors', undefined, { timeout: 3_000 });
      expect(errors).toHaveTextContent('betslip.error.boost_max_stake');
      expect(errors).not.toHaveTextContent('bonus');
    });

    it('is not sent with a second selection (a boost is for a single)', async () => {
      routes['/api/v1/bonuses'] = () => jsonResponse(200, { result: [reward] });
      await renderSlip([boosted, entry(2)]);
      await waitFor(() => expect(calls('/api/v1/checkBets').length).toBeGreaterThan(0));
      expect(screen.queryByTestId('slip-boost')).toBeNull();
      for (const [, init] of calls('/api/v1/checkBets'))
        expect(new URLSearchParams(String(init.body)).has('bonusId')).toBe(false);
    });
  });

  describe('an acca insurance or a profit boost (issue 36)', () => {
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const insurance = {
      id: 51,
      kind: 'acca_insurance',
      amount: 1_500,
      currency: 'TRY',
      minOdds: 1.2,
      expiresAt: inAWeek,
      status: 'available',
      betId: null,
      paid: 0,
      campaign: 'Acca cover',
      terms: { product: 'sport', maxRefund: 1_500, minLegs: 3, minLegOdds: 1.2, expiresInDays: 7 },
    };
    const boost = {
      ...insurance,
      id: 52,
      kind: 'profit_boost',
      campaign: 'Boost',
      terms: {
        product: 'sport',
        percent: 25,
        maxBoost: 5_000,
        minLegs: 1,
        minLegOdds: 1.2,
        expiresInDays: 7,
      },
    };
    const bonusIds = () =>
      calls('/api/v1/checkBets').map(([, init]) => new URLSearchParams(String(init.body)).get('bonusId'));

    it('offers an insurance on a multiple of enough legs; once chosen it goes with the cash stake', async () => {
      routes['/api/v1/bonuses'] = () => jsonResponse(200, { result: [insurance] });
      await renderSlip([entry(1), entry(2), entry(3)]);
      const offer = await screen.findByTestId('cash-reward');
      expect(offer).toHaveAttribute('data-kind', 'acca_insurance');
      expect(offer).toHaveTextContent('betslip.insurance_offer');
      expect(bonusIds().every((id) => id === null)).toBe(true);
      fireEvent.click(within(offer).getByRole('button', { name: 'betslip.cash_reward_use' }));
      await waitFor(() => expect(bonusIds()).toContain('51'));
      expect(screen.getByTestId('cash-reward')).toHaveAttribute('data-chosen', 'true');
      // The stake stays the player's cash (not the reward's amount).
      const last = new URLSearchParams(String(calls('/api/v1/checkBets').at(-1)![1].body));
      expect(last.get('amount')).toBe('100');
      fireEvent.click(screen.getByRole('button', { name: 'betslip.cash_reward_remove' }));
      await waitFor(() => expect(screen.getByTestId('cash-reward')).toHaveAttribute('data-chosen', 'false'));
    });

    it('is not offered on too few legs; a profit boost is offered on a single; refusals are the reward’s', async () => {
      routes['/api/v1/bonuses'] = () => jsonResponse(200, { result: [insurance] });
      const two = await renderSlip([entry(1), entry(2)]);
      await waitFor(() => expect(calls('/api/v1/checkBets').length).toBeGreaterThan(0));
      expect(screen.queryByTestId('cash-reward')).toBeNull();
      two.unmount();

      routes['/api/v1/bonuses'] = () => jsonResponse(200, { result: [boost] });
      routes['/api/v1/checkBets'] = (_url, init) => {
        const chosen = new URLSearchParams(String(init.body)).get('bonusId') === '52';
        return jsonResponse(200, {
          ...okCheck(useSlipStore.getState().bets),
          ...(chosen && {
            error: 'bet_error',
            errors: { bets: {}, general: [{ code: 'bonus_min_odds', field: 'bonusId', message: 'below' }] },
          }),
        });
      };
      await renderSlip([entry(1)]);
      const offer = await screen.findByTestId('cash-reward');
      expect(offer).toHaveAttribute('data-kind', 'profit_boost');
      fireEvent.click(within(offer).getByRole('button', { name: 'betslip.cash_reward_use' }));
      const errors = await screen.findByTestId('slip-errors', undefined, { timeout: 3_000 });
      expect(errors).toHaveTextContent('betslip.error.reward_min_odds');
    });
  });
});
