import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '@/test/render';
import { SlipFooter, type SlipFooterProps } from './slip-footer';

const props = (betCount: number): SlipFooterProps => ({
  betCount,
  totalOdds: null,
  errors: [],
  hint: betCount === 0 ? 'betslip.choose_system' : null,
  quickBet: false,
  stake: { perBet: 100, total: 100 * Math.max(1, betCount) },
  showPerBet: false,
  earnings: { min: 0, max: 0 },
  showMinEarnings: true,
  currency: { symbol: '', position: 'before' },
  busy: null,
  canPlace: betCount > 0,
  maxStake: null,
  onQuickBet: () => {},
  onStake: () => {},
  onPlace: () => {},
});

describe('SlipFooter', () => {
  it('with 0 bets (a system without a size, e.g. after a banker reset) stakes nothing and asks for a system', async () => {
    await renderScreen(<SlipFooter {...props(0)} />);
    expect(screen.getByTestId('place-bet')).toHaveTextContent('betslip.choose_system_short');
    expect(screen.getByTestId('place-bet')).not.toHaveTextContent('1.00');
    expect(screen.getByTestId('place-bet')).toBeDisabled();
    expect(screen.getByTestId('stake-total')).toHaveTextContent('0.00');
  });

  it('with bets shows the stake on the place button', async () => {
    await renderScreen(<SlipFooter {...props(3)} />);
    expect(screen.getByTestId('place-bet')).toHaveTextContent('betslip.place · 3.00');
  });

  it('says the earnings are above the maximum payout when they pass exact integers (no crash)', async () => {
    await renderScreen(<SlipFooter {...props(1)} earnings={null} />);
    expect(screen.getByTestId('possible-earnings')).toHaveTextContent('betslip.earnings_beyond');
  });
});
