import type { Session } from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingClient } from '../billing/billing.test-support';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { bearer, devIdToken, sessionIdOf, signIn } from '../../../test/sign-in';
import { asStaff, consoleEnv, staffSessions, type Sessions } from '../../../test/staff';

let ctx: TestContext;
let s: Sessions;
let film: { id: string; slug: string; assetId: string };
let people = 0;

beforeAll(async () => {
  ctx = await createTestContext(consoleEnv);
  s = await staffSessions(ctx);
  const video = await mediaAsset(ctx, 'private');
  const movie = await fixtures(ctx.db).title({ slug: 'harbour-lights', name: 'Harbour Lights', rentPriceCents: 399, videoAssetId: video.id });
  film = { id: movie.id, slug: movie.slug, assetId: video.id };
});
afterAll(() => ctx.close());

/** A viewer who rented the film and is playing it: their session, and the signed prefix their player uses. */
async function playingRenter(name: string) {
  people += 1;
  const email = `${name.toLowerCase()}-${people}@example.com`;
  const session = await signIn(ctx, { email, name });
  const pay = billingClient(ctx);
  const orderId = await pay.orderId(session, { purpose: 'rental', type: 'Movie', movieId: film.id });
  await pay.approve(session, orderId);
  expect((await pay.rent(session, { type: 'Movie', movieId: film.id, orderId })).statusCode).toBe(200);
  const link = (await ctx.app.inject({ url: `/user/playback-link/${film.assetId}`, headers: bearer(session) })).json();
  expect((await ctx.app.inject(`${link.prefix}/master.m3u8`)).statusCode).toBe(200);
  return { session, email, prefix: link.prefix as string };
}

const profileStatus = (session: Session) => ctx.app.inject({ url: '/user/profile', headers: bearer(session) }).then((r) => r.statusCode);
const login = async (email: string) => ctx.app.inject({ method: 'POST', url: '/user/login', payload: { idToken: await devIdToken(ctx, { email }) } });

