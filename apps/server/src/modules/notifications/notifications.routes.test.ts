import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, Session } from '@marquee/contract';
import { notifications } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { bearer, signIn } from '../../../test/sign-in';

let ctx: TestContext;
let ada: Session;
let bob: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  ada = await signIn(ctx, { email: 'ada@example.com', name: 'Ada' });
  bob = await signIn(ctx, { email: 'bob@example.com', name: 'Bob' });
  await ctx.db.insert(notifications).values([
    { title: 'For everyone', description: 'A broadcast', createdAt: new Date(Date.now() - 60_000) },
    { title: 'For Ada only', description: 'Personal', userId: ada.user._id },
  ]);
});
afterAll(() => ctx.close());

const list = async (s: Session): Promise<Notification[]> => (await ctx.app.inject({ url: '/user/notification', headers: bearer(s) })).json();
const unread = async (s: Session) => (await ctx.app.inject({ url: '/user/notification/unread', headers: bearer(s) })).json();
const markRead = (s: Session, id: string) => ctx.app.inject({ method: 'PUT', url: `/user/notification/${id}`, headers: bearer(s) });

describe('notifications', () => {
  it('lists broadcast and personal notifications, newest first, with the fields behaviour.md §3 names', async () => {
    const titles = (await list(ada)).map((n) => n.title);
    expect(titles).toEqual(['For Ada only', 'Welcome to Marquee, Ada', 'For everyone']);
    expect((await list(bob)).map((n) => n.title)).toEqual(['Welcome to Marquee, Bob', 'For everyone']);
    expect((await list(ada))[0]).toMatchObject({ _id: expect.any(String), description: 'Personal', image: '', date: expect.any(String), isRead: false });
    expect(await unread(ada)).toEqual({ notificationCount: 3 });
  });

  it('keeps read state per viewer, also for a broadcast', async () => {
    const broadcast = (await list(ada)).find((n) => n.title === 'For everyone')!;
    expect((await markRead(ada, broadcast._id)).statusCode).toBe(200);
    expect((await markRead(ada, broadcast._id)).statusCode).toBe(200);
    expect(await unread(ada)).toEqual({ notificationCount: 2 });
    expect(await unread(bob)).toEqual({ notificationCount: 2 });
    expect((await list(ada)).find((n) => n._id === broadcast._id)?.isRead).toBe(true);
  });

  it("answers 404 for another viewer's notification and for an unknown id, changing nothing", async () => {
    const personal = (await list(ada)).find((n) => n.title === 'For Ada only')!;
    const res = await markRead(bob, personal._id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Notification not found');
    expect((await markRead(bob, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await markRead(bob, 'nope')).statusCode).toBe(400);
    expect((await list(ada)).find((n) => n._id === personal._id)?.isRead).toBe(false);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject('/user/notification/unread')).statusCode).toBe(401);
  });
});
