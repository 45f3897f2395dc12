import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryData, Session } from '@marquee/contract';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';

// A profile with an age limit never gets a title above it from the server: not in a category's
// rows or banners, search, similar titles, a title page opened by its link, nor its video.

let ctx: TestContext;
let parent: Session;
let categoryId: string;
let cartoon: { id: string; slug: string };
let thriller: { id: string; slug: string; videoAssetId: string | null };
let kidId: string;
let ownId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const make = fixtures(ctx.db);
  const video = await mediaAsset(ctx, 'private');
  cartoon = await make.title({ name: 'Puddle Friends', genres: ['Family'], ageLimit: 7, isFree: true });
  thriller = await make.title({ name: 'Puddle Murders', genres: ['Family'], ageLimit: 16, isFree: true, videoAssetId: video.id });
  const category = await make.category({ name: 'Home' });
  categoryId = category.id;
  await make.banner({ categoryId, titleId: thriller.id });
  await make.row({ categoryId, name: 'Popular', titleIds: [cartoon.id, thriller.id] });
  parent = await signIn(ctx, { email: 'parent@example.com', name: 'Pat' });
  ownId = (await get('/user/profiles')).json().current;
  await call('PUT', '/user/profile-pin', { pin: '4321' });
  kidId = (await call('POST', '/user/profiles', { name: 'Kid', isKids: true })).json()._id;
});
afterAll(() => ctx.close());

function get(url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: bearer(parent) });
}
function call(method: 'POST' | 'PUT', url: string, payload: object) {
  return ctx.app.inject({ method, url, headers: bearer(parent), payload });
}
const cardNames = (data: CategoryData) => data.subcategories.flatMap((row) => row.content.map((c) => c.item.name));

describe('a kids profile', () => {
  it('sees the whole catalogue before switching, and only titles within its limit after', async () => {
    const before: CategoryData = (await get(`/user/category-data/${categoryId}`)).json();
    expect(cardNames(before)).toEqual(['Puddle Friends', 'Puddle Murders']);
    expect(before.banners).toHaveLength(1);
    const movie = (await get(`/movie-name/${thriller.slug}`)).json();
    expect(movie.url).toMatch(/^\/media\/s\//);
    const master = `${movie.url}`;

    expect((await call('POST', `/user/profiles/${kidId}/select`, {})).statusCode).toBe(200);

    const after: CategoryData = (await get(`/user/category-data/${categoryId}`)).json();
    expect(cardNames(after)).toEqual(['Puddle Friends']);
    expect(after.banners).toEqual([]);
    const found = (await get('/search/puddle')).json();
    expect(found.movies.map((m: { name: string }) => m.name)).toEqual(['Puddle Friends']);
    const similar = (await get(`/user/similar-movies/${cartoon.id}`)).json();
    expect(similar.map((m: { name: string }) => m.name)).toEqual([]);

    const page = await get(`/movie-name/${thriller.slug}`);
    expect(page.statusCode).toBe(403);
    expect(page.json().detail).toBe('This title is rated 16+ and is not available on this profile');
    expect((await get(`/movie-name/${cartoon.slug}`)).statusCode).toBe(200);

    // A link made before the switch stops, and no new one is given.
    const media = await ctx.app.inject({ method: 'GET', url: master });
    expect(media.statusCode).toBe(403);
    expect(media.body).toMatch(/not available on this profile/);
    const renewed = await get(`/user/playback-link/${thriller.videoAssetId}`);
    expect(renewed.statusCode).toBe(403);
    // Named, too, even when the video also plays for a title within the limit.
    const named = await get(`/user/playback-link/${thriller.videoAssetId}?title=${thriller.id}`);
    expect(named.statusCode).toBe(403);
    expect(named.json().message).toBe('Puddle Murders is rated 16+ and Kid, the profile watching now, may watch titles rated up to 12+. To keep watching, switch to a profile that may watch it.');
    expect((await call('PUT', '/user/watchlist', { id: thriller.id, type: 'movie' })).statusCode).toBe(403);
    expect((await call('PUT', '/user/progress', { titleId: thriller.id, position: 10, duration: 100 })).statusCode).toBe(403);
  });

  it('goes back to the grown-up profile only with the PIN, and sees everything again', async () => {
    expect((await call('POST', `/user/profiles/${ownId}/select`, { pin: '1111' })).statusCode).toBe(403);
    expect((await get('/user/profiles')).json().current).toBe(kidId);
    expect((await call('POST', `/user/profiles/${ownId}/select`, { pin: '4321' })).statusCode).toBe(200);
    expect(cardNames((await get(`/user/category-data/${categoryId}`)).json())).toEqual(['Puddle Friends', 'Puddle Murders']);
    expect((await get(`/movie-name/${thriller.slug}`)).statusCode).toBe(200);
  });

  it('limits a session that has not chosen a profile yet to the strictest of the account', async () => {
    const later = await signIn(ctx, { email: 'parent@example.com' });
    const data: CategoryData = (await ctx.app.inject({ method: 'GET', url: `/user/category-data/${categoryId}`, headers: bearer(later) })).json();
    expect(cardNames(data)).toEqual(['Puddle Friends']);
  });
});
