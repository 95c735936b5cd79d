import { describe, expect, it } from 'vitest';
import * as election from './leader-election';

describe('leader lock keys', () => {
  it('are distinct: two loops on one key would share one leader', () => {
    const keys = Object.entries(election)
      .filter(([name]) => name.endsWith('_LOCK_KEY'))
      .map(([, key]) => key);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
