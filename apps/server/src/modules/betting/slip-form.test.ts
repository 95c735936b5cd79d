import { describe, expect, it } from 'vitest';
import { MAX_SLIP_AMOUNT_CENTS } from '@sb/betting';
import { parseSlip } from './slip-form';

const slip = (amount: number) => ({
  type: '1',
  amount: String(amount),
  'bets[0][eventId]': '5',
  'bets[0][oddId]': '77',
  'bets[0][odd]': '2.15',
});

describe('slip form', () => {
  it('takes a total up to the bound the web stops at (MAX_SLIP_AMOUNT_CENTS), and names the field above it', () => {
    expect(parseSlip(slip(MAX_SLIP_AMOUNT_CENTS)).amount).toBe(MAX_SLIP_AMOUNT_CENTS);
    expect(() => parseSlip(slip(MAX_SLIP_AMOUNT_CENTS + 1))).toThrow(
      expect.objectContaining({ statusCode: 400, field: 'amount' }),
    );
  });
});
