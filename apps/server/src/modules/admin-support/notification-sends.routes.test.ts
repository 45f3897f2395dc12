import { randomUUID } from 'node:crypto';
import type { Notification, Session } from '@marquee/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, notifications, notificationSends, subscriptions, users } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';
import { asStaff, consoleEnv, staffSessions, type Sessions } from '../../../test/staff';

const DAY = 86_400_000;

let ctx: TestContext;
let s: Sessions;
let subscriber: Session;
let lapsed: Session;
let revoked: Session;
let nobody: Session;

beforeAll(async () => {
  ctx = await createTestContext(consoleEnv);
  s = await staffSessions(ctx);
  const plan = await fixtures(ctx.db).plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
  [subscriber, lapsed, revoked, nobody] = await Promise.all(
    ['Sam Subscriber', 'Lea Lapsed', 'Rob Revoked', 'Nia Nobody'].map((name) => signIn(ctx, { email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, name })),
  ) as [Session, Session, Session, Session];
  const now = Date.now();
  await ctx.db.insert(subscriptions).values([
    { userId: subscriber.user._id, planId: plan.id, startsAt: new Date(now - DAY), endsAt: new Date(now + DAY) },
    { userId: lapsed.user._id, planId: plan.id, startsAt: new Date(now - 40 * DAY), endsAt: new Date(now - 10 * DAY) },
    { userId: revoked.user._id, planId: plan.id, startsAt: new Date(now - DAY), endsAt: new Date(now + DAY), revokedAt: new Date(now - 1000) },
  ]);
});
afterAll(() => ctx.close());

const inbox = async (session: Session): Promise<Notification[]> => (await ctx.app.inject({ url: '/user/notification', headers: bearer(session) })).json();
const titlesIn = async (session: Session) => (await inbox(session)).map((n) => n.title);
const send = (body: object, as: Session = s.support) => asStaff(ctx, as).post('/admin/api/notifications', { idempotencyKey: randomUUID(), ...body });
const counts = async () => ({
  notifications: (await ctx.db.select({ n: count() }).from(notifications))[0]!.n,
  sends: (await ctx.db.select({ n: count() }).from(notificationSends))[0]!.n,
  audit: (await ctx.db.select({ n: count() }).from(auditEntries).where(eq(auditEntries.action, 'notification.send')))[0]!.n,
});

describe('console: sending notifications', () => {
  it("sends to one viewer chosen by email (any case): only they see it, with the title and message; listed and audited", async () => {
    const res = await send({ title: 'About your refund', message: 'It is on its way.', audience: 'viewer', email: 'NIA@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ audience: 'viewer', email: 'NIA@example.com', accounts: 1, sentBy: { email: 'support@staff.test' } });
    expect((await inbox(nobody))[0]).toMatchObject({ title: 'About your refund', description: 'It is on its way.', isRead: false });
    expect(await titlesIn(subscriber)).not.toContain('About your refund');

    const sent = (await asStaff(ctx, s.admin).get('/admin/api/notifications')).json();
    expect(sent.items[0]).toMatchObject({ _id: res.json()._id, title: 'About your refund', accounts: 1 });
    const audit = (await asStaff(ctx, s.admin).get(`/admin/api/audit?entityId=${res.json()._id}`)).json();
    expect(audit.items).toMatchObject([{ action: 'notification.send', summary: "Sent 'About your refund' to NIA@example.com (1 account)", actor: { email: 'support@staff.test' } }]);
  });

  it('sends to current subscribers only: not a lapsed or a revoked period, not other accounts; the preview counted the same', async () => {
    const reach = (await asStaff(ctx, s.support).get('/admin/api/notifications/reach')).json();
    expect(reach.subscribers).toBe(1);
    const res = await send({ title: 'New season', message: 'Season 2 is here.', audience: 'subscribers' });
    expect(res.json()).toMatchObject({ audience: 'subscribers', email: null, accounts: reach.subscribers });
    expect(await titlesIn(subscriber)).toContain('New season');
    for (const other of [lapsed, revoked, nobody, s.support]) expect(await titlesIn(other)).not.toContain('New season');
  });

  it('sends to every account, once however often the form is submitted with its key', async () => {
    const accounts = (await ctx.db.select({ n: count() }).from(users))[0]!.n;
    expect((await asStaff(ctx, s.admin).get('/admin/api/notifications/reach')).json().everyone).toBe(accounts);
    const body = { idempotencyKey: randomUUID(), title: 'Maintenance tonight', message: 'Back by 2am UTC.', audience: 'everyone' };
    // A double click: both requests arrive together.
    const [first, second] = await Promise.all([send(body, s.admin), send(body, s.admin)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()._id).toBe(first.json()._id);
    expect(first.json().accounts).toBe(accounts);
    const before = await counts();
    const retry = await send(body, s.admin);
    expect(retry.json()).toMatchObject({ _id: first.json()._id, accounts });
    expect(await counts()).toEqual(before);
    for (const viewer of [subscriber, lapsed, nobody, s.editor]) {
      expect((await titlesIn(viewer)).filter((t) => t === 'Maintenance tonight')).toHaveLength(1);
    }
    // The same key with other words is a mistake, not a retry.
    const reused = await send({ ...body, message: 'Back by 3am UTC.' }, s.admin);
    expect(reused.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('refuses an empty message, a missing or unknown email, and editors, sending nothing', async () => {
    const before = await counts();
    const empty = await send({ title: 'Hello', message: '   ', audience: 'everyone' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ path: 'body.message', message: 'Write the message' }]);
    const noEmail = await send({ title: 'Hello', message: 'Hi', audience: 'viewer' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors).toEqual([{ path: 'body.email', message: "Enter the viewer's email address" }]);
    const unknown = await send({ title: 'Hello', message: 'Hi', audience: 'viewer', email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'No account has this email address', errors: [{ path: 'body.email' }] });
    expect((await send({ title: 'Hello', message: 'Hi', audience: 'everyone', idempotencyKey: 'x' })).statusCode).toBe(400);
    expect((await send({ title: 'Hello', message: 'Hi', audience: 'everyone' }, s.editor)).statusCode).toBe(403);
    expect((await asStaff(ctx, s.editor).get('/admin/api/notifications')).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('a key refused for an unknown email can be used once the email is corrected', async () => {
    const key = randomUUID();
    expect((await send({ idempotencyKey: key, title: 'Hello', message: 'Hi', audience: 'viewer', email: 'lea@example.org' })).statusCode).toBe(400);
    const fixed = await send({ idempotencyKey: key, title: 'Hello', message: 'Hi', audience: 'viewer', email: 'lea@example.com' });
    expect(fixed.json()).toMatchObject({ accounts: 1 });
    expect(await titlesIn(lapsed)).toContain('Hello');
  });
});
