import { create } from 'zustand';

/** The free bet the player chose as the slip's stake (issue 36): for this visit only, never persisted. */
export const useFreeBetStore = create<{ chosenId: number | null }>(() => ({ chosenId: null }));

export const chooseFreeBet = (id: number | null) => useFreeBetStore.setState({ chosenId: id });
