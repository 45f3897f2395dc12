import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@marquee/contract';
import { users } from '../../db/schema';
import { bearer, devIdToken, signIn } from '../../../test/sign-in';
import { createTestContext, type TestContext } from '../../../test/test-app';

// A staging site: production mode with the development sign-in (STAGING_TEST_PROVIDERS), where
// anyone may sign in with any email. Staff rights come only with the operators' key
// (DEV_SIGN_IN_STAFF_KEY), typed at sign-in; a session opened without it is a viewer's, whatever
// the account's role (docs/decisions/010).

const STAFF_KEY = 'operators-only-'.padEnd(48, 'k');
const BOSS = 'boss@staging.test';
const staging = {
  NODE_ENV: 'production',
  STAGING_TEST_PROVIDERS: 'dev-sign-in,sandbox-payments',
  PUBLIC_URL: 'https://staging.marquee.test',
  MEDIA_SIGNING_KEYS: 's'.repeat(40),
  SEED_DEMO: 'false',
  THIRD_PARTY_FEEDS: '',
  ADMIN_EMAILS: BOSS,
  LOGIN_LIMIT_PER_IP: '1000',
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ...staging, DEV_SIGN_IN_STAFF_KEY: STAFF_KEY });
});
afterAll(() => ctx.close());

const get = (c: TestContext, session: Session, url: string) => c.app.inject({ url, headers: bearer(session) });
/** What a session may do: its role as the account page shows it, and the console's answer. */
const rights = async (c: TestContext, session: Session) => ({
  role: (await get(c, session, '/user/profile')).json().role as string,
  console: (await get(c, session, '/admin/api/staff')).statusCode,
});

describe('the development sign-in on a staging site', () => {
  it('gives an ADMIN_EMAILS address typed without the operators\' key no staff rights', async () => {
    const session = await signIn(ctx, { email: BOSS });
    expect(session.user.role).toBe('viewer');
    expect(await rights(ctx, session)).toEqual({ role: 'viewer', console: 403 });
  });

  it('makes it admin with the key, and a session opened without the key stays a viewer\'s', async () => {
    const stranger = await signIn(ctx, { email: BOSS });
    const operator = await signIn(ctx, { email: BOSS, staffKey: STAFF_KEY });
    expect(operator.user.role).toBe('admin');
    expect(await rights(ctx, operator)).toEqual({ role: 'admin', console: 200 });
    // Same account, now admin: the session someone else opened by typing the address gains nothing.
    expect(await rights(ctx, stranger)).toEqual({ role: 'viewer', console: 403 });
  });

  it('gives an account made staff in the console no staff rights through a sign-in without the key', async () => {
    const operator = await signIn(ctx, { email: BOSS, staffKey: STAFF_KEY });
    const editor = await signIn(ctx, { email: 'ed@staging.test', name: 'Ed' });
    const made = await ctx.app.inject({ method: 'PUT', url: `/admin/api/users/${editor.user._id}/role`, headers: bearer(operator), payload: { role: 'editor' } });
    expect(made.statusCode, made.body).toBe(200);
    expect((await ctx.db.select().from(users).where(eq(users.email, 'ed@staging.test')))[0]!.role).toBe('editor');

    expect(await rights(ctx, editor)).toEqual({ role: 'viewer', console: 403 });
    expect(await rights(ctx, await signIn(ctx, { email: 'ed@staging.test' }))).toEqual({ role: 'viewer', console: 403 });
    const keyed = await signIn(ctx, { email: 'ed@staging.test', staffKey: STAFF_KEY });
    expect((await rights(ctx, keyed)).role).toBe('editor');
  });

  it('refuses a wrong key, on the token call and on the account chooser, and signs nobody in', async () => {
    const { nonce } = (await ctx.app.inject('/user/login/nonce')).json();
    const token = await ctx.app.inject({ method: 'POST', url: '/dev-idp/token', payload: { email: BOSS, name: 'Boss', nonce, staffKey: 'x'.repeat(48) } });
    expect(token.statusCode).toBe(403);
    expect(token.json().message).toBe('Wrong operator key');

    const chooser = await ctx.app.inject('/dev-idp/authorize?nonce=n1&redirect_uri=/login');
    expect(chooser.body).toContain('name="staff_key"');
    const form = new URLSearchParams({ redirect_uri: '/login', nonce: 'n1', state: '', name: 'Boss', email: BOSS, staff_key: 'wrong' });
    const posted = await ctx.app.inject({ method: 'POST', url: '/dev-idp/authorize', payload: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(posted.statusCode).toBe(403);
    expect(posted.headers.location).toBeUndefined();
    expect(posted.body).toContain('Wrong operator key');

    form.set('staff_key', STAFF_KEY);
    const signedIn = await ctx.app.inject({ method: 'POST', url: '/dev-idp/authorize', payload: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toMatch(/^\/login#id_token=/);
  });

  it('without DEV_SIGN_IN_STAFF_KEY makes nobody staff, and says so to whoever types a key', async () => {
    const keyless = await createTestContext(staging);
    try {
      expect(await rights(keyless, await signIn(keyless, { email: BOSS }))).toEqual({ role: 'viewer', console: 403 });
      const { nonce } = (await keyless.app.inject('/user/login/nonce')).json();
      const refused = await keyless.app.inject({ method: 'POST', url: '/dev-idp/token', payload: { email: BOSS, name: 'Boss', nonce, staffKey: STAFF_KEY } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/no operator key \(DEV_SIGN_IN_STAFF_KEY\)/);
    } finally {
      await keyless.close();
    }
  });
});

describe('the development sign-in outside production mode', () => {
  it('still makes ADMIN_EMAILS admin without any key, and asks for none', async () => {
    const local = await createTestContext({ ADMIN_EMAILS: BOSS, LOGIN_LIMIT_PER_IP: '1000' });
    try {
      expect(await rights(local, await signIn(local, { email: BOSS }))).toEqual({ role: 'admin', console: 200 });
      expect((await local.app.inject('/dev-idp/authorize?nonce=n1')).body).not.toContain('staff_key');
      expect(await devIdToken(local, { email: 'viewer@local.test' })).toBeTruthy();
    } finally {
      await local.close();
    }
  });
});
