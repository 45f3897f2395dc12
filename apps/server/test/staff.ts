import type { Session, StaffRole } from '@marquee/contract';
import type { TestContext } from './test-app';
import { bearer, signIn } from './sign-in';

/** The ADMIN_EMAILS a console test context is created with. */
export const ADMIN_EMAIL = 'admin@staff.test';
export const consoleEnv = { ADMIN_EMAILS: ADMIN_EMAIL, LOGIN_LIMIT_PER_IP: '1000' };

export type Sessions = Record<StaffRole | 'viewer', Session>;

/**
 * One signed-in account per role: the admin through ADMIN_EMAILS, the editor and support made so
 * by that admin in the console, and a plain viewer.
 */
export async function staffSessions(ctx: TestContext, tag = ''): Promise<Sessions> {
  const admin = await signIn(ctx, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  const make = async (role: 'editor' | 'support') => {
    const session = await signIn(ctx, { email: `${role}${tag}@staff.test`, name: `${role} ${tag}`.trim() });
    const res = await ctx.app.inject({ method: 'PUT', url: `/admin/api/users/${session.user._id}/role`, headers: bearer(admin), payload: { role } });
    if (res.statusCode !== 200) throw new Error(`could not make ${role}: ${res.body}`);
    return { ...session, user: { ...session.user, role } };
  };
  return {
    admin,
    editor: await make('editor'),
    support: await make('support'),
    viewer: await signIn(ctx, { email: `viewer${tag}@staff.test`, name: 'Vic Viewer' }),
  };
}

/** Calls a console endpoint as a session (or signed out). */
export function asStaff(ctx: TestContext, session: Session | null) {
  const headers = session ? bearer(session) : {};
  return {
    get: (url: string) => ctx.app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: object) => ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) }),
    put: (url: string, payload?: object) => ctx.app.inject({ method: 'PUT', url, headers, ...(payload ? { payload } : {}) }),
    delete: (url: string) => ctx.app.inject({ method: 'DELETE', url, headers }),
    /** A multipart POST with one file in the field `image`, as the console's upload buttons send it. */
    async upload(url: string, file: { data: Buffer; name: string; type: string }) {
      const form = new FormData();
      form.set('image', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
      const request = new Request('http://local/', { method: 'POST', body: form });
      return ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    },
  };
}
