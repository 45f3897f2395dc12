import type { Executor } from '../db/client';
import { enqueue } from './queue';

/**
 * Queues a recurring job's run at the next slot of its interval (slots are aligned to the epoch:
 * an hourly job runs on the hour). Every server process calls this at start-up and each run calls
 * it first thing, so a failed run never ends the schedule; the slot in the de-duplication key
 * makes all of them agree on one run per slot. An interval of 0 schedules nothing.
 */
export async function queueNextRun(db: Executor, input: { type: string; intervalMs: number; now?: Date; maxAttempts?: number }): Promise<void> {
  if (input.intervalMs <= 0) return;
  const now = (input.now ?? new Date()).getTime();
  const runAt = new Date((Math.floor(now / input.intervalMs) + 1) * input.intervalMs);
  await enqueue(db, {
    type: input.type,
    payload: {},
    dedupeKey: `${input.type}:${runAt.toISOString()}`,
    runAt,
    maxAttempts: input.maxAttempts ?? 3,
  });
}
