import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { asStaff, consoleEnv, staffSessions, type Sessions } from '../../../test/staff';

let ctx: TestContext;
let s: Sessions;

beforeAll(async () => {
  ctx = await createTestContext(consoleEnv);
  s = await staffSessions(ctx);
});
afterAll(() => ctx.close());

/** A visitor writes through the public contact form; returns the stored message's id. */
async function visitorWrites(email: string, message: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/contact', payload: { firstName: 'Jo', lastName: 'March', email, message } });
  expect(res.statusCode).toBe(200);
  const [row] = await ctx.db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.email, email));
  return row!.id;
}

const list = async (query = '') => (await asStaff(ctx, s.support).get(`/admin/api/contact-messages${query}`)).json();
const auditOf = async (id: string) => (await asStaff(ctx, s.admin).get(`/admin/api/audit?entityId=${id}`)).json().items;
const stored = async (id: string) => (await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];

describe('console: contact messages', () => {
  it('lists messages newest first as new, filtered by state and searched by part of the email', async () => {
    const older = await visitorWrites('amy@example.com', 'My card was charged twice for the same rental.');
    const newer = await visitorWrites('beth@example.org', 'The player stops after ten minutes.');
    const all = await list();
    expect(all.items.map((m: { _id: string }) => m._id)).toEqual([newer, older]);
    expect(all.items[1]).toMatchObject({ email: 'amy@example.com', firstName: 'Jo', status: 'new', preview: 'My card was charged twice for the same rental.' });
    expect((await list('?email=EXAMPLE.ORG')).items.map((m: { _id: string }) => m._id)).toEqual([newer]);
    expect((await list('?email=%25')).total).toBe(0);
    expect((await list('?status=answered')).total).toBe(0);
    expect((await asStaff(ctx, s.support).get('/admin/api/contact-messages?status=closed')).statusCode).toBe(400);
  });

  it('opening a new message marks it read, once, with an audit entry', async () => {
    const id = await visitorWrites('cleo@example.com', 'How do I change my plan?');
    const opened = (await asStaff(ctx, s.support).get(`/admin/api/contact-messages/${id}`)).json();
    expect(opened).toMatchObject({ _id: id, status: 'read', message: 'How do I change my plan?', readAt: expect.any(String), answeredAt: null, answeredBy: null });
    expect((await asStaff(ctx, s.admin).get(`/admin/api/contact-messages/${id}`)).json().readAt).toBe(opened.readAt);
    expect(await auditOf(id)).toMatchObject([{ action: 'contact-message.read', actor: { email: 'support@staff.test' }, before: { status: 'new' }, after: { status: 'read' } }]);
    expect((await list('?status=read')).items.map((m: { _id: string }) => m._id)).toContain(id);
  });

  it('marks a message answered with a note (also straight from new), once; audited', async () => {
    const id = await visitorWrites('dora@example.com', 'Please delete my account.');
    const res = await asStaff(ctx, s.support).post(`/admin/api/contact-messages/${id}/answer`, { note: '  Replied with the steps  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'answered', answerNote: 'Replied with the steps', answeredBy: { email: 'support@staff.test' }, readAt: expect.any(String), answeredAt: expect.any(String) });
    const again = await asStaff(ctx, s.admin).post(`/admin/api/contact-messages/${id}/answer`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('support already marked this message answered');
    expect((await stored(id))).toMatchObject({ answerNote: 'Replied with the steps', answeredByEmail: 'support@staff.test' });
    expect(await auditOf(id)).toMatchObject([{ action: 'contact-message.answer', after: { status: 'answered', note: 'Replied with the steps' } }]);
    expect((await list('?status=answered')).items.map((m: { _id: string }) => m._id)).toEqual([id]);
    // Without a note is fine too.
    const other = await visitorWrites('eve@example.com', 'Thanks!');
    expect((await asStaff(ctx, s.admin).post(`/admin/api/contact-messages/${other}/answer`, {})).json()).toMatchObject({ status: 'answered', answerNote: '' });
  });

  it('answers 404 for an unknown message, 400 for a bad id or note, 403 for editors, changing nothing', async () => {
    const id = await visitorWrites('fay@example.com', 'Hello');
    const unknown = randomUUID();
    expect((await asStaff(ctx, s.support).get(`/admin/api/contact-messages/${unknown}`)).json()).toMatchObject({ status: 404, message: 'Contact message not found' });
    expect((await asStaff(ctx, s.support).post(`/admin/api/contact-messages/${unknown}/answer`, {})).statusCode).toBe(404);
    expect((await asStaff(ctx, s.support).get('/admin/api/contact-messages/nope')).statusCode).toBe(400);
    const long = await asStaff(ctx, s.support).post(`/admin/api/contact-messages/${id}/answer`, { note: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ path: 'body.note', message: 'Note must be at most 2000 characters' }]);
    expect((await asStaff(ctx, s.editor).get('/admin/api/contact-messages')).statusCode).toBe(403);
    expect((await asStaff(ctx, s.editor).get(`/admin/api/contact-messages/${id}`)).statusCode).toBe(403);
    expect((await asStaff(ctx, s.editor).post(`/admin/api/contact-messages/${id}/answer`, {})).statusCode).toBe(403);
    expect(await stored(id)).toMatchObject({ status: 'new', readAt: null, answeredAt: null });
    expect(await auditOf(id)).toEqual([]);
  });
});
