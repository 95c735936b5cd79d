import { describe, expect, it } from 'vitest';
import { compileSlot, roundUnits } from './slot-engine';
import { FAMILIES, FAMILY_IDS, familyMath, type FamilyId } from './slot-families';
import { exactRtp } from './slot-rtp';
import { sfc32 } from '../../../lib/seeded-random';
import { SOAK_FULL, soakSize } from '../../../../test/support/soak';

/**
 * Spins simulated per family. SOAK=full: each count keeps 0.5 RTP points at three standard errors or more of the
 * measured per-spin standard deviation (classic ≈ 2.7, twenty ≈ 3.2, wild ≈ 4.5 stakes), and the check is ±0.5
 * points. CI: about a quarter of the spins, and the bound is four measured standard errors (a sound engine fails
 * it once in 15,000 seeds); the counts keep that bound small enough that an engine which played one free spin
 * fewer than its book says (1.4–2.4 points) fails it, and each run proves so on its own sample (below).
 */
const SPINS: Record<FamilyId, number> = {
  classic: soakSize(1_500_000, 3_000_000),
  twenty: soakSize(1_000_000, 4_000_000),
  wild: soakSize(1_250_000, 8_000_000),
};
const BOUND = (standardError: number) => (SOAK_FULL ? 0.005 : 4 * standardError);

describe('slot RTP', () => {
  it.each(FAMILY_IDS)('every variant of %s declares an exact RTP between 94 %% and 97 %%', (id) => {
    FAMILIES[id].variantSteps.forEach((_, v) => {
      const { rtp } = exactRtp(compileSlot(familyMath(id, v)));
      expect(rtp).toBeGreaterThanOrEqual(0.94);
      expect(rtp).toBeLessThanOrEqual(0.97);
    });
  });

  it.each(FAMILY_IDS)(
    'simulated spins of %s land within the bound of the declared RTP, and one free spin fewer would not',
    (id) => {
      const math = familyMath(id, 0);
      const c = compileSlot(math);
      const declared = exactRtp(c).rtp;
      const rng = sfc32(20_261_010 + FAMILY_IDS.indexOf(id));
      const n = SPINS[id];
      let sum = 0;
      let squares = 0;
      const started = performance.now();
      for (let i = 0; i < n; i++) {
        const x = roundUnits(c, rng) / c.lineCount;
        sum += x;
        squares += x * x;
      }
      const seconds = (performance.now() - started) / 1000;
      const mean = sum / n;
      const sd = Math.sqrt(squares / n - mean * mean);
      const bound = BOUND(sd / Math.sqrt(n));
      console.log(
        `${id}: declared ${(declared * 100).toFixed(3)} %, measured ${(mean * 100).toFixed(3)} % over ${n.toLocaleString('en')} spins ` +
          `(sd ${sd.toFixed(2)}, standard error ${((sd / Math.sqrt(n)) * 100).toFixed(3)} points, ` +
          `bound ±${(bound * 100).toFixed(3)} points, ${seconds.toFixed(1)} s)`,
      );
      expect(Math.abs(mean - declared)).toBeLessThanOrEqual(bound);
      // The bound's power, on this sample: against the book of an engine that plays one free spin fewer, the same
      // spins land outside it (an engine with that defect would have failed the check above).
      const fewer = { ...math, freeSpins: { ...math.freeSpins, count: math.freeSpins.count - 1 } };
      expect(Math.abs(mean - exactRtp(compileSlot(fewer)).rtp)).toBeGreaterThan(bound);
    },
    120_000,
  );
});
