import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryData, Movie, RowItem, Series, Session } from '@marquee/contract';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';

let ctx: TestContext;
let make: ReturnType<typeof fixtures>;

beforeAll(async () => {
  ctx = await createTestContext();
  make = fixtures(ctx.db);
});
afterAll(() => ctx.close());

const get = (url: string, session?: Session) => ctx.app.inject({ method: 'GET', url, headers: session ? bearer(session) : {} });

describe('GET /user/homepage', () => {
  it('lists enabled categories in position order', async () => {
    await make.category({ name: 'Series', position: 2 });
    await make.category({ name: 'Home', position: 1 });
    await make.category({ name: 'Hidden', position: 0, isEnable: false });
    const res = await get('/user/homepage');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { name: string }) => c.name)).toEqual(['Home', 'Series']);
  });
});

describe('GET /user/category-data/:id', () => {
  it('returns enabled banners and rows, without disabled titles, rows or banners', async () => {
    const category = await make.category();
    const shown = await make.title({ name: 'Shown Movie', genres: ['Drama'] });
    const hidden = await make.title({ name: 'Hidden Movie', isEnable: false });
    const show = await make.title({ kind: 'series', name: 'Shown Series' });
    await make.banner({ categoryId: category.id, titleId: shown.id, origin: 'Video', position: 1 });
    await make.banner({ categoryId: category.id, titleId: hidden.id, position: 2 });
    await make.banner({ categoryId: category.id, titleId: show.id, isEnable: false, position: 3 });
    await make.row({ categoryId: category.id, name: 'Popular', imageType: 'Vertical', titleIds: [hidden.id, show.id, shown.id], position: 1 });
    await make.row({ categoryId: category.id, name: 'Retired', titleIds: [shown.id], isEnable: false, position: 2 });

    const res = await get(`/user/category-data/${category.id}`);
    expect(res.statusCode).toBe(200);
    const data: CategoryData = res.json();
    expect(data.banners).toHaveLength(1);
    expect(data.banners[0]).toMatchObject({
      isEnable: true,
      origin: 'Video',
      video: null,
      link: { kind: 'movie', item: { name: 'Shown Movie', slug: shown.slug, genres: [{ name: 'Drama' }] } },
    });
    expect(data.subcategories).toHaveLength(1);
    const [row] = data.subcategories;
    expect(row).toMatchObject({ name: 'Popular', imageType: 'Vertical' });
    expect(row!.content.map((c) => [c.kind, c.item.name])).toEqual([
      ['series', 'Shown Series'],
      ['movie', 'Shown Movie'],
    ]);
    expect(row!.content.every((c) => c.item.isEnable)).toBe(true);
  });

  it('costs the same number of queries for a small and a large category, anonymous or signed in', async () => {
    const viewer = await signIn(ctx, { email: 'counted@example.com' });
    const first = await make.category();
    const measure = async (rows: number, perRow: number, session?: Session) => {
      const category = await make.category();
      for (let r = 0; r < rows; r += 1) {
        const ids = [];
        for (let i = 0; i < perRow; i += 1) ids.push((await make.title({ genres: ['Drama', `G${i % 3}`] })).id);
        await make.row({ categoryId: category.id, titleIds: ids });
        await make.banner({ categoryId: category.id, titleId: ids[0]! });
      }
      // On a PostgreSQL server the notifications of those inserts reach this node's other
      // connections a moment later, each resetting the read model: let them land first.
      await new Promise((resolve) => setTimeout(resolve, 200));
      // What the site shares after a change is rebuilt by whichever view comes first (here, of
      // another category): the top 10 of personal rows, kept for every viewer.
      if (session) await get(`/user/category-data/${first.id}`, session);
      ctx.queries.length = 0;
      const res = await get(`/user/category-data/${category.id}`, session);
      expect(res.statusCode).toBe(200);
      return ctx.queries.length;
    };
    const small = await measure(1, 2);
    const large = await measure(5, 8);
    expect(large).toBe(small);
    expect(small).toBeLessThanOrEqual(6);
    // The viewer's access badges come with their session (subscription and rentals in the same statement), never one per card.
    const signedInSmall = await measure(1, 2, viewer);
    expect(await measure(5, 8, viewer)).toBe(signedInSmall);
    expect(signedInSmall).toBeLessThanOrEqual(small + 1);
  });

  it('answers 404 with a message for an unknown or disabled category', async () => {
    const disabled = await make.category({ isEnable: false });
    for (const id of ['00000000-0000-4000-8000-000000000000', disabled.id]) {
      const res = await get(`/user/category-data/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: 'Category not found' });
    }
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const res = await get('/user/category-data/not-an-id');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().message).toMatch(/params\.id/);
  });
});

describe('GET /movie-name/:name and /series-name/:name', () => {
  it('returns every field of a movie by slug, without a full-video url', async () => {
    const movie = await make.title({
      name: 'Night Harbour',
      slug: 'night-harbour',
      genres: ['Thriller', 'Drama'],
      cast: [{ name: 'Ada Quill', role: 'Captain' }],
      rating: 4.5,
    });
    const res = await get('/movie-name/night-harbour');
    expect(res.statusCode).toBe(200);
    const body: Movie = res.json();
    expect(body).toMatchObject({
      _id: movie.id,
      slug: 'night-harbour',
      name: 'Night Harbour',
      duration: 100,
      language: 'English',
      releaseYear: 2020,
      rating: 4.5,
      ageLimit: 13,
      isFree: false,
      isEnable: true,
      trailer: null,
      url: null,
      cast: [{ name: 'Ada Quill', role: 'Captain', image: '/media/images/p.webp' }],
    });
    expect(body.genres.map((g) => g.name)).toEqual(['Drama', 'Thriller']);
  });

  it('returns a series with its enabled episodes in order', async () => {
    const series = await make.title({ kind: 'series', name: 'Tidewater', slug: 'tidewater' });
    await make.episode({ seriesId: series.id, number: 2 });
    await make.episode({ seriesId: series.id, number: 1 });
    await make.episode({ seriesId: series.id, number: 3, isEnable: false });
    const res = await get('/series-name/tidewater');
    expect(res.statusCode).toBe(200);
    const body: Series = res.json();
    expect(body.poster).toBe(series.verticalBanner);
    expect(body.episodes.map((e) => e.number)).toEqual([1, 2]);
    expect(body.episodes.every((e) => e.url === null)).toBe(true);
  });

  it('answers 404 for unknown, disabled or wrong-kind slugs', async () => {
    await make.title({ name: 'Gone', slug: 'gone', isEnable: false });
    await make.title({ kind: 'series', name: 'A Show', slug: 'a-show' });
    expect((await get('/movie-name/gone')).json()).toMatchObject({ status: 404, message: 'Movie not found' });
    expect((await get('/movie-name/a-show')).statusCode).toBe(404);
    expect((await get('/series-name/no-such-show')).json()).toMatchObject({ message: 'Series not found' });
  });

  it('answers 400 for an over-long slug', async () => {
    const res = await get(`/movie-name/${'a'.repeat(200)}`);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /user/similar-movies/:id and /user/similar-series/:id', () => {
  it('ranks by shared genres, excludes the title itself, other kinds and disabled titles', async () => {
    const source = await make.title({ name: 'Source', genres: ['Alpha', 'Beta', 'Gamma'] });
    await make.title({ name: 'Shares One', genres: ['Alpha'] });
    await make.title({ name: 'Shares Three', genres: ['Alpha', 'Beta', 'Gamma'] });
    await make.title({ name: 'Shares Two', genres: ['Beta', 'Gamma', 'Delta'] });
    await make.title({ name: 'Shares None', genres: ['Delta'] });
    await make.title({ name: 'Disabled Twin', genres: ['Alpha', 'Beta', 'Gamma'], isEnable: false });
    await make.title({ kind: 'series', name: 'Series Twin', genres: ['Alpha', 'Beta', 'Gamma'] });

    const res = await get(`/user/similar-movies/${source.id}`);
    expect(res.statusCode).toBe(200);
    const names = (res.json() as RowItem[]).map((i) => i.name);
    expect(names).toEqual(['Shares Three', 'Shares Two', 'Shares One']);
  });

  it('finds similar series only among series', async () => {
    const a = await make.title({ kind: 'series', name: 'Show A', genres: ['Mystery'] });
    await make.title({ kind: 'series', name: 'Show B', genres: ['Mystery'] });
    await make.title({ name: 'Movie M', genres: ['Mystery'] });
    const res = await get(`/user/similar-series/${a.id}`);
    expect((res.json() as RowItem[]).map((i) => i.name)).toEqual(['Show B']);
  });

  it('answers 404 for an unknown id or a movie id on the series call', async () => {
    const movie = await make.title({ genres: ['Mystery'] });
    expect((await get(`/user/similar-series/${movie.id}`)).statusCode).toBe(404);
    expect((await get('/user/similar-movies/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/user/similar-movies/42')).statusCode).toBe(400);
  });
});
