import { describe, expect, it } from 'vitest';
import { COUPON_TYPE, SINGLE } from '@sb/betting';

const MULTIPLE = { type: COUPON_TYPE.multiple };
import { fixtureEvent } from '@/test/fixture-event';
import { slipPick } from '@/lib/fixtures/slip-pick';
import { boostReward, entry } from '../test/fixtures';
import { boostErrors, slipBoostOf } from './slip-boost';

const NOW = Date.parse('2026-11-29T12:00:00Z');

const boosted = entry(1, { odd: 2.5, boost: { normalOdd: 2 } });

describe('the slip’s odds boost (issue 36)', () => {
  it('is taken by a single of the boosted selection picked at its price, with the stake left', () => {
    const boost = slipBoostOf([boostReward()], SINGLE, [boosted], NOW);
    expect(boost?.reward.id).toBe(41);
    expect(boost?.remainingStake).toBe(3_000);
    // No remainingStake in the answer: the whole limit.
    expect(
      slipBoostOf([boostReward({ remainingStake: undefined })], SINGLE, [boosted], NOW)?.remainingStake,
    ).toBe(5_000);
  });

  it('is not taken by a multiple, a second pick, a pick at the normal price, another selection’s boost', () => {
    expect(slipBoostOf([boostReward()], MULTIPLE, [boosted], NOW)).toBeNull();
    expect(slipBoostOf([boostReward()], SINGLE, [boosted, entry(2)], NOW)).toBeNull();
    expect(slipBoostOf([boostReward()], SINGLE, [entry(1)], NOW)).toBeNull();
    const other = boostReward({
      terms: { product: 'sport', oddId: 7, boostedOdd: 2.5, maxStake: 5_000, expiresInDays: 7 },
    });
    expect(slipBoostOf([other], SINGLE, [boosted], NOW)).toBeNull();
    expect(slipBoostOf([boostReward({ kind: 'free_bet' })], SINGLE, [boosted], NOW)).toBeNull();
    expect(slipBoostOf(undefined, SINGLE, [boosted], NOW)).toBeNull();
  });

  it('prefers a usable reward; one paused or ended is still sent, so the server says why', () => {
    const ended = boostReward({ id: 40, status: 'expired', expiresAt: '2026-11-29T11:59:59Z' });
    expect(slipBoostOf([ended, boostReward()], SINGLE, [boosted], NOW)?.reward.id).toBe(41);
    expect(slipBoostOf([ended], SINGLE, [boosted], NOW)?.reward.id).toBe(40);
    expect(slipBoostOf([boostReward({ status: 'cancelled' })], SINGLE, [boosted], NOW)?.reward.id).toBe(41);
  });

  it("names the server's refusals as the boost's, the stake limit with what is left", () => {
    const boost = slipBoostOf([boostReward()], SINGLE, [boosted], NOW);
    const errors = {
      perBet: { 1: { code: 'odd_changed' } },
      general: [{ code: 'bonus_max_stake' }, { code: 'bonus_expired' }, { code: 'insufficient_funds' }],
    };
    expect(boostErrors(errors, boost)).toEqual({
      perBet: { 1: { code: 'odd_changed' } },
      general: [
        { code: 'boost_max_stake', value: 3_000 },
        { code: 'boost_expired' },
        { code: 'insufficient_funds' },
      ],
    });
    // No boost taken (a free bet's refusals stay the free bet's).
    expect(boostErrors(errors, null)).toBe(errors);
  });

  it('a tapped boosted selection goes on the slip at the boosted price, the normal one kept', () => {
    const event = fixtureEvent();
    const market = event.markets[0]!;
    const selection = { ...market.selections[0]!, odd: 2, boostedOdd: 2.5 };
    const pick = slipPick(event, market, selection, { market: 'Match result', outcome: '1' });
    expect(pick).toMatchObject({ odd: 2.5, boost: { normalOdd: 2 } });
    const plain = slipPick(
      event,
      market,
      { ...selection, boostedOdd: undefined },
      { market: 'M', outcome: '1' },
    );
    expect(plain.odd).toBe(2);
    expect(plain.boost).toBeUndefined();
  });
});
