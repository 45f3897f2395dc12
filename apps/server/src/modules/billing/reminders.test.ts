import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@marquee/contract';
import { rentals, subscriptions } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';
import { listJobs } from '../../jobs/queue';
import { BILLING_REMINDERS_JOB, billingRemindersHandler, queueBillingReminders, sendReminders } from './reminders.job';

let ctx: TestContext;
const now = new Date('2026-06-01T12:00:00Z');
const hour = 60 * 60 * 1000;
const day = 24 * hour;
const at = (ms: number) => new Date(now.getTime() + ms);
let plan: { id: string };
let film: { id: string; name: string };
const users: Record<string, Session> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const make = fixtures(ctx.db);
  plan = await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
  film = await make.title({ name: 'Night Train' });
  for (const who of ['ending', 'renewed', 'later', 'watching', 'unstarted', 'plenty']) users[who] = await signIn(ctx, { email: `${who}@example.com` });
  const sub = (who: string, startsAt: Date, endsAt: Date) => ({ userId: users[who]!.user._id, planId: plan.id, startsAt, endsAt });
  await ctx.db.insert(subscriptions).values([
    sub('ending', at(-28 * day), at(2 * day)),
    sub('renewed', at(-28 * day), at(2 * day)),
    sub('renewed', at(2 * day), at(32 * day)),
    sub('later', at(-20 * day), at(10 * day)),
  ]);
  const rent = (who: string, values: Partial<typeof rentals.$inferInsert>) => ({ userId: users[who]!.user._id, titleId: film.id, startBy: at(20 * day), ...values });
  await ctx.db.insert(rentals).values([
    rent('watching', { startedAt: at(-45 * hour), expiresAt: at(3 * hour) }),
    rent('unstarted', { startBy: at(2 * day) }),
    rent('plenty', { startedAt: at(-18 * hour), expiresAt: at(30 * hour) }),
  ]);
});
afterAll(() => ctx.close());

/** The viewer's reminders (sign-up also sends a welcome notification, left out here). */
const titlesFor = async (who: string) =>
  (await ctx.app.inject({ url: '/user/notification', headers: bearer(users[who]!) }))
    .json()
    .filter((n: { title: string }) => n.title.endsWith('ending soon'));

describe('reminders (a scheduled job, with an injected clock)', () => {
  it('announces a subscription ending within 3 days that nothing renews, and rentals about to lapse, once', async () => {
    expect(await sendReminders({ db: ctx.db, now })).toBe(3);
    expect(await titlesFor('ending')).toEqual([expect.objectContaining({ title: 'Subscription ending soon', description: expect.stringContaining('2026-06-03') })]);
    expect(await titlesFor('renewed')).toEqual([]);
    expect(await titlesFor('later')).toEqual([]);
    expect(await titlesFor('watching')).toEqual([expect.objectContaining({ title: 'Rental ending soon', description: expect.stringContaining('Night Train ends at 2026-06-01 15:00') })]);
    expect(await titlesFor('unstarted')).toEqual([expect.objectContaining({ description: 'Start watching Night Train by 2026-06-03, or the rental lapses.' })]);
    expect(await titlesFor('plenty')).toEqual([]);

    expect(await sendReminders({ db: ctx.db, now: at(hour) })).toBe(0);
    expect(await titlesFor('ending')).toHaveLength(1);
  });
});

describe('the reminder schedule', () => {
  it('runs hourly: every process queues the same next slot, and each run queues the one after', async () => {
    await queueBillingReminders(ctx.db, now);
    await queueBillingReminders(ctx.db, now);
    const slots = async () => (await listJobs(ctx.db, { type: BILLING_REMINDERS_JOB, limit: 10 })).map((j) => j.runAt.toISOString()).sort();
    expect(await slots()).toEqual(['2026-06-01T13:00:00.000Z']);
    await billingRemindersHandler({ db: ctx.db, now: () => at(hour) })();
    expect(await slots()).toEqual(['2026-06-01T13:00:00.000Z', '2026-06-01T14:00:00.000Z']);
  });
});
