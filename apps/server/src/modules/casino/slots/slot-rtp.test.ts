import { describe, expect, it } from 'vitest';
import { compileSlot, roundUnits } from './slot-engine';
import { FAMILIES, FAMILY_IDS, familyMath, type FamilyId } from './slot-families';
import { exactRtp } from './slot-rtp';
import { seededRng } from './seeded-rng';

/**
 * Spins simulated per family. Each count keeps 0.5 RTP points at three standard errors or more of the measured
 * per-spin standard deviation (classic ≈ 2.7, twenty ≈ 3.2, wild ≈ 4.5 stakes), so the check is about the
 * engine, not about luck: a wrong line rule, window or free-spin count moves the mean by far more.
 */
const SPINS: Record<FamilyId, number> = { classic: 3_000_000, twenty: 4_000_000, wild: 8_000_000 };

describe('slot RTP', () => {
  it.each(FAMILY_IDS)('every variant of %s declares an exact RTP between 94 %% and 97 %%', (id) => {
    FAMILIES[id].variantSteps.forEach((_, v) => {
      const { rtp } = exactRtp(compileSlot(familyMath(id, v)));
      expect(rtp).toBeGreaterThanOrEqual(0.94);
      expect(rtp).toBeLessThanOrEqual(0.97);
    });
  });

  it.each(FAMILY_IDS)(
    'simulated spins of %s land within ±0.5 points of the declared RTP',
    (id) => {
      const c = compileSlot(familyMath(id, 0));
      const declared = exactRtp(c).rtp;
      const rng = seededRng(20_261_010 + FAMILY_IDS.indexOf(id));
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
      console.log(
        `${id}: declared ${(declared * 100).toFixed(3)} %, measured ${(mean * 100).toFixed(3)} % over ${n.toLocaleString('en')} spins ` +
          `(sd ${sd.toFixed(2)}, standard error ${((sd / Math.sqrt(n)) * 100).toFixed(3)} points, ${seconds.toFixed(1)} s)`,
      );
      expect(Math.abs(mean - declared) * 100).toBeLessThanOrEqual(0.5);
    },
    120_000,
  );
});
