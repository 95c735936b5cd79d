import type { SlipEntry } from '@/lib/slip-store';

/** A slip entry of event `1000 + oddId` (pass eventId to put two on one event). */
export function entry(oddId: number, over: Partial<SlipEntry> = {}): SlipEntry {
  return {
    eventId: 1000 + oddId,
    oddId,
    name: 'Match Result',
    outCome: `Home ${oddId}`,
    odd: 2,
    oddType: 1,
    exc: oddId * 10,
    specialValue: '',
    match: {
      home: `Home ${oddId}`,
      away: `Away ${oddId}`,
      competition: 'League',
      sportId: 1,
      regionId: 2,
      competitionId: 3,
      startDate: '2026-11-22T18:00:00.000Z',
    },
    live: false,
    active: true,
    checked: true,
    banker: false,
    maxStake: null,
    ...over,
  };
}
