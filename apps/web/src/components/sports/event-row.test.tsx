import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fixtureEvent } from '@/test/fixture-event';
import { renderScreen } from '@/test/render';
import { EventRow } from './event-row';
import { flagLetters } from './region-flag';

describe('EventRow', () => {
  it('a pre-match row: start time, odds of the chosen market, market count, link to sportsEvent', async () => {
    await renderScreen(<EventRow event={fixtureEvent()} marketType={1} />);
    const odds = screen.getAllByRole('button').filter((b) => b.hasAttribute('data-odd-id'));
    expect(odds.map((b) => b.getAttribute('aria-label'))).toEqual(['1 2.10', 'X 3.40', '2 3.20']);
    expect(odds.every((b) => !(b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getByText('+40')).toHaveAttribute('href', '/en/sports/1/2/0/event/100');
  });

  it('a suspended live row: clock and score, padlocked odds and a market count of 0, link to live', async () => {
    const event = fixtureEvent({
      isLive: true,
      isSuspended: true,
      status: 'second_half',
      periodTime: 92,
      data: { score: { home: 2, away: 1 }, stats: [] },
    });
    await renderScreen(<EventRow event={event} marketType={1} />);
    expect(screen.getByText("90'+2")).toBeInTheDocument();
    const odds = screen.getAllByRole('button').filter((b) => b.hasAttribute('data-odd-id'));
    expect(odds).toHaveLength(3);
    expect(odds.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.queryByText('2.10')).toBeNull();
    expect(screen.getByText('+0')).toHaveAttribute('href', '/en/live/1/100');
  });

  it('a row without the chosen market keeps its shape with a dash', async () => {
    await renderScreen(<EventRow event={fixtureEvent()} marketType={18} />);
    expect(screen.getByText('—')).toBeInTheDocument();
  });

  it('reads flag emoji as letters', () => {
    expect(flagLetters('🇹🇷')).toBe('TR');
    expect(flagLetters('🌍')).toBeNull();
  });
});
