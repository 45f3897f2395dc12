import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENTAL_VIEWING_HOURS, type CategoryData, type Movie, type RowItem, type SearchResult, type Series, type Session, type TitleAccess } from '@marquee/contract';
import { rentals, subscriptions } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';

let ctx: TestContext;
let categoryId: string;
let rentable: { id: string };
let subscriber: Session;
let renter: Session;
let viewer: Session;
const hour = 60 * 60 * 1000;
const day = 24 * hour;
const startBy = new Date(Date.now() + 30 * day);

beforeAll(async () => {
  ctx = await createTestContext();
  const make = fixtures(ctx.db);
  const video = await mediaAsset(ctx, 'private');
  const genres = ['Noir'];
  await make.title({ name: 'Free Noir', slug: 'free-noir', isFree: true, rentPriceCents: 199, genres });
  rentable = await make.title({ name: 'Rentable Noir', slug: 'rentable-noir', rentPriceCents: 399, videoAssetId: video.id, genres });
  await make.title({ name: 'Plain Noir', slug: 'plain-noir', genres });
  const expired = await make.title({ name: 'Expired Noir', slug: 'expired-noir', rentPriceCents: 249, genres });
  const lapsed = await make.title({ name: 'Lapsed Noir', slug: 'lapsed-noir', rentPriceCents: 299, genres });
  await make.title({ kind: 'series', name: 'Noir Show', slug: 'noir-show', rentPriceCents: 799, genres });
  const category = await make.category({ name: 'Noir' });
  categoryId = category.id;
  const all = await ctx.db.query.titles.findMany({ columns: { id: true } });
  await make.row({ categoryId, name: 'All', titleIds: all.map((t) => t.id) });

  const plan = await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
  subscriber = await signIn(ctx, { email: 'subscriber@example.com' });
  renter = await signIn(ctx, { email: 'renter@example.com' });
  viewer = await signIn(ctx, { email: 'viewer@example.com' });
  await ctx.db.insert(subscriptions).values({ userId: subscriber.user._id, planId: plan.id, startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + 29 * day) });
  await ctx.db.insert(rentals).values([
    { userId: renter.user._id, titleId: rentable.id, startBy },
    // Watched to the end of its 48 hours, and one never started within its start window.
    { userId: renter.user._id, titleId: expired.id, startBy, startedAt: new Date(Date.now() - 3 * day), expiresAt: new Date(Date.now() - day) },
    { userId: renter.user._id, titleId: lapsed.id, startBy: new Date(Date.now() - hour) },
  ]);
});
afterAll(() => ctx.close());

const get = (url: string, session?: Session) => ctx.app.inject({ url, headers: session ? bearer(session) : {} });
const accessByName = (items: RowItem[]) => Object.fromEntries(items.map((i) => [i.name, i.access]));
const rowAccess = async (session?: Session) => {
  const data: CategoryData = (await get(`/user/category-data/${categoryId}`, session)).json();
  return accessByName(data.subcategories.flatMap((row) => row.content.map((entry) => entry.item)));
};
const movieAccess = async (slug: string, session?: Session) => ((await get(`/movie-name/${slug}`, session)).json() as Movie).access;
const rent = (price: number): TitleAccess => ({ kind: 'rent', price });
const rented: TitleAccess = { kind: 'rented', startBy: startBy.toISOString(), expiresAt: null };

