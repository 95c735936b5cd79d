import { describe, expect, it } from 'vitest';
import { sendOperatorCommand } from './operator-commands';

/** A queue of commands a leader pass applies (each pass applies every command queued before it). */
function fakeQueue(fails = false) {
  const rows = new Map<number, { appliedAt: Date | null; error: string | null }>();
  return {
    rows,
    enqueue: async () => {
      const id = rows.size + 1;
      rows.set(id, { appliedAt: null, error: null });
      return id;
    },
    status: async (id: number) => ({ id, ...rows.get(id)! }) as never,
    drive: async () => {
      for (const row of rows.values())
        if (!row.appliedAt)
          Object.assign(row, { appliedAt: new Date(0), error: fails ? 'already started' : null });
    },
  };
}

describe('sendOperatorCommand', () => {
  it('driven by the caller (tests): applied before the answer, with no wait at all', async () => {
    const queue = fakeQueue();
    // A wait of 0 ms: without the drive the answer would be "queued" at once.
    expect(await sendOperatorCommand(queue, 7, 'start', {}, 0)).toEqual({
      id: 1,
      status: 'applied',
      error: null,
    });
    const failing = fakeQueue(true);
    expect(await sendOperatorCommand(failing, 7, 'start', {}, 0)).toMatchObject({
      status: 'failed',
      error: 'already started',
    });
  });

  it('without a leader nor a drive, answers queued once its wait is over', async () => {
    const { enqueue, status } = fakeQueue();
    expect(await sendOperatorCommand({ enqueue, status }, 7, 'start', {}, 0)).toEqual({
      id: 1,
      status: 'queued',
      error: null,
    });
  });
});
