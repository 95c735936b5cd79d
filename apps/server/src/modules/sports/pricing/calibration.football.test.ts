import { describe, expect, it } from 'vitest';
import { footballModel, type Book } from '../../../../test/support/calibration';
import { SOAK_TIMEOUT_MS } from '../../../../test/support/soak';
import { FOOTBALL, VIRTUAL_FOOTBALL } from './event-pricing';

/** No selection's EV above 1 beyond 3σ; prints the largest EVs (the producer README quotes them). */
function conclude(book: Book): void {
  const { failures } = book.verdict();
  console.log(`calibration ${book.summary()}`);
  expect(failures, failures.slice(0, 10).join('\n')).toEqual([]);
}

describe('calibration: the football model prices the game the simulator plays (issue 31 item 4)', () => {
  it('football: 20,000 matches, pre-match and at 30′, 60′ and 83′', { timeout: SOAK_TIMEOUT_MS }, () => {
    conclude(footballModel(FOOTBALL, 1.25, 0.9, true));
  });

  it('virtual football: 20,000 matches, pre-match', { timeout: SOAK_TIMEOUT_MS }, () => {
    conclude(footballModel(VIRTUAL_FOOTBALL, 0.85, 1.3, false));
  });
});
