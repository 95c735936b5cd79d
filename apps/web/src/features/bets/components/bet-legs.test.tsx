import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { BetView } from '@sb/contract';
import { renderScreen } from '@/test/render';
import { BetLegs } from './bet-legs';

const item = (n: number, oddResult: string | null): BetView['items'][number] => ({
  name: 'Asian Handicap',
  selection: `Home ${n}`,
  selectionId: n,
  specialValue: n === 1 ? '-0.25' : '0',
  fcName: `Home ${n}`,
  scName: `Away ${n}`,
  competition: 'League',
  mid: n,
  matchStartDate: '2026-11-22T18:00:00Z',
  matchOnLive: false,
  matchPeriodTime: 90,
  mData: { score: { home: 1, away: 1 } },
  matchStats: { status: 'ended' },
  betData: { score: { home: 1, away: 1 } },
  isLive: false,
  banker: false,
  oddResult,
  oddValue: 1.95,
  oddType: 16,
});

const bet = (items: BetView['items']): BetView => ({
  id: 7,
  type: { id: 1, name: 'single' },
  odd_count: items.length,
  bet_count: items.length,
  combinations: items.length,
  systems: [],
  created_at: '2026-11-20T10:00:00Z',
  status: 2,
  result: { key: 'win' },
  amount: 3000,
  amount_per_bet: 1000,
  currency: { iso_code: 'TRY', symbol: '₺', position: 'before' },
  earnings: 2975,
  calculated_earnings: 5850,
  cashed_out: 0,
  reject_reason: null,
  referral: null,
  items,
});

describe('BetLegs', () => {
  it("shows a handicap pick on its own side's line, not the market's home line (issue 33 item 1)", async () => {
    const away = { ...item(1, null), specialValue: '-0.5', selection: '2 (+0.5)' };
    const total = { ...item(2, null), name: 'Total Goals', specialValue: '2.5', selection: 'Over 2.5' };
    await renderScreen(<BetLegs bet={bet([away, total])} />);
    const picks = document.querySelectorAll('.bet-leg__pick');
    expect(picks[0]).toHaveTextContent(/^Asian Handicap: 2 \(\+0\.5\)$/);
    expect(picks[1]).toHaveTextContent(/^Total Goals \(2\.5\): Over 2\.5$/);
  });

  it('names half-won, half-lost and pushed legs with the final score', async () => {
    await renderScreen(
      <BetLegs bet={bet([item(1, 'half_win'), item(2, 'half_loss'), item(3, 'void'), item(4, null)])} />,
    );
    const legs = screen.getAllByRole('listitem');
    expect(legs[0]).toHaveTextContent('bets.leg.half_win · 1:1');
    expect(legs[1]).toHaveTextContent('bets.leg.half_loss · 1:1');
    expect(legs[2]).toHaveTextContent('bets.leg.void · 1:1');
    expect(legs[3]).not.toHaveTextContent('bets.leg');
    expect(legs[0]!.querySelector('.bet-leg__result--half_win')).not.toBeNull();
    expect(legs[1]!.querySelector('.bet-leg__result--half_loss')).not.toBeNull();
  });

  it("shows each bet builder leg's state in play: won, lost, or open while undecided (issue 37)", async () => {
    const builder = {
      ...item(5, null),
      name: 'Bet Builder',
      selection: 'Over 2.5 + 1 + P100 2+',
      matchOnLive: true,
      matchStats: { status: 'second_half' },
      matchPeriodTime: 70,
      builder: [
        { selectionId: 51, name: 'Total Goals (2.5)', selection: 'Over 2.5', result: 'win' },
        { selectionId: 52, name: 'Both Teams to Score', selection: 'No', result: 'loss' },
        { selectionId: 53, name: 'Player to Score 2 or More', selection: 'P100', result: null },
      ],
    };
    await renderScreen(<BetLegs bet={{ ...bet([builder]), status: 1, result: { key: 'open' } }} />);
    const states = screen.getAllByTestId('builder-leg-state');
    expect(states.map((s) => s.textContent)).toEqual(['bets.leg.win', 'bets.leg.loss', 'builder.leg_open']);
    expect(states[0]).toHaveClass('bet-leg__result--win');
    expect(states[1]).toHaveClass('bet-leg__result--loss');
    expect(states[2]).toHaveClass('bet-leg__result--open');
    expect(screen.getByTestId('bet-builder-legs').querySelectorAll('[data-result="open"]')).toHaveLength(1);
  });
});
