import { createPersistedStore } from './persisted-store';
import { ADD_BET_EVENT, SLIP_CLEARED_EVENT, SLIP_STORAGE_KEY } from './slip-count';

/** Spec §9: the slip holds at most this many selections; adding one more clears it. */
export const SLIP_MAX_SELECTIONS = 25;

/** The match a selection belongs to, as the slip row shows it (spec §2 Bet slip). */
export interface SlipMatch {
  home: string;
  away: string;
  competition: string;
  sportId: number;
  regionId: number;
  competitionId: number;
  /** ISO start time. */
  startDate: string;
}

/**
 * One selection on the slip (spec §3 "Bet slip entry"). `odd` is the decimal odd the player saw
 * when picking it; the betting feature refreshes it (and `active`, `maxStake`) from checkBets.
 */
export interface SlipEntry {
  eventId: number;
  /** Selection id. */
  oddId: number;
  /** Market name, translated. */
  name: string;
  /** Chosen outcome, translated. */
  outCome: string;
  odd: number;
  /** Market type id (`t`). */
  oddType: number;
  /** Market id. */
  exc: number;
  /** Market special value (line), '' when none. */
  specialValue: string;
  match: SlipMatch;
  live: boolean;
  active: boolean;
  checked: boolean;
  banker: boolean;
  /** Largest stake the server accepts on this selection, minor units; null until checked. */
  maxStake: number | null;
  /**
   * A bet builder (issue 37): its legs (selection ids, sent as `bets[i][builder]`) and their captions; `oddId` is
   * the builder's selection id the price call gave, by which checkBets and betPlace answer for it.
   */
  builder?: { oddIds: number[]; legs: string[] };
  /**
   * An odds boost (issue 36): picked at its boosted price (`odd`), with the normal price it replaced. The slip takes
   * the boost (the client's reward's `bonusId`) while it is a single of this selection.
   */
  boost?: { normalOdd: number };
}

/** What a screen passes when the player taps an odd; the store fills the slip-only flags. */
export type SlipPick = Omit<SlipEntry, 'checked' | 'banker' | 'maxStake'> & { maxStake?: number | null };

export interface SlipState {
  bets: SlipEntry[];
  /**
   * The selections a 26th pick cleared (spec §4: the slip clears beyond 25), kept so the player is told why and
   * can undo; null when nothing was cleared since. Not persisted: the notice belongs to this page view.
   */
  cleared: SlipEntry[] | null;
}

/** Odds at 1.00 or lower and inactive selections cannot be picked (spec §4, §5). */
export function canPick(pick: Pick<SlipEntry, 'odd' | 'active'>): boolean {
  return pick.active && Number.isFinite(pick.odd) && pick.odd > 1;
}

/**
 * The slip after tapping an odd: removes it when already there, otherwise adds it (if pickable);
 * a slip that would exceed {@link SLIP_MAX_SELECTIONS} is cleared (spec §4 "Bet slip").
 */
export function toggledSlip(bets: readonly SlipEntry[], pick: SlipPick): SlipEntry[] {
  if (bets.some((b) => b.oddId === pick.oddId)) return bets.filter((b) => b.oddId !== pick.oddId);
  if (!canPick(pick)) return [...bets];
  const entry: SlipEntry = { ...pick, maxStake: pick.maxStake ?? null, checked: true, banker: false };
  const next = [...bets, entry];
  return next.length > SLIP_MAX_SELECTIONS ? [] : next;
}

/**
 * The one bet slip of the web app, outside the feature folders so sports screens (odd buttons)
 * and the betting screens share it. Persisted in localStorage under `bets` (spec §2), and every
 * change raises the `add-bet` window event that the bottom-nav badge counts.
 */
export const useSlipStore = createPersistedStore((): SlipState => ({ bets: [], cleared: null }), {
  name: SLIP_STORAGE_KEY,
  version: 1,
  partialize: (state) => ({ bets: state.bets }),
  // Another tab's slip arrives through the storage event; unreadable data is an empty slip.
  merge: (persisted, current) => {
    const bets = (persisted as Partial<SlipState> | undefined)?.bets;
    return { ...current, bets: Array.isArray(bets) ? bets : [] };
  },
});

function announce(): void {
  window.dispatchEvent(new Event(ADD_BET_EVENT));
}

/** Replaces the slip's state (the betting feature's rules produce it) and announces the change. */
export function updateSlip(update: (state: SlipState) => Partial<SlipState>): void {
  useSlipStore.setState(update);
  announce();
}

/**
 * Tapping an odd: add or remove it. Returns whether the selection is on the slip afterwards. A pick that clears
 * a full slip keeps the cleared selections for {@link undoSlipClear}; any other change forgets them.
 */
export function toggleSelection(pick: SlipPick): boolean {
  let clearedNow = false;
  updateSlip((state) => {
    const bets = toggledSlip(state.bets, pick);
    clearedNow = bets.length === 0 && state.bets.length >= SLIP_MAX_SELECTIONS;
    return { bets, cleared: clearedNow ? state.bets : null };
  });
  if (clearedNow) window.dispatchEvent(new Event(SLIP_CLEARED_EVENT));
  return useSlipStore.getState().bets.some((b) => b.oddId === pick.oddId);
}

/** Puts back the selections a 26th pick cleared (the previous 25), when the slip is still empty. */
export function undoSlipClear(): void {
  updateSlip((state) =>
    state.cleared && state.bets.length === 0 ? { bets: state.cleared, cleared: null } : { cleared: null },
  );
}

/** The player read the notice: forget the cleared selections. */
export function dismissSlipClear(): void {
  useSlipStore.setState({ cleared: null });
}

export function removeSelection(oddId: number): void {
  updateSlip((state) => ({ bets: state.bets.filter((b) => b.oddId !== oddId), cleared: null }));
}

export function clearSlip(): void {
  updateSlip(() => ({ bets: [], cleared: null }));
}

/** Whether a selection is on the slip (odd buttons show their selected state from it). */
export function useInSlip(oddId: number): boolean {
  return useSlipStore((state) => state.bets.some((b) => b.oddId === oddId));
}

// Keep tabs in step: another tab's change to `bets` is re-read here.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SLIP_STORAGE_KEY) useSlipStore.rehydrate();
  });
}
