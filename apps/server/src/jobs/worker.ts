import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Executor } from '../db/client';
import { keepLease, LeaseLostError } from './job-lease';
import { claimNext, complete, fail, failAbandonedJobs, onJobEnqueued, release, type Backoff, type Job } from './queue';
import { defaultScratchRoot, jobScratch, sweepScratch } from './scratch';
import { withFields, type WorkerLog } from './worker-log';

export interface JobContext {
  /** 0–100; written at most once a second. Resolves at once when the write is deferred. */
  reportProgress(progress: number): Promise<void>;
  /** Aborted when the lease is lost (reason: LeaseLostError) or the worker stops (WorkerStoppingError). */
  signal: AbortSignal;
  log: WorkerLog;
  /**
   * Commits the job's result and marks the job succeeded in one transaction, if this worker still
   * holds it; otherwise (an operator cancelled it, or another worker took it) writes nothing and
   * throws LeaseLostError. A handler whose result must not land after a cancel commits it here.
   */
  finish(commit: (tx: Executor) => Promise<void>): Promise<void>;
  /** A folder of this attempt's own, made on first use and removed when the handler ends, however it ends. */
  scratchDir(): Promise<string>;
}

export type JobHandler = (job: Job, ctx: JobContext) => Promise<void>;

export interface WorkerOptions {
  db: Executor;
  /** Unique per process; defaults to host:pid:random. */
  workerId?: string;
  handlers: Record<string, JobHandler>;
  concurrency?: number;
  pollIntervalMs?: number;
  leaseMs?: number;
  backoff?: Backoff;
  log: WorkerLog;
  /** Where jobs' scratch folders go (jobs/scratch.ts); `$TMPDIR/marquee-scratch` unless a test gives its own. */
  scratchRoot?: string;
}

export interface RunningWorker {
  /** Stops claiming, aborts running handlers and resolves once they are done (see below). */
  stop(): Promise<void>;
}

/** The abort reason a handler sees when its worker is shutting down. */
export class WorkerStoppingError extends Error {
  constructor() {
    super('Worker is stopping');
    this.name = 'WorkerStoppingError';
  }
}

/**
 * Runs `concurrency` slots, each claiming and running one job at a time. A slot holds leases as
 * `${workerId}#${slot}`: two slots of one worker are distinct holders, so a slot that stalled past
 * its lease cannot keep renewing a job a sibling slot has claimed since.
 *
 * On stop(), handlers are aborted and a job whose handler then throws is released: queued again at
 * once with the attempt not counted, so a deploy neither burns a retry nor delays the job by a
 * lease. A handler that finishes anyway completes its job; stop() waits for every handler.
 */
