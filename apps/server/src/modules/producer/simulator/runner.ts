import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../plugins/bus';
import type { CatalogueService } from '../../sports/index';
import type { createOperatorService } from './operator.service';
import { sleepUnlessAborted } from '../../../lib/leader-election';
import type { Simulator } from './simulator.service';

const UPKEEP_EVERY_MS = 10 * 60_000;

/** What the leader does each tick: operator commands, catalogue upkeep, markets coming near, the matches. */
export function createSimulatorRunner(deps: {
  simulator: Simulator;
  operator: ReturnType<typeof createOperatorService>;
  catalogue: CatalogueService;
  clock: Clock;
  bus: EventBus;
  /** Names this producer in its heartbeat. */
  producerId: string;
  tickMs: number;
  /** Virtual football's round scheduler (a round always scheduled ahead). */
  virtual?: { tick(): Promise<void> };
  log?: (msg: string, err?: unknown) => void;
}) {
  let lastUpkeep = -Infinity;

  /**
   * One pass. `signal` (the leader's term) ends it between its steps and between the matches it plays: the first
   * pass of a fresh installation (catalogue, markets, matches catching up) takes longer than a shutdown may wait
   * (SHUTDOWN_TIMEOUT_MS), and what is left is done by the next leader's pass.
   */
  async function runOnce(signal?: AbortSignal): Promise<void> {
    const steered = await deps.operator.applyPending();
    if (deps.clock.now() - lastUpkeep >= UPKEEP_EVERY_MS) {
      lastUpkeep = deps.clock.now();
      // New days of events: every instance's read model takes the new rows.
      if ((await deps.catalogue.ensureCatalogue()) > 0)
        await deps.bus.publish('fixture.refresh', { eventIds: null });
    }
    if (signal?.aborted) return;
    await deps.virtual?.tick();
    if (signal?.aborted) return;
    // Markets of the events coming near, one event at a time (each is priced: seconds on a busy machine).
    for (let i = 0; i < 10 && !signal?.aborted; i++)
      if ((await deps.catalogue.prepareUpcoming(1)) === 0) break;
    if (signal?.aborted) return;
    await deps.simulator.tick(signal);
    // Rows the operator changed (start time, pause, speed) reload everywhere.
    if (steered.length > 0) await deps.bus.publish('fixture.refresh', { eventIds: steered });
    // The producer's heartbeat: instances suspend live markets when it stops (PRODUCER_STALE_MS).
    await deps.bus.publish('fixture.producer', { producer: deps.producerId, ts: deps.clock.now() });
  }

  return {
    runOnce: () => runOnce(),
    /** The leader's loop: one pass per tick until leadership ends. */
    async lead(signal: AbortSignal): Promise<void> {
      while (!signal.aborted) {
        const started = performance.now(); // pacing in real time, whatever the clock says
        await runOnce(signal).catch((error: unknown) => deps.log?.('simulator tick failed', error));
        const wait = Math.max(10, deps.tickMs - (performance.now() - started));
        await sleepUnlessAborted(wait, signal);
      }
    },
  };
}
