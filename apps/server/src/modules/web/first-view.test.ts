import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiResponse, Category, CategoryData, Movie, RowItem, SearchResult } from '@marquee/contract';
import { SEARCH_TERM_MAX } from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerPreload, playerPreload } from './first-view';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { asStaff, consoleEnv, staffSessions } from '../../../test/staff';

// The HTML of `/` carries what a first-time visitor's home page draws first, so the page needs no
// call before its banner and rows can show.

let ctx: TestContext;
let editor: ReturnType<typeof asStaff>;
let first: { id: string };
let second: { id: string };
let film: { id: string; slug: string };

const shell = `<!doctype html><html lang="en"><head><title>Marquee</title><script type="module" crossorigin src="/assets/index-a1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/shared-b2.js"></head><body><div id="root"></div></body></html>`;

// The part of a Vite build manifest that matters: the entry, and the home page's chunk with its imports.
const manifest = {
  'src/main.tsx': { file: 'assets/index-a1.js', isEntry: true, imports: ['_shared-b2.js'] },
  '_shared-b2.js': { file: 'assets/shared-b2.js' },
  'src/app/routes/home.tsx': { file: 'assets/home-c3.js', isDynamicEntry: true, imports: ['src/main.tsx', '_shared-b2.js', '_row-d4.js'] },
  '_row-d4.js': { file: 'assets/row-d4.js', css: ['assets/row-e5.css'] },
  'src/app/routes/movie.tsx': { file: 'assets/movie-f6.js', isDynamicEntry: true, imports: ['src/main.tsx', '_row-d4.js', '_player-g7.js'] },
  '_player-g7.js': { file: 'assets/player-g7.js' },
};

beforeAll(async () => {
  const web = join(tmpdir(), `marquee-first-view-${process.pid}`);
  await mkdir(join(web, '.vite'), { recursive: true });
  await writeFile(join(web, 'index.html'), shell);
  await writeFile(join(web, '.vite', 'manifest.json'), JSON.stringify(manifest));
  ctx = await createTestContext({ ...consoleEnv, WEB_DIST_DIR: web });
  editor = asStaff(ctx, (await staffSessions(ctx)).editor);
  const make = fixtures(ctx.db);
  first = await make.category({ name: 'Featured', position: 0 });
  second = await make.category({ name: 'Kids', position: 1 });
  film = await make.title({ name: 'Lantern </script> Bay', genres: ['Drama'] });
  await make.row({ categoryId: first.id, name: 'Tonight', titleIds: [film.id] });
  await make.banner({ categoryId: first.id, titleId: film.id, origin: 'Image' });
  await make.row({ categoryId: second.id, name: 'Cartoons', titleIds: [film.id] });
});
afterAll(() => ctx.close());

const home = () => ctx.app.inject({ url: '/', headers: { accept: 'text/html' } });

/** The first view as the web app reads it: the JSON block's text. */
function firstViewOf(html: string): {
  homepage: Category[];
  display: ApiResponse<'displaySettings'>;
  category: { id: string; data: CategoryData } | null;
  movie: { slug: string; data: Movie } | null;
  similar: { id: string; data: RowItem[] } | null;
  search: { term: string; data: SearchResult } | null;
} {
  const block = /<script type="application\/json" id="first-view">([^<]*)<\/script>/.exec(html);
  expect(block, 'the first-view block').not.toBeNull();
  return JSON.parse(block![1]!);
}