export function startWorker(options: WorkerOptions): RunningWorker {
  const { db, handlers, backoff, concurrency = 1, pollIntervalMs = 1_000, leaseMs = 30_000, scratchRoot = defaultScratchRoot() } = options;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const types = Object.keys(handlers);
  const log = withFields(options.log, { workerId });
  const waker = createWaker();
  const running = new Set<AbortController>();
  let stopping = false;
  let lastSweep = -Infinity;

  const unsubscribe = onJobEnqueued(waker.wake);

  async function runSlot(owner: string): Promise<void> {
    while (!stopping) {
      const seen = waker.generation;
      const job = await claimNext(db, { workerId: owner, types, leaseMs }).catch((error: unknown) => {
        log.error({ err: error }, 'job claim failed');
        return null;
      });
      if (job) await runJob(job, owner);
      else {
        await sweepAbandoned();
        await waker.wait(pollIntervalMs, seen);
      }
    }
  }

  async function runJob(job: Job, owner: string): Promise<void> {
    const jobLog = withFields(log, { jobId: job.id, type: job.type, attempt: job.attempts });
    if (stopping) return settle({ job, owner, log: jobLog, outcome: 'stopped', ms: 0 });
    const controller = new AbortController();
    running.add(controller);
    const lease = keepLease({ db, jobId: job.id, owner, leaseMs, log: jobLog, onLost: () => controller.abort(new LeaseLostError(job.id)) });
    let outcome: Outcome;
    let finished = false;
    const finish = async (commit: (tx: Executor) => Promise<void>) => {
      await db.transaction(async (tx) => {
        if (!(await complete(tx, { jobId: job.id, workerId: owner }))) throw new LeaseLostError(job.id);
        await commit(tx);
      });
      finished = true;
    };
    const started = performance.now();
    const scratch = jobScratch({ root: scratchRoot, jobId: job.id });
    jobLog.info({}, 'job started');
    try {
      await handlers[job.type]!(job, { reportProgress: lease.reportProgress, signal: controller.signal, log: jobLog, finish, scratchDir: scratch.dir });
      outcome = 'succeeded';
    } catch (error) {
      outcome = controller.signal.reason instanceof WorkerStoppingError ? 'stopped' : { error };
    } finally {
      running.delete(controller);
      await scratch.remove().catch((error: unknown) => jobLog.warn({ err: error }, 'scratch folder not removed'));
      await lease.stop();
    }
    // Its result and its success were committed together: a heartbeat since then finds it done.
    if (finished) return jobLog.info({ ms: Math.round(performance.now() - started) }, 'job succeeded');
    if (lease.lost || (typeof outcome === 'object' && outcome.error instanceof LeaseLostError)) return jobLog.warn({}, 'job lease lost (cancelled, or taken by another worker); its result is discarded');
    await settle({ job, owner, log: jobLog, outcome, ms: performance.now() - started });
  }

  async function settle(input: { job: Job; owner: string; log: WorkerLog; outcome: Outcome; ms: number }): Promise<void> {
    const { job, owner, outcome } = input;
    const ids = { jobId: job.id, workerId: owner };
    try {
      if (outcome === 'succeeded') {
        if (await complete(db, ids)) input.log.info({ ms: Math.round(input.ms) }, 'job succeeded');
        else input.log.warn({}, 'job finished after its lease was lost');
      } else if (outcome === 'stopped') {
        await release(db, ids);
        input.log.info({}, 'job released: worker stopping');
      } else {
        const after = await fail(db, { ...ids, error: outcome.error, ...(backoff ? { backoff } : {}) });
        if (after?.status === 'failed') input.log.error({ err: outcome.error }, 'job failed for good');
        else if (after) input.log.warn({ err: outcome.error, retryAt: after.runAt }, 'job attempt failed; will retry');
      }
    } catch (error) {
      // The lease runs out and the job is claimed again: nothing is lost but time.
      input.log.error({ err: error }, 'job outcome could not be recorded');
    }
  }

  async function sweepAbandoned(): Promise<void> {
    if (performance.now() - lastSweep < leaseMs) return;
    lastSweep = performance.now();
    try {
      const failed = await failAbandonedJobs(db, { types });
      if (failed > 0) log.warn({ failed }, 'jobs failed: their worker died during the last attempt');
    } catch (error) {
      log.error({ err: error }, 'abandoned job sweep failed');
    }
    await sweepLeftScratch({ quiet: true });
  }

  // At start-up, and with the abandoned-job sweep: a worker process of this machine may die any time.
  async function sweepLeftScratch(options: { quiet: boolean }): Promise<void> {
    try {
      const removed = await sweepScratch(scratchRoot);
      if (removed > 0 || !options.quiet) log.info({ removed, root: scratchRoot }, 'scratch folders of killed jobs removed');
    } catch (error) {
      log.error({ err: error }, 'scratch sweep failed');
    }
  }

  const swept = sweepLeftScratch({ quiet: false });
  const slots = Array.from({ length: Math.max(1, concurrency) }, (_, slot) => runSlot(`${workerId}#${slot}`));

  return {
    async stop() {
      if (!stopping) {
        stopping = true;
        unsubscribe();
        for (const controller of running) controller.abort(new WorkerStoppingError());
        waker.wake();
      }
      await Promise.all([swept, ...slots]);
    },
  };
}

type Outcome = 'succeeded' | 'stopped' | { error: unknown };

/**
 * Lets idle slots sleep until a timeout or a wake(). A slot passes the generation it read before
 * claiming, so a wake() that came while it was claiming is not slept through.
 */
function createWaker() {
  let generation = 0;
  let sleepers: (() => void)[] = [];
  return {
    get generation() {
      return generation;
    },
    wake() {
      generation += 1;
      const woken = sleepers;
      sleepers = [];
      for (const resume of woken) resume();
    },
    wait(ms: number, seen: number): Promise<void> {
      if (generation !== seen) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          sleepers = sleepers.filter((s) => s !== done);
          resolve();
        }
        sleepers.push(done);
      });
    },
  };
}
