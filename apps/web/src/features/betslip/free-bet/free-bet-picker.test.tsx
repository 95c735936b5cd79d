import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderScreen } from '@/test/render';
import { boostReward } from '../test/fixtures';
import { FreeBetPicker } from './free-bet-picker';
import { useFreeBetStore } from './free-bet-store';

const freeBet = boostReward({
  id: 61,
  kind: 'free_bet',
  amount: 1_000,
  terms: { product: 'sport', amount: 1_000, minOdds: 1.5, expiresInDays: 7, betTypes: [1, 2], live: 'any' },
});
const currency = { symbol: '₺', position: 'before' } as const;

describe('FreeBetPicker (the slip’s RewardOffer for a free bet)', () => {
  afterEach(() => useFreeBetStore.setState({ chosenId: null }));

  it('offers a free bet with a badge and Use it, which chooses it as the stake', async () => {
    await renderScreen(<FreeBetPicker chosen={null} offer={freeBet} currency={currency} />);
    const section = screen.getByTestId('free-bet');
    expect(section).toHaveAttribute('data-chosen', 'false');
    expect(section).not.toHaveAttribute('data-kind');
    expect(section.querySelector('.reward-offer__badge')).not.toBeNull();
    expect(section).toHaveTextContent('betslip.free_bet_available');
    fireEvent.click(within(section).getByRole('button', { name: 'betslip.free_bet_use' }));
    expect(useFreeBetStore.getState().chosenId).toBe(61);
  });

  it('shows the chosen free bet without a badge, and Remove puts it back', async () => {
    useFreeBetStore.setState({ chosenId: 61 });
    await renderScreen(<FreeBetPicker chosen={freeBet} offer={null} currency={currency} />);
    const section = screen.getByTestId('free-bet');
    expect(section).toHaveAttribute('data-chosen', 'true');
    expect(section).toHaveClass('reward-offer--chosen');
    expect(section.querySelector('.reward-offer__badge')).toBeNull();
    expect(section).toHaveTextContent('betslip.free_bet_used');
    fireEvent.click(within(section).getByRole('button', { name: 'betslip.free_bet_remove' }));
    expect(useFreeBetStore.getState().chosenId).toBeNull();
  });

  it('draws nothing with no free bet to offer', async () => {
    await renderScreen(<FreeBetPicker chosen={null} offer={null} currency={currency} />);
    expect(screen.queryByTestId('free-bet')).toBeNull();
  });
});
