import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bonus, BonusesResponse, FreeBetTermsView } from '@sb/contract';
import { apiRequest } from './api-client';
import type { TFunction } from './i18n';
import { useIsLoggedIn, USER_QUERY_KEY } from './session';

/**
 * GET /api/v1/bonuses: the client's rewards (issue 36). Shared by the promotions page and the slip's free bet
 * (features never import each other); under the user's key, so logout drops it.
 */
export const bonusesQuery = () =>
  queryOptions({
    queryKey: [USER_QUERY_KEY, 'bonuses'],
    queryFn: async () => (await apiRequest<BonusesResponse>('api', '/api/v1/bonuses')).result,
    staleTime: 0,
  });

/** The logged-in client's rewards (none for a visitor). */
export function useBonuses() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...bonusesQuery(), enabled: loggedIn });
}

/** Free bets the client can use now (available and not expired at `now`), soonest expiry first. */
export const usableFreeBets = (bonuses: readonly Bonus[] | undefined, now: number): Bonus[] =>
  (bonuses ?? [])
    .filter((b) => b.kind === 'free_bet' && b.status === 'available' && Date.parse(b.expiresAt) > now)
    .sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt));

/** A reward's terms as the engine applies them, one sentence each, in the page's language. */
export function rewardTerms(bonus: Bonus, t: TFunction, money: (minor: number) => string): string[] {
  const { terms } = bonus;
  if ('wagering' in terms)
    return [
      t('promotions.terms.bonus_wagering', {
        amount: money(bonus.wagering?.required ?? terms.amount * terms.wagering),
        times: String(terms.wagering),
        odds: terms.minOdds.toFixed(2),
      }),
      t('promotions.terms.bonus_split'),
      t('promotions.terms.bonus_expiry', { days: String(terms.expiresInDays) }),
    ];
  if ('maxBoost' in terms)
    return [
      t('promotions.terms.boost', {
        legs: String(terms.minLegs),
        odds: terms.minLegOdds.toFixed(2),
        percent: String(terms.percent),
        amount: money(terms.maxBoost),
      }),
      t('promotions.terms.boost_cash'),
      t('promotions.terms.expiry', { days: String(terms.expiresInDays) }),
    ];
  if ('boostedOdd' in terms)
    return [
      t('promotions.terms.odds_boost', {
        odds: terms.boostedOdd.toFixed(2),
        amount: money(terms.maxStake),
        left: money(bonus.remainingStake ?? terms.maxStake),
      }),
      t('promotions.terms.odds_boost_rules'),
      t('promotions.terms.expiry', { days: String(terms.expiresInDays) }),
    ];
  if ('maxAmount' in terms)
    return [
      t('promotions.terms.cashback', {
        percent: String((terms.basisPoints ?? (terms.percent ?? 0) * 100) / 100),
        amount: money(terms.maxAmount),
        days: String(terms.expiresInDays),
      }),
    ];
  if ('maxRefund' in terms)
    return [
      t('promotions.terms.insurance', {
        legs: String(terms.minLegs),
        odds: terms.minLegOdds.toFixed(2),
        amount: money(terms.maxRefund),
      }),
      t('promotions.terms.insurance_cash'),
      t('promotions.terms.expiry', { days: String(terms.expiresInDays) }),
    ];
  return freeBetTerms(bonus, terms, t, money);
}

/** A free bet's terms, one sentence each: its stake, least odds, bet types, live or not, and the rules. */
function freeBetTerms(
  bonus: Bonus,
  terms: FreeBetTermsView,
  t: TFunction,
  money: (minor: number) => string,
): string[] {
  return [
    t('promotions.terms.stake', { amount: money(bonus.amount) }),
    t('promotions.terms.min_odds', { odds: bonus.minOdds.toFixed(2) }),
    t(`promotions.terms.types.${[...terms.betTypes].sort().join(',')}`),
    t(`promotions.terms.live.${terms.live}`),
    t('promotions.terms.snr'),
    t('promotions.terms.void'),
    t('promotions.terms.expiry', { days: String(terms.expiresInDays) }),
  ];
}
