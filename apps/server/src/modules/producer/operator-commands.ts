import type { OperatorCommand } from './simulator/operator.service';
import type { SimulatorRepository } from '../sports/index';

/** How long a caller waits for the simulator leader to apply a queued command before answering "queued". */
export const OPERATOR_WAIT_MS = 5_000;
const POLL_MS = 100;

export interface CommandOutcome {
  id: number;
  /** 'applied' by the leader, 'failed' with its error, or still 'queued' when no leader took it in time. */
  status: 'applied' | 'failed' | 'queued';
  error: string | null;
}

/**
 * Queues an operator command for the simulator leader (which may be another process or instance) and
 * waits up to `waitMs` for its outcome. Shared by the operator CLI and the operator HTTP API.
 */
export async function sendOperatorCommand(
  deps: {
    enqueue: (eventId: number, command: OperatorCommand, args: Record<string, unknown>) => Promise<number>;
    status: SimulatorRepository['command'];
    /**
     * Tests only (no simulator leader runs there): one leader pass, run by the caller itself instead of waiting
     * for a leader — the command is applied (or failed) before the answer, whatever the machine's load.
     */
    drive?: () => Promise<void>;
  },
  eventId: number,
  command: OperatorCommand,
  args: Record<string, unknown>,
  waitMs = OPERATOR_WAIT_MS,
): Promise<CommandOutcome> {
  const id = await deps.enqueue(eventId, command, args);
  const outcome = async (): Promise<CommandOutcome | null> => {
    const row = await deps.status(id);
    return row?.appliedAt ? { id, status: row.error ? 'failed' : 'applied', error: row.error ?? null } : null;
  };
  if (deps.drive) {
    // A pass applies every queued command; a second one covers a command queued while the first was running.
    for (let pass = 0; pass < 2; pass++) {
      await deps.drive();
      const done = await outcome();
      if (done) return done;
    }
    return { id, status: 'queued', error: null };
  }
  // A real wait for the leader (elapsed time on the monotonic timer, not the simulated clock).
  const until = performance.now() + waitMs;
  for (;;) {
    const done = await outcome();
    if (done) return done;
    if (performance.now() >= until) return { id, status: 'queued', error: null };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
