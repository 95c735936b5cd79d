import { SCATTER, type SlotMath } from './slot-engine';
import { sfc32 } from '../../../lib/seeded-random';

/**
 * The slot families: one engine, three shapes of mathematics. Every slot game of the catalogue is a family, an
 * RTP variant of it and a theme (symbols' names and colours). Variants differ only in how many of the lowest
 * symbol sit on the last two reels (more of it = fewer long runs of the others = lower RTP); their RTPs are
 * computed exactly (slot-rtp.ts), never assumed.
 */
export const FAMILY_IDS = ['classic', 'twenty', 'wild'] as const;
export type FamilyId = (typeof FAMILY_IDS)[number];

export const ALL_LINES: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
];

export interface SlotFamily {
  id: FamilyId;
  volatility: 'low' | 'medium' | 'high';
  lines: number;
  /** Line pays for 3, 4, 5 per symbol id (0 wild, 1 scatter — never on a line, 2.. regular, high to low). */
  pays: number[][];
  scatterPays: number[];
  freeSpins: { count: number; multiplier: number };
  /** Symbol counts per reel (index = symbol id). */
  counts: number[][];
  /** Extra lowest symbols on reels 4 and 5 per variant: variant v adds steps[v]. Every variant's exact RTP lies
   *  between 94 % and 97 % (slot-rtp.test.ts checks it). */
  variantSteps: number[];
  /** Total stakes offered, in minor units (multiples of the line count). */
  stakes: number[];
}

const stakesFor = (lines: number) => [1, 2, 5, 10, 20, 50, 100].map((m) => m * lines * 2);

export const FAMILIES: Record<FamilyId, SlotFamily> = {
  classic: {
    id: 'classic',
    volatility: 'low',
    lines: 10,
    pays: [
      [110, 330, 800],
      [0, 0, 0],
      [55, 165, 440],
      [44, 110, 330],
      [33, 88, 275],
      [28, 66, 220],
      [16, 44, 132],
      [13, 33, 110],
      [11, 28, 88],
      [9, 22, 66],
    ],
    scatterPays: [1, 5, 20],
    freeSpins: { count: 6, multiplier: 1 },
    counts: [
      [2, 2, 3, 4, 5, 5, 6, 6, 7, 8],
      [2, 2, 3, 4, 5, 5, 6, 6, 7, 8],
      [2, 2, 3, 4, 5, 5, 6, 6, 7, 8],
      [2, 2, 3, 4, 5, 5, 6, 6, 7, 8],
      [2, 2, 3, 4, 5, 5, 6, 6, 7, 8],
    ],
    variantSteps: [0, 1, 2, 3, 4],
    stakes: stakesFor(10),
  },
  twenty: {
    id: 'twenty',
    volatility: 'medium',
    lines: 20,
    pays: [
      [75, 375, 3000],
      [0, 0, 0],
      [45, 225, 1125],
      [40, 150, 600],
      [30, 90, 300],
      [22, 60, 225],
      [15, 38, 150],
      [8, 30, 112],
      [8, 22, 75],
      [8, 15, 60],
    ],
    scatterPays: [2, 10, 100],
    freeSpins: { count: 10, multiplier: 2 },
    counts: [
      [2, 2, 3, 3, 4, 5, 6, 7, 8, 9],
      [2, 2, 3, 3, 4, 5, 6, 7, 8, 9],
      [2, 2, 3, 3, 4, 5, 6, 7, 8, 9],
      [2, 2, 3, 3, 4, 5, 6, 7, 8, 9],
      [2, 2, 3, 3, 4, 5, 6, 7, 8, 9],
    ],
    variantSteps: [4, 5, 6, 7, 8, 9],
    stakes: stakesFor(20),
  },
  wild: {
    id: 'wild',
    volatility: 'high',
    lines: 25,
    pays: [
      [100, 1000, 10000],
      [0, 0, 0],
      [50, 300, 2500],
      [40, 150, 750],
      [25, 100, 400],
      [20, 60, 200],
      [10, 30, 100],
      [10, 25, 80],
      [6, 20, 60],
      [6, 15, 50],
    ],
    scatterPays: [3, 20, 200],
    freeSpins: { count: 12, multiplier: 3 },
    counts: [
      [2, 2, 2, 3, 4, 5, 7, 8, 9, 10],
      [2, 2, 2, 3, 4, 5, 7, 8, 9, 10],
      [2, 2, 2, 3, 4, 5, 7, 8, 9, 10],
      [2, 2, 2, 3, 4, 5, 7, 8, 9, 10],
      [2, 2, 2, 3, 4, 5, 7, 8, 9, 10],
    ],
    variantSteps: [3, 4, 5, 6, 7],
    stakes: stakesFor(25),
  },
};

/**
 * A reel strip from its symbol counts: scatters evenly spaced (at least 3 stops apart, so a window shows at
 * most one per reel), the rest in a seeded shuffle. Same family, variant and reel: same strip, always.
 */
function buildStrip(counts: number[], seed: number): number[] {
  const length = counts.reduce((s, n) => s + n, 0);
  const strip = new Array<number>(length).fill(-1);
  const scatters = counts[SCATTER] ?? 0;
  for (let i = 0; i < scatters; i++) strip[Math.floor((i * length) / scatters)] = SCATTER;
  const rest = counts.flatMap((n, symbol) => (symbol === SCATTER ? [] : new Array<number>(n).fill(symbol)));
  const rng = sfc32(seed);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  let k = 0;
  for (let i = 0; i < length; i++) if (strip[i] === -1) strip[i] = rest[k++]!;
  return strip;
}

/** The mathematics of a family's variant (0 = highest RTP). */
export function familyMath(id: FamilyId, variant: number): SlotMath {
  const family = FAMILIES[id];
  const extra = family.variantSteps[variant];
  if (extra === undefined) throw new Error(`family ${id} has no variant ${variant}`);
  const lowest = family.counts[0]!.length - 1;
  const strips = family.counts.map((counts, reel) => {
    const adjusted = [...counts];
    if (reel >= 3) adjusted[lowest]! += extra;
    return buildStrip(adjusted, FAMILY_IDS.indexOf(id) * 1_000 + variant * 10 + reel);
  });
  return {
    lines: ALL_LINES.slice(0, family.lines),
    strips,
    pays: family.pays,
    scatterPays: family.scatterPays,
    freeSpins: family.freeSpins,
  };
}
