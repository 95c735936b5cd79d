import { describe, expect, it } from 'vitest';
import { DEFAULT_STAKE, editStake, stakeAt, stakeText, typedStakeText } from './stake';

describe('stake split (spec §5)', () => {
  it('defaults to 1 per bet and 1 in total for one bet', () => {
    expect(stakeAt(DEFAULT_STAKE, 1)).toEqual({ perBet: 100, total: 100 });
  });

  it('editing per bet sets total = per-bet × bet count', () => {
    const stake = editStake('perBet', 250, 3);
    expect(stake).toEqual({ perBet: 250, total: 750, edited: 'perBet' });
    // More bets later: the per-bet stake stands, the total follows.
    expect(stakeAt(stake, 6)).toEqual({ perBet: 250, total: 1500 });
  });

  it('editing the total sets per bet = total ÷ bet count, and places per-bet × count', () => {
    const stake = editStake('total', 1000, 3);
    expect(stake).toEqual({ perBet: 333, total: 1000, edited: 'total' });
    // What is placed splits evenly (the server refuses a total that does not).
    expect(stakeAt(stake, 3)).toEqual({ perBet: 333, total: 999 });
    expect(stakeAt(stake, 4)).toEqual({ perBet: 250, total: 1000 });
  });

  it('writes minor units as numpad text', () => {
    expect(stakeText(1200)).toBe('12');
    expect(stakeText(1250)).toBe('12,5');
    expect(stakeText(1205)).toBe('12,05');
    expect(stakeText(5)).toBe('0,05');
  });

  it('shows typed numpad text like every amount of the app: grouped, with a decimal point', () => {
    expect(typedStakeText('')).toBe('0');
    expect(typedStakeText('12')).toBe('12');
    expect(typedStakeText('0,')).toBe('0.');
    expect(typedStakeText('1234,5')).toBe('1,234.5');
    expect(typedStakeText('12345678,99')).toBe('12,345,678.99');
    expect(typedStakeText('100')).toBe('100');
  });
});
