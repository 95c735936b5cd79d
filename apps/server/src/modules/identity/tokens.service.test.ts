import { describe, expect, it, vi } from 'vitest';
import { manualClock } from '../../lib/clock';
import { cryptoIds } from '../../lib/ids';
import type { IdentityRepository } from './identity.repository';
import type { LoginThrottle } from './login-throttle';
import { createTokensService, sha256 } from './tokens.service';

describe('access-token check', () => {
  it('asks the database once for the tokens of one turn of the event loop, and answers each for its own', async () => {
    const live = new Map([
      [sha256('token-of-ada-0000000000000'), { id: 1, username: 'ada' }],
      [sha256('token-of-bob-0000000000000'), { id: 2, username: 'bob' }],
    ]);
    const findLiveTokens = vi.fn(async (hashes: string[]) =>
      hashes.flatMap((hash) => {
        const user = live.get(hash);
        return user ? [{ token: { tokenHash: hash }, session: { id: `s${user.id}` }, user }] : [];
      }),
    );
    const tokens = createTokensService({
      repo: { findLiveTokens } as unknown as IdentityRepository,
      clock: manualClock(),
      ids: cryptoIds,
      throttle: {} as LoginThrottle,
    });
    const asked = ['token-of-ada-0000000000000', 'token-of-bob-0000000000000', 'unknown-00000000000000000'];
    const answers = await Promise.all([...asked, asked[0]!].map((t) => tokens.authenticate(t)));
    expect(answers.map((a) => a && [a.user.username, a.sessionId])).toEqual([
      ['ada', 's1'],
      ['bob', 's2'],
      null,
      ['ada', 's1'],
    ]);
    expect(findLiveTokens).toHaveBeenCalledTimes(1);
    expect(new Set(findLiveTokens.mock.calls[0]![0])).toEqual(new Set(asked.map(sha256)));

    // A later turn asks again: nothing is remembered between turns (a revocation counts at once).
    live.delete(sha256('token-of-ada-0000000000000'));
    expect(await tokens.authenticate('token-of-ada-0000000000000')).toBeNull();
    expect(findLiveTokens).toHaveBeenCalledTimes(2);
  });
});
