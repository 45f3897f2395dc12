import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { auditEntries } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { signIn } from '../../../test/sign-in';
import { ADMIN_EMAIL, asStaff, consoleEnv, staffSessions, type Sessions } from '../../../test/staff';

let ctx: TestContext;
let s: Sessions;
beforeAll(async () => {
  ctx = await createTestContext(consoleEnv);
  s = await staffSessions(ctx);
});
afterAll(() => ctx.close());

const auditCount = async () => (await ctx.db.select().from(auditEntries)).length;

describe('console identity and roles', () => {
  it('tells each operator their role, fresh from the database', async () => {
    expect((await asStaff(ctx, s.admin).get('/admin/api/me')).json()).toMatchObject({ email: ADMIN_EMAIL, role: 'admin', roleSource: 'config' });
    expect((await asStaff(ctx, s.editor).get('/admin/api/me')).json()).toMatchObject({ role: 'editor', roleSource: 'console' });
    expect((await asStaff(ctx, s.viewer).get('/admin/api/me')).statusCode).toBe(403);
  });

  it('lets an admin give a role, which applies to the next request and is audited with the reason', async () => {
    const kim = await signIn(ctx, { email: 'kim@example.com', name: 'Kim' });
    expect((await asStaff(ctx, kim).get('/admin/api/me')).statusCode).toBe(403);

    const res = await asStaff(ctx, s.admin).put(`/admin/api/users/${kim.user._id}/role`, { role: 'support', reason: 'Joins the support desk' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'kim@example.com', role: 'support', roleSource: 'console' });
    expect((await asStaff(ctx, kim).get('/admin/api/me')).json().role).toBe('support');

    const audit = await asStaff(ctx, s.admin).get(`/admin/api/audit?entityType=user&entityId=${kim.user._id}`);
    expect(audit.json()).toMatchObject({
      total: 1,
      items: [
        {
          action: 'user.role',
          actor: { email: ADMIN_EMAIL, name: 'Ada Admin' },
          summary: 'Role of kim@example.com: viewer → support',
          before: { role: 'viewer' },
          after: { role: 'support' },
          reason: 'Joins the support desk',
        },
      ],
    });
    expect((await asStaff(ctx, s.admin).get('/admin/api/staff')).json().map((m: { email: string }) => m.email)).toContain('kim@example.com');

    await asStaff(ctx, s.admin).put(`/admin/api/users/${kim.user._id}/role`, { role: 'viewer' });
    expect((await asStaff(ctx, kim).get('/admin/api/me')).statusCode).toBe(403);
  });

  it('refuses bad changes with a message on the field, changing and auditing nothing', async () => {
    const before = await auditCount();
    const own = await asStaff(ctx, s.admin).put(`/admin/api/users/${s.admin.user._id}/role`, { role: 'viewer' });
    expect(own.statusCode).toBe(400);
    expect(own.json().errors).toEqual([{ path: 'body.role', message: 'You cannot change your own role' }]);

    const unknownRole = await asStaff(ctx, s.admin).put(`/admin/api/users/${s.viewer.user._id}/role`, { role: 'owner' });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().errors[0].path).toBe('body.role');

    expect((await asStaff(ctx, s.admin).put(`/admin/api/users/${crypto.randomUUID()}/role`, { role: 'editor' })).statusCode).toBe(404);
    expect((await asStaff(ctx, s.editor).put(`/admin/api/users/${s.viewer.user._id}/role`, { role: 'admin' })).statusCode).toBe(403);

    // A second admin, made in the console, cannot demote an ADMIN_EMAILS admin (the next sign-in would undo it).
    const deputy = await signIn(ctx, { email: 'deputy@example.com' });
    await asStaff(ctx, s.admin).put(`/admin/api/users/${deputy.user._id}/role`, { role: 'admin' });
    const demote = await asStaff(ctx, deputy).put(`/admin/api/users/${s.admin.user._id}/role`, { role: 'editor' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().message).toContain('ADMIN_EMAILS');
    expect((await asStaff(ctx, s.admin).get('/admin/api/me')).json().role).toBe('admin');
    expect(await auditCount()).toBe(before + 1);
  });

  it('keeps console roles at sign-in, and demotes an ADMIN_EMAILS admin once taken off the list', async () => {
    const app = await buildApp({ config: { ...ctx.config, auth: { ...ctx.config.auth, adminEmails: [] } }, db: ctx.db });
    await app.ready();
    try {
      const other = { ...ctx, app };
      expect((await signIn(other, { email: ADMIN_EMAIL })).user.role).toBe('viewer');
      expect((await signIn(other, { email: 'deputy@example.com' })).user.role).toBe('admin');
      expect((await signIn(other, { email: 'editor@staff.test' })).user.role).toBe('editor');
    } finally {
      await app.close();
    }
    // Listed again, it is admin again at the next sign-in.
    expect((await signIn(ctx, { email: ADMIN_EMAIL })).user.role).toBe('admin');
  });

  it('pages the audit log, newest first', async () => {
    const page = (await asStaff(ctx, s.admin).get('/admin/api/audit?pageSize=2&page=1')).json();
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(Date.parse(page.items[0].at)).toBeGreaterThanOrEqual(Date.parse(page.items[1].at));
    expect((await asStaff(ctx, s.admin).get('/admin/api/audit?pageSize=500')).statusCode).toBe(400);
  });
});
