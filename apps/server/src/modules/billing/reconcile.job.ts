import type { PaymentsConfig } from '../../config';
import type { Executor } from '../../db/client';
import { queueNextRun } from '../../jobs/recurring';
import type { JobContext } from '../../jobs/worker';
import { paymentProviderFromConfig } from './provider-from-config';
import { reconcilePayments } from './reconcile.service';

export const PAYMENTS_RECONCILE_JOB = 'billing.reconcile';

/** The viewer's own request is left this long to finish a payment before the job steps in. */
const MAX_GRACE_MS = 60_000;

/** Queues the next run; every server process calls it at start-up and the slot key makes them agree. */
export function queuePaymentReconciliation(db: Executor, input: { intervalMs: number; now?: Date }): Promise<void> {
  return queueNextRun(db, { type: PAYMENTS_RECONCILE_JOB, intervalMs: input.intervalMs, ...(input.now ? { now: input.now } : {}) });
}

/** The recurring job: schedules the next run first, so a failed run never ends the schedule. */
export function paymentsReconcileHandler(deps: { db: Executor; payments: PaymentsConfig; intervalMs: number }) {
  // One provider for every run, so PayPal's access token is reused between them.
  const provider = paymentProviderFromConfig(deps.payments, deps.db);
  return async (_job: unknown, ctx: Pick<JobContext, 'log'>): Promise<void> => {
    await queuePaymentReconciliation(deps.db, { intervalMs: deps.intervalMs });
    const graceMs = Math.min(MAX_GRACE_MS, deps.intervalMs);
    const report = await reconcilePayments({ db: deps.db, provider, now: () => new Date() }, { graceMs });
    if (report.granted > 0) ctx.log.warn({ granted: report.granted, examined: report.examined }, 'payments captured but not granted were granted');
    for (const failure of report.failures) ctx.log.warn(failure, 'payment could not be reconciled; the next run tries again');
  };
}
