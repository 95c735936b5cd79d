import { describe, expect, it, vi } from 'vitest';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import { waitFor } from './support/wait';

/**
 * The back office's automatic jobs (price overrides' expiry, suspension on a liability limit) on two instances
 * sharing one PostgreSQL: only the holder of their leader lock runs them, and the other takes over when it closes.
 */
(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)('ops automatic jobs across instances', () => {
  it('run on exactly one of two instances, and on the other once the leader closes', async () => {
    const shared = await startInstances(2, { BETTING_JOBS: true });
    try {
      const [a, b] = shared.instances as [Instance, Instance];
      // The leader's loop calls `controls.tick()` through the module's object at every pass, so a spy sees them.
      const passes = new Map(shared.instances.map((i) => [i, vi.spyOn(i.modules.ops.controls, 'tick')]));
      const leads = (i: Instance) => i.modules.ops.isLiabilityLeader();
      await waitFor(() => leads(a) || leads(b), 15_000);
      // A follower asks for the lock every second: it is refused three times (three chances to wrongly run a
      // pass) while the leader runs two passes at least.
      const [leader, follower] = leads(a) ? [a, b] : [b, a];
      const refused = () => follower.modules.ops.liabilityLockRefusals();
      await waitFor(() => refused() >= 3 && passes.get(leader)!.mock.calls.length >= 2, 30_000);
      expect(refused()).toBeGreaterThanOrEqual(3);
      expect([a, b].filter(leads)).toHaveLength(1);
      expect(passes.get(leader)!.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect(passes.get(follower)).not.toHaveBeenCalled();

      await leader.app.close();
      await waitFor(() => leads(follower) && passes.get(follower)!.mock.calls.length >= 2, 15_000);
      expect(leads(follower)).toBe(true);
      expect(passes.get(follower)!.mock.calls.length).toBeGreaterThanOrEqual(2);
      // A pass of the new leader does the jobs' work (nothing is due or over a limit on a fresh database).
      await expect(passes.get(follower)!.mock.results[0]!.value).resolves.toEqual({
        expired: [],
        suspended: [],
      });
    } finally {
      await shared.close();
    }
  }, 60_000);
});