describe('support: finding a viewer', () => {
  it('searches accounts by part of the email or the name, case-insensitively, and pages them', async () => {
    const { email } = await playingRenter('Marguerite');
    const byName = (await asStaff(ctx, s.support).get('/admin/api/viewers?q=MARGUER')).json();
    expect(byName).toMatchObject({ total: 1, page: 1, items: [{ email, name: 'Marguerite', suspendedAt: null, role: 'viewer' }] });
    const byEmail = (await asStaff(ctx, s.support).get(`/admin/api/viewers?q=${encodeURIComponent(email.slice(0, 12))}`)).json();
    expect(byEmail.items.map((v: { email: string }) => v.email)).toEqual([email]);
    // A % typed by the agent is a literal character, not a wildcard.
    expect((await asStaff(ctx, s.support).get('/admin/api/viewers?q=%25')).json().total).toBe(0);
    const paged = (await asStaff(ctx, s.support).get('/admin/api/viewers?pageSize=2')).json();
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(2);
  });

  it("shows an account's profiles, rental, payment, signed-in sessions and what it plays", async () => {
    const { session, email } = await playingRenter('Paloma');
    const account = (await asStaff(ctx, s.support).get(`/admin/api/viewers/${session.user._id}`)).json();
    expect(account.viewer).toMatchObject({ email, name: 'Paloma', suspendedAt: null });
    expect(account.profiles).toMatchObject([{ name: 'Paloma', isKids: false }]);
    expect(account.rentals).toMatchObject([{ title: { name: 'Harbour Lights', slug: film.slug }, status: 'active', startedAt: null }]);
    expect(account.payments).toMatchObject([{ purpose: 'rental', item: 'Harbour Lights', amount: 3.99, status: 'granted', provider: 'sandbox', viewer: { email } }]);
    expect(account.rentals[0].paymentId).toBe(account.payments[0]._id);
    expect(account.subscriptions).toEqual([]);
    expect(account.sessions).toHaveLength(1);
    expect(account.streams).toMatchObject([{ title: 'Harbour Lights', current: false }]);
    expect((await asStaff(ctx, s.support).get(`/admin/api/viewers/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('support: signing a viewer out and suspending', () => {
  it('signs the viewer out everywhere: sessions end, playback links stop, the reason is audited', async () => {
    const { session, prefix } = await playingRenter('Ines');
    const second = await signIn(ctx, { email: session.user.email });
    const res = await asStaff(ctx, s.support).post(`/admin/api/viewers/${session.user._id}/sign-out`, { reason: 'Lost phone' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sessions: [], streams: [] });
    expect(await profileStatus(session)).toBe(401);
    expect(await profileStatus(second)).toBe(401);
    expect((await ctx.app.inject(`${prefix}/master.m3u8`)).statusCode).toBe(403);
    // Signing in again works: signing out is not a suspension.
    expect((await login(session.user.email)).statusCode).toBe(200);
    const audit = (await asStaff(ctx, s.admin).get(`/admin/api/audit?entityId=${session.user._id}`)).json();
    expect(audit.items).toMatchObject([{ action: 'user.sign-out', summary: `Signed ${session.user.email} out everywhere (2 sessions)`, reason: 'Lost phone', actor: { email: 'support@staff.test' } }]);
  });

  it('a suspended account cannot sign in or play, its sessions end; lifting the suspension lets it sign in again', async () => {
    const { session, email, prefix } = await playingRenter('Bruno');
    const res = await asStaff(ctx, s.support).put(`/admin/api/viewers/${session.user._id}/suspension`, { suspended: true, reason: 'Card fraud report' });
    expect(res.statusCode).toBe(200);
    expect(res.json().viewer.suspendedAt).not.toBeNull();
    expect(res.json().sessions).toEqual([]);
    expect(await profileStatus(session)).toBe(401);
    expect((await ctx.app.inject(`${prefix}/master.m3u8`)).statusCode).toBe(403);
    const refused = await login(email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/suspended/);
    const found = (await asStaff(ctx, s.support).get('/admin/api/viewers?q=bruno')).json();
    expect(found.items[0].suspendedAt).not.toBeNull();

    const lifted = await asStaff(ctx, s.support).put(`/admin/api/viewers/${session.user._id}/suspension`, { suspended: false, reason: 'Cleared by the bank' });
    expect(lifted.json().viewer.suspendedAt).toBeNull();
    expect((await login(email)).statusCode).toBe(200);
    const audit = (await asStaff(ctx, s.admin).get(`/admin/api/audit?entityId=${session.user._id}`)).json();
    expect(audit.items.map((e: { action: string; reason: string }) => [e.action, e.reason])).toEqual([
      ['user.unsuspend', 'Cleared by the bank'],
      ['user.suspend', 'Card fraud report'],
    ]);
  });

  it('refuses without a reason, on staff accounts, and for editors, changing nothing', async () => {
    const { session } = await playingRenter('Noor');
    const noReason = await asStaff(ctx, s.support).put(`/admin/api/viewers/${session.user._id}/suspension`, { suspended: true, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ path: 'body.reason', message: 'Give a reason: it goes to the audit log' }]);
    const staff = await asStaff(ctx, s.support).put(`/admin/api/viewers/${s.editor.user._id}/suspension`, { suspended: true, reason: 'Oops' });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().errors[0].path).toBe('body.suspended');
    expect((await asStaff(ctx, s.editor).put(`/admin/api/viewers/${session.user._id}/suspension`, { suspended: true, reason: 'x' })).statusCode).toBe(403);
    expect((await asStaff(ctx, s.editor).get('/admin/api/viewers')).statusCode).toBe(403);
    expect(await profileStatus(session)).toBe(200);
    expect(await profileStatus(s.editor)).toBe(200);
    const audit = (await asStaff(ctx, s.admin).get(`/admin/api/audit?entityId=${session.user._id}`)).json();
    expect(audit.total).toBe(0);
  });
});

describe('support: one session, and what the account watched', () => {
  it('signs one session out, leaving the others signed in; the reason is audited', async () => {
    const { session, prefix } = await playingRenter('Oskar');
    const laptop = await signIn(ctx, { email: session.user.email });
    const laptopId = await sessionIdOf(ctx, laptop);
    const before = (await asStaff(ctx, s.support).get(`/admin/api/viewers/${session.user._id}`)).json();
    expect(before.sessions).toHaveLength(2);
    const phone = before.sessions.find((x: { _id: string }) => x._id !== laptopId);
    const url = (id: string) => `/admin/api/viewers/${session.user._id}/sessions/${id}/sign-out`;
    const res = await asStaff(ctx, s.support).post(url(phone._id), { reason: 'Phone stolen' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sessions.map((x: { _id: string }) => x._id)).toEqual([laptopId]);
    expect(res.json().streams).toEqual([]);
    expect(await profileStatus(session)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
    expect((await ctx.app.inject(`${prefix}/master.m3u8`)).statusCode).toBe(403);
    const audit = (await asStaff(ctx, s.admin).get(`/admin/api/audit?entityId=${session.user._id}`)).json();
    expect(audit.items).toMatchObject([{ action: 'user.sign-out-session', reason: 'Phone stolen', before: { sessionId: phone._id, signedIn: true }, after: { signedIn: false } }]);

    // An ended session, another account's session, no reason, an editor or a viewer: refused, nothing changes.
    const other = await signIn(ctx, { email: 'someone-else@example.com' });
    const otherId = await sessionIdOf(ctx, other);
    const refusals: [Promise<{ statusCode: number }>, number][] = [
      [asStaff(ctx, s.support).post(url(phone._id), { reason: 'Again' }), 404],
      [asStaff(ctx, s.support).post(url(otherId), { reason: 'Wrong account' }), 404],
      [asStaff(ctx, s.support).post(url(laptopId), { reason: ' ' }), 400],
      [asStaff(ctx, s.support).post(url('not-a-uuid'), { reason: 'x' }), 400],
      [asStaff(ctx, s.editor).post(url(laptopId), { reason: 'x' }), 403],
      [asStaff(ctx, s.viewer).post(url(laptopId), { reason: 'x' }), 403],
      [asStaff(ctx, null).post(url(laptopId), { reason: 'x' }), 401],
    ];
    for (const [pending, status] of refusals) expect((await pending).statusCode).toBe(status);
    expect(await profileStatus(laptop)).toBe(200);
    expect(await profileStatus(other)).toBe(200);
    expect((await asStaff(ctx, s.admin).get(`/admin/api/audit?entityId=${session.user._id}`)).json().total).toBe(1);
  });

  it('shows where the profiles stopped, newest first', async () => {
    const { session } = await playingRenter('Priya');
    const series = await fixtures(ctx.db).title({ slug: 'tide-tables', name: 'Tide Tables', kind: 'series', isFree: true });
    const second = await fixtures(ctx.db).episode({ seriesId: series.id, number: 2 });
    const save = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/user/progress', headers: bearer(session), payload });
    expect((await save({ titleId: film.id, position: 600, duration: 5400 })).statusCode).toBe(200);
    expect((await save({ titleId: series.id, episodeId: second.id, position: 90, duration: 1800 })).statusCode).toBe(200);
    const account = (await asStaff(ctx, s.support).get(`/admin/api/viewers/${session.user._id}`)).json();
    expect(account.watchHistory).toMatchObject([
      { title: { name: 'Tide Tables', slug: 'tide-tables' }, episode: { number: 2 }, profile: 'Priya', positionSeconds: 90, durationSeconds: 1800 },
      { title: { name: 'Harbour Lights' }, episode: null, profile: 'Priya', positionSeconds: 600, durationSeconds: 5400 },
    ]);
  });
});
