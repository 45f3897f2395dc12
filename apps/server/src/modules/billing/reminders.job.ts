import type { Executor } from '../../db/client';
import { queueNextRun } from '../../jobs/recurring';
import { notifyUser } from '../notifications/notifications.service';
import * as repo from './reminders.repository';

export const BILLING_REMINDERS_JOB = 'billing.reminders';

const HOUR_MS = 60 * 60 * 1000;
/** A subscription that nothing renews is announced this long before it ends. */
export const SUBSCRIPTION_END_NOTICE_DAYS = 3;
/** A started rental is announced this long before its viewing window closes. */
export const RENTAL_EXPIRY_NOTICE_HOURS = 6;
/** An unstarted rental is announced this long before its start window closes. */
export const RENTAL_START_NOTICE_DAYS = 3;

/** Queues the next hourly run; every server process calls it at start-up and the slot key makes them agree. */
export async function queueBillingReminders(db: Executor, now = new Date()): Promise<void> {
  await queueNextRun(db, { type: BILLING_REMINDERS_JOB, intervalMs: HOUR_MS, now });
}

/** The hourly job: schedules the next run first, so a failed run never ends the schedule. */
export function billingRemindersHandler(deps: { db: Executor; now?: () => Date }) {
  return async (): Promise<void> => {
    const now = deps.now?.() ?? new Date();
    await queueBillingReminders(deps.db, now);
    await sendReminders({ db: deps.db, now });
  };
}

/** Announces ending subscriptions and expiring rentals once each; returns how many were sent. */
export async function sendReminders(input: { db: Executor; now: Date }): Promise<number> {
  const { now } = input;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return input.db.transaction(async (tx) => {
    const ending = await repo.claimEndingSubscriptions(tx, { now, until: new Date(now.getTime() + SUBSCRIPTION_END_NOTICE_DAYS * 24 * HOUR_MS) });
    for (const s of ending) {
      await notifyUser(tx, { userId: s.userId, title: 'Subscription ending soon', description: `Your subscription ends on ${day(s.endsAt)}. Renew it to keep watching.` });
    }
    const rentals = await repo.claimExpiringRentals(tx, {
      now,
      viewingUntil: new Date(now.getTime() + RENTAL_EXPIRY_NOTICE_HOURS * HOUR_MS),
      startUntil: new Date(now.getTime() + RENTAL_START_NOTICE_DAYS * 24 * HOUR_MS),
    });
    for (const r of rentals) {
      const description = r.started
        ? `Your rental of ${r.title} ends at ${r.endsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`
        : `Start watching ${r.title} by ${day(r.endsAt)}, or the rental lapses.`;
      await notifyUser(tx, { userId: r.userId, title: 'Rental ending soon', description });
    }
    return ending.length + rentals.length;
  });
}
