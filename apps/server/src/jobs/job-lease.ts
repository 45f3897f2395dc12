import { performance } from 'node:perf_hooks';
import type { Executor } from '../db/client';
import { heartbeat } from './queue';
import type { WorkerLog } from './worker-log';

/** The abort reason a handler sees when another worker took its job (or it was finished elsewhere). */
export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`Lease lost on job ${jobId}`);
    this.name = 'LeaseLostError';
  }
}

export interface LeaseKeeper {
  /** Records progress; writes are throttled, the latest value is written at most `progressIntervalMs` later. */
  reportProgress(progress: number): Promise<void>;
  /** Stops renewing and waits for a write in flight. */
  stop(): Promise<void>;
  readonly lost: boolean;
}

export interface LeaseOptions {
  db: Executor;
  jobId: string;
  owner: string;
  leaseMs: number;
  log: WorkerLog;
  onLost(): void;
  progressIntervalMs?: number;
  now?: () => number;
}

/**
 * Renews a claimed job's lease every leaseMs/3 (two renewals can fail before it lapses) and
 * carries the handler's progress on the same statement.
 */
export function keepLease(options: LeaseOptions): LeaseKeeper {
  const { progressIntervalMs = 1_000, now = () => performance.now() } = options;
  let lost = false;
  let stopped = false;
  let pending: number | undefined;
  let lastProgressAt = -Infinity;
  let trailing: NodeJS.Timeout | undefined;
  let inFlight = false;
  // One write at a time, in order: a late heartbeat must not overwrite newer progress.
  let chain = Promise.resolve();

  const write = (progress?: number): Promise<void> => {
    chain = chain.then(async () => {
      if (lost || stopped) return;
      inFlight = true;
      try {
        const held = await heartbeat(options.db, { jobId: options.jobId, workerId: options.owner, leaseMs: options.leaseMs, progress });
        if (!held && !lost) {
          lost = true;
          options.onLost();
        }
      } catch (error) {
        // The database may be back before the lease lapses; if not, the job is claimed again.
        options.log.warn({ err: error }, 'job heartbeat failed');
      } finally {
        inFlight = false;
      }
    });
    return chain;
  };

  const takeProgress = (due = false): number | undefined => {
    if (pending === undefined || (!due && now() - lastProgressAt < progressIntervalMs)) return undefined;
    clearTimeout(trailing);
    trailing = undefined;
    const progress = pending;
    pending = undefined;
    lastProgressAt = now();
    return progress;
  };

  const renewal = setInterval(() => {
    if (!inFlight) void write(takeProgress());
  }, options.leaseMs / 3);

  return {
    get lost() {
      return lost;
    },
    reportProgress(progress) {
      if (lost || stopped) return Promise.resolve();
      pending = progress;
      const wait = lastProgressAt + progressIntervalMs - now();
      if (wait <= 0) return write(takeProgress());
      // The timer is its own proof that the interval has passed (timers may fire a fraction early).
      trailing ??= setTimeout(() => void write(takeProgress(true)), Math.ceil(wait));
      return Promise.resolve();
    },
    async stop() {
      stopped = true;
      clearInterval(renewal);
      clearTimeout(trailing);
      await chain;
    },
  };
}
