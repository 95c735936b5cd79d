/** Polls `condition` every 25 ms until it holds or `ms` have passed (the caller then asserts). */
export async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
}

/**
 * Polls `condition` until it holds; throws naming `what` when it still does not after `ms` (a hang guard, not a
 * timing check: give it the time the condition needs on a busy machine, several times its quiet time).
 */
export async function until(condition: () => boolean, what: string, ms: number): Promise<void> {
  await waitFor(condition, ms);
  if (!condition()) throw new Error(`${what}: still not so after ${ms / 1000} s`);
}

/**
 * Sends an operator command to a running simulator leader and resolves once it is applied: when the leader does not
 * answer within the server's wait (a busy machine), the command's row is watched until it is applied — a test
 * never goes on with a command still queued. Throws when it failed (or was still queued after `ms`).
 */
export async function commandApplied(
  producer: {
    command(
      eventId: number,
      command: never,
      args: Record<string, unknown>,
    ): Promise<{ id: number; status: string }>;
    commandStatus(id: number): Promise<{ appliedAt: Date | null; error: string | null } | null | undefined>;
  },
  eventId: number,
  command: string,
  args: Record<string, unknown> = {},
  ms = 60_000,
): Promise<void> {
  const outcome = await producer.command(eventId, command as never, args);
  let row: { appliedAt: Date | null; error: string | null } | null | undefined = null;
  if (outcome.status === 'queued') {
    const until = Date.now() + ms;
    while (!row?.appliedAt && Date.now() < until) {
      row = await producer.commandStatus(outcome.id);
      if (!row?.appliedAt) await new Promise((r) => setTimeout(r, 25));
    }
  }
  const status =
    outcome.status === 'queued'
      ? row?.appliedAt
        ? row.error
          ? 'failed'
          : 'applied'
        : 'queued'
      : outcome.status;
  if (status !== 'applied')
    throw new Error(
      `operator ${command} on ${eventId}: ${status} ${row?.error ?? (outcome as { error?: string | null }).error ?? ''}`,
    );
}
