import { describe, expect, it } from 'vitest';
import { periodModel } from '../../../../test/support/calibration';
import { SOAK_TIMEOUT_MS } from '../../../../test/support/soak';
import { PERIOD_SPORTS } from './period.markets';

describe('calibration: the period models price the game the simulator plays (issue 31 item 4)', () => {
  for (const sportId of Object.keys(PERIOD_SPORTS).map(Number))
    it(
      `sport ${sportId}: 20,000 matches, pre-match and after the first period`,
      { timeout: SOAK_TIMEOUT_MS },
      () => {
        const book = periodModel(sportId);
        const { failures } = book.verdict();
        console.log(`calibration ${book.summary()}`);
        expect(failures, failures.slice(0, 10).join('\n')).toEqual([]);
      },
    );
});
