import { describe, expect, it } from 'vitest';
import { openRotation, sealRotation } from './rotation-seal';

describe('rotation seal', () => {
  const answer = {
    access_token: 'a'.repeat(43),
    refresh_token: 'r'.repeat(43),
    token_type: 'bearer' as const,
    expires_in: 900,
  };

  it('opens with the same refresh token only', () => {
    const sealed = sealRotation('old-refresh-token', answer);
    expect(sealed).not.toContain('aaaa');
    expect(openRotation('old-refresh-token', sealed)).toEqual(answer);
    expect(openRotation('another-token', sealed)).toBeNull();
    expect(openRotation('old-refresh-token', 'garbage')).toBeNull();
  });
});
