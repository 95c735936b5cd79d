import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider, type I18n, createI18n } from '@/lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SessionUser } from '@sb/contract';
import { authStorage } from '@/lib/auth-storage';
import { loggedInQueryClient, newQueryClient, TEST_USER } from '@/test/render';
import { ADD_BET_EVENT, SLIP_STORAGE_KEY } from '@/lib/slip-count';
import { clearSlip, type SlipPick } from '@/lib/slip-store';
import { OddsFormatProvider } from '@/lib/odds-format';
import { ODD_HIGHLIGHT_MS, OddButton, oddDirection, type OddButtonProps } from './odd-button';

const pick = (oddId: number, odd: number): SlipPick => ({
  eventId: 1,
  oddId,
  name: 'Match Result',
  outCome: '1',
  odd,
  oddType: 1,
  exc: 10,
  specialValue: '',
  match: {
    home: 'A',
    away: 'B',
    competition: 'C',
    sportId: 1,
    regionId: 2,
    competitionId: 3,
    startDate: '2026-11-23T18:00:00Z',
  },
  live: false,
  active: true,
});

let i18n: I18n;
async function renderOdd(props: Partial<OddButtonProps> & { selectionId: number }, user?: SessionUser) {
  i18n ??= await createI18n('en', { 'odds.locked': 'locked' });
  const all: OddButtonProps = {
    label: '1',
    odd: 2.1,

    locked: false,
    pick: () => pick(props.selectionId, props.odd ?? 2.1),
    ...props,
  };
  const queryClient = user ? loggedInQueryClient(user) : newQueryClient();
  const wrap = (next: Partial<OddButtonProps> = {}) => (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <OddsFormatProvider>
          <OddButton {...all} {...next} />
        </OddsFormatProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
  const view = render(wrap());
  const rerender = (next: Partial<OddButtonProps>) => view.rerender(wrap(next));
  return { ...view, rerender, button: () => screen.getByRole('button') };
}

afterEach(() => {
  act(() => clearSlip());
  authStorage.clear();
  vi.useRealTimers();
});

describe('OddButton (spec §4)', () => {
  it('names the outcome and the odd, carries the selection id and starts unselected', async () => {
    const { button } = await renderOdd({ selectionId: 501, label: 'X', odd: 3.4 });
    expect(button()).toHaveAccessibleName('X 3.40');
    expect(button()).toHaveAttribute('data-odd-id', '501');
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(button()).toBeEnabled();
  });

  it('tapping toggles the selection on the slip: stored under `bets`, announced with add-bet', async () => {
    const announced = vi.fn();
    window.addEventListener(ADD_BET_EVENT, announced);
    const { button } = await renderOdd({ selectionId: 502 });
    fireEvent.click(button());
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(SLIP_STORAGE_KEY)).toContain('"oddId":502');
    fireEvent.click(button());
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(announced).toHaveBeenCalledTimes(2);
    window.removeEventListener(ADD_BET_EVENT, announced);
  });

  it("shows the odd in the player's odds format (preference odds_format)", async () => {
    const as = (oddsFormat: SessionUser['preferences']['oddsFormat']) => ({
      ...TEST_USER,
      preferences: { ...TEST_USER.preferences, oddsFormat },
    });
    const fractional = await renderOdd({ selectionId: 511, label: '1', odd: 2.5 }, as('fractional'));
    expect(fractional.button()).toHaveAccessibleName('1 3/2');
    fractional.unmount();
    const american = await renderOdd({ selectionId: 512, label: '1', odd: 1.5 }, as('american'));
    expect(american.button()).toHaveAccessibleName('1 -200');
  });

  it('an odds boost (issue 36): the boosted price, the normal one struck through, the badge', async () => {
    const { button } = await renderOdd({
      selectionId: 520,
      odd: 2.1,
      boostedOdd: 2.5,
      pick: () => ({ ...pick(520, 2.5), boost: { normalOdd: 2.1 } }),
    });
    expect(button()).toHaveAttribute('data-boosted', 'true');
    expect(button().querySelector('.odd-button__value')).toHaveTextContent('2.50');
    expect(screen.getByTestId('odd-was').tagName).toBe('S');
    expect(screen.getByTestId('odd-was')).toHaveTextContent('2.10');
    expect(screen.getByTestId('boost-badge')).toHaveTextContent('odds.boost');
    // Said as the boosted price from the normal one.
    expect(button()).toHaveAccessibleName('1 odds.boosted_from');
    fireEvent.click(button());
    expect(localStorage.getItem(SLIP_STORAGE_KEY)).toContain('"odd":2.5,');
    expect(localStorage.getItem(SLIP_STORAGE_KEY)).toContain('"boost":{"normalOdd":2.1}');
  });

  it('an odds boost no higher than the price, or on a locked selection, is not shown', async () => {
    const same = await renderOdd({ selectionId: 521, odd: 2.5, boostedOdd: 2.5 });
    expect(same.button()).not.toHaveAttribute('data-boosted');
    expect(screen.queryByTestId('boost-badge')).toBeNull();
    same.unmount();
    const locked = await renderOdd({ selectionId: 522, odd: 2.1, boostedOdd: 2.5, locked: true });
    expect(locked.button()).toHaveAccessibleName('1 locked');
    expect(screen.queryByTestId('odd-was')).toBeNull();
    expect(screen.queryByTestId('boost-badge')).toBeNull();
  });

  it('locked: a padlock instead of the value, disabled, cannot be picked', async () => {
    const { button } = await renderOdd({ selectionId: 503, locked: true });
    expect(button()).toBeDisabled();
    expect(button()).toHaveAccessibleName('1 locked');
    expect(button()).not.toHaveTextContent('2.10');
    fireEvent.click(button());
    expect(localStorage.getItem(SLIP_STORAGE_KEY) ?? '').not.toContain('"oddId":503');
  });

  it('shows an up or down arrow for 2 s when the odd changes', async () => {
    vi.useFakeTimers();
    const { rerender, container } = await renderOdd({ selectionId: 504, odd: 2.1 });
    expect(container.querySelector('[data-arrow]')).toBeNull();
    rerender({ odd: 2.3 });
    expect(container.querySelector('[data-arrow="up"]')).not.toBeNull();
    rerender({ odd: 1.9 });
    expect(container.querySelector('[data-arrow="down"]')).not.toBeNull();
    act(() => vi.advanceTimersByTime(ODD_HIGHLIGHT_MS - 1));
    expect(container.querySelector('[data-arrow="down"]')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(container.querySelector('[data-arrow]')).toBeNull();
  });

  it('on mount shows the arrow when the odd moved since the selection was last shown', async () => {
    const first = await renderOdd({ selectionId: 505, odd: 1.8 });
    first.unmount();
    const second = await renderOdd({ selectionId: 505, odd: 1.7 });
    expect(second.container.querySelector('[data-arrow="down"]')).not.toBeNull();
  });

  it('direction: null on first sight or no change', () => {
    expect(oddDirection(undefined, 2)).toBeNull();
    expect(oddDirection(2, 2)).toBeNull();
    expect(oddDirection(2, 2.5)).toBe('up');
    expect(oddDirection(2, 1.5)).toBe('down');
  });
});