describe('access badges for an anonymous viewer', () => {
  it('are free, a rent price, or null on every card', async () => {
    expect(await rowAccess()).toEqual({
      'Free Noir': { kind: 'free' },
      'Rentable Noir': rent(3.99),
      'Plain Noir': null,
      'Expired Noir': rent(2.49),
      'Lapsed Noir': rent(2.99),
      'Noir Show': rent(7.99),
    });
  });

  it('are on title pages, similar titles and search results too', async () => {
    expect(await movieAccess('free-noir')).toEqual({ kind: 'free' });
    expect(await movieAccess('rentable-noir')).toEqual(rent(3.99));
    expect(await movieAccess('plain-noir')).toBeNull();
    expect(((await get('/series-name/noir-show')).json() as Series).access).toEqual(rent(7.99));
    const similar: RowItem[] = (await get(`/user/similar-movies/${rentable.id}`)).json();
    expect(accessByName(similar)).toMatchObject({ 'Free Noir': { kind: 'free' }, 'Plain Noir': null });
    const found: SearchResult = (await get('/search/noir')).json();
    expect(accessByName(found.movies)['Rentable Noir']).toEqual(rent(3.99));
    expect(accessByName(found.series)['Noir Show']).toEqual(rent(7.99));
  });

  it('are never kept by a shared cache for a signed-in viewer or reused for another token', async () => {
    for (const url of [`/user/category-data/${categoryId}`, '/movie-name/rentable-noir', '/search/noir', `/user/similar-movies/${rentable.id}`]) {
      // The anonymous answer is the same for everyone: a CDN may keep it, revalidating each time.
      const anonymous = await get(url);
      expect(anonymous.headers['cache-control']).toMatch(/^(public|private), no-cache$/);
      expect(anonymous.headers.vary).toMatch(/authorization/i);
      // A viewer's own badges stay private to them.
      const signedIn = await get(url, subscriber);
      expect(signedIn.headers['cache-control']).toBe('private, no-cache');
      expect(signedIn.headers.vary).toMatch(/authorization/i);
    }
  });
});

describe('access badges for a signed-in viewer', () => {
  it('a viewer without subscription or rentals sees what an anonymous one sees', async () => {
    expect(await rowAccess(viewer)).toEqual(await rowAccess());
  });

  it("a subscriber sees 'included' on every paid title, rentable or not", async () => {
    expect(await rowAccess(subscriber)).toEqual({
      'Free Noir': { kind: 'free' },
      'Rentable Noir': { kind: 'included' },
      'Plain Noir': { kind: 'included' },
      'Expired Noir': { kind: 'included' },
      'Lapsed Noir': { kind: 'included' },
      'Noir Show': { kind: 'included' },
    });
    expect(await movieAccess('plain-noir', subscriber)).toEqual({ kind: 'included' });
    const found: SearchResult = (await get('/search/noir', subscriber)).json();
    expect(accessByName(found.series)['Noir Show']).toEqual({ kind: 'included' });
  });

  it("a renter sees 'rented' with its start-by date; expired and lapsed rentals fall back to 'rent'", async () => {
    expect(await rowAccess(renter)).toMatchObject({
      'Rentable Noir': rented,
      'Expired Noir': rent(2.49),
      'Lapsed Noir': rent(2.99),
      'Plain Noir': null,
    });
    expect(await movieAccess('rentable-noir', renter)).toEqual(rented);
    const similar: RowItem[] = (await get(`/user/similar-movies/${rentable.id}`, renter)).json();
    expect(accessByName(similar)['Expired Noir']).toEqual(rent(2.49));
  });

  it('a rental shows when it ends once playback has started, on cards, the title page, the watchlist and Rented', async () => {
    const movie: Movie = (await get('/movie-name/rentable-noir', renter)).json();
    const before = Date.now();
    await ctx.app.inject({ url: movie.url!.replace('master.m3u8', '360p/index.m3u8') });
    const access = await movieAccess('rentable-noir', renter);
    expect(access).toMatchObject({ kind: 'rented', startBy: startBy.toISOString(), expiresAt: expect.any(String) });
    const ends = new Date((access as { expiresAt: string }).expiresAt).getTime();
    expect(ends).toBeGreaterThanOrEqual(before + RENTAL_VIEWING_HOURS * hour - 5_000);
    expect((await rowAccess(renter))['Rentable Noir']).toEqual(access);

    await ctx.app.inject({ method: 'PUT', url: '/user/watchlist', headers: bearer(renter), payload: { id: rentable.id, type: 'movie' } });
    const watchlist: { item: RowItem }[] = (await get('/user/watchlist', renter)).json();
    expect(watchlist.map((e) => e.item.access)).toEqual([access]);
    const rentedList: { rentedContent: { item: RowItem }[] } = (await get('/user/rented', renter)).json();
    expect(rentedList.rentedContent.map((e) => e.item.access)).toEqual([access]);
  });
});
