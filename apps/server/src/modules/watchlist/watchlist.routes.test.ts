import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@marquee/contract';
import { titles } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';

let ctx: TestContext;
let ada: Session;
let bob: Session;
let movie: { id: string };
let show: { id: string };
beforeAll(async () => {
  ctx = await createTestContext();
  const make = fixtures(ctx.db);
  movie = await make.title({ name: 'Night Harbour', genres: ['Drama'] });
  show = await make.title({ kind: 'series', name: 'Tidewater' });
  ada = await signIn(ctx, { email: 'ada@example.com' });
  bob = await signIn(ctx, { email: 'bob@example.com' });
});
afterAll(() => ctx.close());

const call = (session: Session, method: 'GET' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
const names = async (session: Session) =>
  (await call(session, 'GET', '/user/watchlist')).json().map((e: { item: { name: string } }) => e.item.name);

describe('watchlist', () => {
  it('adds, checks, lists newest first and removes', async () => {
    expect((await call(ada, 'GET', `/user/watchlist/${movie.id}`)).json()).toEqual({ isExist: false });
    expect((await call(ada, 'PUT', '/user/watchlist', { id: movie.id, type: 'movie' })).statusCode).toBe(200);
    expect((await call(ada, 'PUT', '/user/watchlist', { id: show.id, type: 'series' })).statusCode).toBe(200);
    expect((await call(ada, 'GET', `/user/watchlist/${movie.id}`)).json()).toEqual({ isExist: true });

    const list = (await call(ada, 'GET', '/user/watchlist')).json();
    expect(list.map((e: { kind: string; item: { name: string } }) => [e.kind, e.item.name])).toEqual([
      ['series', 'Tidewater'],
      ['movie', 'Night Harbour'],
    ]);
    expect(list[1].item).toMatchObject({ isEnable: true, slug: expect.any(String), horizontalBanner: expect.any(String) });

    expect((await call(ada, 'PUT', '/user/watchlist-remove', { id: show.id })).statusCode).toBe(200);
    expect(await names(ada)).toEqual(['Night Harbour']);
  });

  it('keeps one entry when a title is added twice', async () => {
    await call(ada, 'PUT', '/user/watchlist', { id: movie.id, type: 'movie' });
    await call(ada, 'PUT', '/user/watchlist', { id: movie.id, type: 'movie' });
    expect(await names(ada)).toEqual(['Night Harbour']);
  });

  it('hides a title once it is disabled', async () => {
    const make = fixtures(ctx.db);
    const fading = await make.title({ name: 'Fading' });
    await call(bob, 'PUT', '/user/watchlist', { id: fading.id, type: 'movie' });
    await ctx.db.update(titles).set({ isEnable: false }).where(eq(titles.id, fading.id));
    expect(await names(bob)).toEqual([]);
    expect((await call(bob, 'GET', `/user/watchlist/${fading.id}`)).json()).toEqual({ isExist: false });
  });

  it('is private to each viewer', async () => {
    await call(bob, 'PUT', '/user/watchlist-remove', { id: movie.id });
    expect(await names(ada)).toEqual(['Night Harbour']);
    expect((await call(bob, 'GET', `/user/watchlist/${movie.id}`)).json()).toEqual({ isExist: false });
  });

  it('rejects bad input with a message and changes nothing', async () => {
    const before = await names(ada);
    const cases: [object, number, string][] = [
      [{ id: show.id, type: 'movie' }, 400, "type must be 'series'"],
      [{ id: '00000000-0000-4000-8000-000000000000', type: 'movie' }, 404, 'Title not found'],
      [{ id: 'nope', type: 'movie' }, 400, 'body.id'],
      [{ id: movie.id, type: 'documentary' }, 400, 'body.type'],
      [{}, 400, 'body.id'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call(ada, 'PUT', '/user/watchlist', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect((await call(ada, 'GET', '/user/watchlist/not-a-uuid')).statusCode).toBe(400);
    expect(await names(ada)).toEqual(before);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject('/user/watchlist')).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url: '/user/watchlist', payload: { id: movie.id, type: 'movie' } })).statusCode).toBe(401);
  });
});
