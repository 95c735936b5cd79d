import type { SelectionContext } from '../../sports/index';

/** A selection as the bet path sees it: event e's selection 10e + 1, Home at 2.00, open, pre-match. */
export function selectionContext(eventId: number, patch: Partial<SelectionContext> = {}): SelectionContext {
  return {
    selectionId: eventId * 10 + 1,
    eventId,
    sportId: 1,
    marketId: eventId * 100,
    marketType: 1,
    special: '',
    outcome: '1',
    name: 'Home',
    odd: 2,
    maxStake: 100_000,
    isLive: false,
    minBetLimit: 0,
    state: 'ok',
    result: null,
    ...patch,
  };
}