describe('the HTML of /', () => {
  it('carries the category list and the first category exactly as their calls answer them', async () => {
    const res = await home();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const view = firstViewOf(res.body);
    expect(view.homepage).toEqual((await ctx.app.inject('/user/homepage')).json());
    expect(view.display).toEqual((await ctx.app.inject('/settings/display')).json());
    expect(view.category?.id).toBe(first.id);
    expect(view.category?.data).toEqual((await ctx.app.inject(`/user/category-data/${first.id}`)).json());
    expect(view.category?.data.subcategories[0]?.content[0]?.item.name).toBe('Lantern </script> Bay');
  });

  it('never lets catalogue text close the data block early', async () => {
    const { body } = await home();
    expect(body).not.toContain('Lantern </script>');
    expect(body.match(/<\/script>/g)).toHaveLength(2);
  });

  it("preloads the first banner's picture at high priority and the home page's code", async () => {
    const { body } = await home();
    const view = firstViewOf(body);
    const banner = view.category!.data.banners[0]!;
    expect(body).toContain(bannerPreload(banner.image));
    expect(bannerPreload(banner.image)).toContain('fetchpriority="high"');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-c3.js">');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/row-d4.js">');
    expect(body).toContain('<link rel="preload" as="style" crossorigin href="/assets/row-e5.css">');
    // Already in the shell: not announced twice.
    expect(body.match(/shared-b2\.js/g)).toHaveLength(1);
  });

  it('shows a catalogue change on the next load', async () => {
    const before = firstViewOf((await home()).body);
    expect(before.category?.data.subcategories[0]?.name).toBe('Tonight');
    const listed = (await editor.get('/admin/api/categories')).json().items as Array<{ _id: string; name: string; updatedAt: string }>;
    const current = listed.find((category) => category._id === first.id)!;
    // The first category disabled: the next page leads with the second one.
    const res = await editor.put(`/admin/api/categories/${first.id}`, { name: current.name, isEnable: false, updatedAt: current.updatedAt });
    expect(res.statusCode, res.body).toBe(200);
    const after = firstViewOf((await home()).body);
    expect(after.homepage.map((category) => category._id)).toEqual([second.id]);
    expect(after.category?.id).toBe(second.id);
    expect(after.category?.data.subcategories[0]?.name).toBe('Cartoons');
  });

  it("carries the header's answers on other pages, and preloads a title page's own code", async () => {
    const res = await ctx.app.inject({ url: '/movie/lantern-bay', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const view = firstViewOf(res.body);
    // The category strip and the test-mode ribbon are drawn at once: nothing pushes the page down later.
    expect(view.homepage).toEqual((await ctx.app.inject('/user/homepage')).json());
    expect(view.display).toEqual((await ctx.app.inject('/settings/display')).json());
    expect(view.category).toBeNull();
    expect(view.search).toBeNull();
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/movie-f6.js">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/player-g7.js">');
    expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/row-e5.css">');
    expect(res.body).not.toContain('home-c3.js');
    expect(res.body).not.toContain('as="image"');

    // A page whose code the build does not name gets the answers alone.
    const other = await ctx.app.inject({ url: '/about-us', headers: { accept: 'text/html' } });
    expect(firstViewOf(other.body).homepage).toEqual(view.homepage);
    expect(other.body.match(/modulepreload/g), "the shell's own only").toHaveLength(1);
  });

  it("preloads a movie page's player picture at high priority, the sizes its <picture> offers", async () => {
    const slug = firstViewOf((await home()).body).category!.data.subcategories[0]!.content[0]!.item.slug;
    const movie = (await ctx.app.inject(`/movie-name/${slug}`)).json() as { horizontalBanner: string };
    const { body } = await ctx.app.inject({ url: `/movie/${slug}`, headers: { accept: 'text/html' } });
    expect(body).toContain(playerPreload(movie.horizontalBanner));
    expect(playerPreload(movie.horizontalBanner)).toContain('fetchpriority="high"');
    // A phone is offered 640 px at most, as the player's picture caps it.
    const stored = playerPreload('/media/images/x-wide.webp');
    expect(stored).toContain('media="(max-width: 640px)" imagesrcset="/media/images/x-wide.320w.avif 320w, /media/images/x-wide.640w.avif 640w"');
    expect(stored).toContain('media="not all and (max-width: 640px)" imagesrcset="/media/images/x-wide.320w.avif 320w, /media/images/x-wide.640w.avif 640w, /media/images/x-wide.960w.avif 960w"');

    const unknown = await ctx.app.inject({ url: '/movie/no-such-title', headers: { accept: 'text/html' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain('as="image"');
  });

  it("carries a movie page's title and similar titles exactly as a visitor's calls answer them", async () => {
    const res = await ctx.app.inject({ url: `/movie/${film.slug}`, headers: { accept: 'text/html' } });
    const view = firstViewOf(res.body);
    expect(view.movie?.slug).toBe(film.slug);
    expect(view.movie?.data).toEqual((await ctx.app.inject(`/movie-name/${film.slug}`)).json());
    expect(view.movie?.data.name).toBe('Lantern </script> Bay');
    expect(res.body).not.toContain('Lantern </script>');
    expect(res.body).toContain('Lantern \\u003c/script> Bay');
    expect(view.similar?.id).toBe(film.id);
    expect(view.similar?.data).toEqual((await ctx.app.inject(`/user/similar-movies/${film.id}`)).json());
    // A slug in its encoded form is the page's own parameter decoded, as the router reads it.
    expect(firstViewOf((await ctx.app.inject({ url: `/movie/${film.slug.replace('s', '%73')}`, headers: { accept: 'text/html' } })).body).movie?.slug).toBe(film.slug);

    // An unknown title: nothing carried, the page asks and says so itself.
    const unknown = firstViewOf((await ctx.app.inject({ url: '/movie/no-such-title', headers: { accept: 'text/html' } })).body);
    expect(unknown.movie).toBeNull();
    expect(unknown.similar).toBeNull();
    // Only the movie page carries them.
    expect(firstViewOf((await home()).body).movie).toBeNull();
  });

  it("carries the search page's results for its trimmed term exactly as a visitor's call answers them", async () => {
    const res = await ctx.app.inject({ url: '/search?q=%20lantern+', headers: { accept: 'text/html' } });
    const view = firstViewOf(res.body);
    expect(view.search?.term).toBe('lantern');
    expect(view.search?.data).toEqual((await ctx.app.inject('/search/lantern')).json());
    expect(view.search?.data.movies.map((card) => card.name)).toContain('Lantern </script> Bay');
    expect(res.body).not.toContain('Lantern </script>');
    expect(view.movie).toBeNull();

    // No term, or one the call refuses: nothing carried.
    for (const url of ['/search', '/search?q=%20', `/search?q=${'a'.repeat(SEARCH_TERM_MAX + 1)}`]) {
      expect(firstViewOf((await ctx.app.inject({ url, headers: { accept: 'text/html' } })).body).search, url).toBeNull();
    }
  });

  it('shows a change of the display settings on the next load', async () => {
    const page = () => ctx.app.inject({ url: '/search?q=lantern', headers: { accept: 'text/html' } });
    const before = firstViewOf((await page()).body).display;
    const res = await editor.put('/admin/api/settings', { subscriberCount: before.subscriberCount + 1, supportEmail: before.supportEmail });
    expect(res.statusCode, res.body).toBe(200);
    expect(firstViewOf((await page()).body).display.subscriberCount).toBe(before.subscriberCount + 1);
  });
});
