import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  applyServerSelections,
  errorKey,
  locksSelection,
  NO_ERRORS,
  shownErrors,
  slipErrorsOf,
} from './bet-errors';
import { entry } from './test/fixtures';
import { placementErrors } from './use-place-flow';

const checked = (id: number, value: number, max: number) => ({
  entity: { id, playable_max_stake: max },
  eventId: 1000 + id,
  value,
  status: 'ok',
});

describe('server bet errors', () => {
  it('maps per-selection errors by oddId and general errors with their limit', () => {
    const errors = slipErrorsOf({
      error: 'bet_error',
      errors: {
        bets: { '7': { code: 'odd_changed', message: 'the odds have changed', value: 2.4 } },
        general: [
          { code: 'stake_below_min', message: 'below', field: 'amount', value: 100 },
          { code: 'insufficient_funds', message: 'low', field: 'amount' },
        ],
      },
    });
    expect(errors).toEqual({
      perBet: { 7: { code: 'odd_changed' } },
      general: [{ code: 'stake_below_min', value: 100 }, { code: 'insufficient_funds' }],
    });
  });

  it("takes the server's odds and max stakes into the slip and says which way each odd moved", () => {
    const bets = [entry(1, { odd: 2 }), entry(2, { odd: 3 }), entry(3, { odd: 1.5, maxStake: 500 })];
    const next = applyServerSelections(bets, [
      checked(1, 2.2, 900),
      checked(2, 2.75, 900),
      checked(3, 1.5, 500),
    ]);
    expect(next.bets.map((b) => [b.odd, b.maxStake])).toEqual([
      [2.2, 900],
      [2.75, 900],
      [1.5, 500],
    ]);
    expect(next.moves).toEqual([
      { oddId: 1, direction: 'up' },
      { oddId: 2, direction: 'down' },
    ]);
    // Nothing new: the same array comes back (no store update, no re-render).
    expect(applyServerSelections(next.bets, [checked(1, 2.2, 900)]).bets).toBe(next.bets);
  });

  it('keeps the odd the player saw when the server reports none (unknown selection)', () => {
    const next = applyServerSelections([entry(1, { odd: 2 })], [checked(1, 0, 0)]);
    expect(next.bets[0]).toMatchObject({ odd: 2, maxStake: 0 });
    expect(next.moves).toEqual([]);
  });

  it('turns a failed placement into slip errors (bet_error, rate limit, others, no answer)', () => {
    const betError = new ApiError(400, {
      error: 'bet_error',
      message: 'x',
      errors: { bets: { '4': { code: 'suspended', message: 's' } }, general: [] },
    });
    expect(placementErrors(betError)).toEqual({ perBet: { 4: { code: 'suspended' } }, general: [] });
    expect(placementErrors(new ApiError(429, { error: 'FST_ERR', message: 'slow down' })).general).toEqual([
      { code: 'rate_limited' },
    ]);
    expect(
      placementErrors(new ApiError(409, { error: 'insufficient_funds', message: 'low' })).general,
    ).toEqual([{ code: 'insufficient_funds' }]);
    expect(placementErrors(new TypeError('Failed to fetch')).general).toEqual([{ code: 'generic' }]);
  });

  it('names a translation for every known code and the generic text for others', () => {
    expect(errorKey('odd_changed')).toBe('betslip.error.odd_changed');
    expect(errorKey('stake_limit_exceeded')).toBe('betslip.error.stake_limit_exceeded');
    expect(errorKey('something_new')).toBe('betslip.error.generic');
  });
});

describe('the errors the slip shows', () => {
  const check = {
    perBet: { 1: { code: 'suspended' }, 2: { code: 'odd_changed' } },
    general: [{ code: 'x' }],
  };
  const placement = { perBet: { 2: { code: 'closed' } }, general: [{ code: 'rejected' }] };

  it("keeps the check's rows beside the placement's answer, which names the bet and its own rows", () => {
    expect(shownErrors(placement, check)).toEqual({
      perBet: { 1: { code: 'suspended' }, 2: { code: 'closed' } },
      general: [{ code: 'rejected' }],
    });
  });

  it("shows the check's general list while the placement has none, and local errors before both", () => {
    expect(shownErrors(NO_ERRORS, check).general).toEqual([{ code: 'x' }]);
    const local = { perBet: {}, general: [{ code: 'stake_above_max', value: 5 }] };
    expect(shownErrors(placement, check, local).general).toEqual(local.general);
    expect(shownErrors(NO_ERRORS, NO_ERRORS)).toEqual(NO_ERRORS);
  });

  it('locks a selection that cannot be bet now (padlock), not one whose price moved', () => {
    for (const code of ['suspended', 'closed', 'event_ended', 'not_found', 'odd_too_low', 'producer_down'])
      expect(locksSelection({ code })).toBe(true);
    for (const code of ['odd_changed', 'duplicate', 'same_event'])
      expect(locksSelection({ code })).toBe(false);
    expect(locksSelection(undefined)).toBe(false);
  });
});
