import { eq, sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryData, RowItem, Session } from '@marquee/contract';
import { mediaAssets, rentals, subscriptions } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';
import { asStaff, consoleEnv, staffSessions } from '../../../test/staff';
import { billingClient } from '../billing/billing.test-support';

// The catalogue read model (docs/performance.md): answers built once and served from memory must
// still show every change on the very next request, whoever made it.

let ctx: TestContext;
let editor: ReturnType<typeof asStaff>;
let make: ReturnType<typeof fixtures>;
let category: { id: string };
let film: { id: string; slug: string };
let trailer: { id: string };

beforeAll(async () => {
  ctx = await createTestContext(consoleEnv);
  editor = asStaff(ctx, (await staffSessions(ctx)).editor);
  make = fixtures(ctx.db);
  // A trailer still being transcoded: its banner shows the picture until the video is ready.
  const [asset] = await ctx.db.insert(mediaAssets).values({ access: 'public', status: 'processing', sourceKey: 'sources/t.mp4', storagePrefix: 'videos/t' })
    .returning();
  trailer = asset!;
  category = await make.category({ name: 'Home', position: 0 });
  film = await make.title({ name: 'Lantern Bay', genres: ['Drama'], rentPriceCents: 299, trailerAssetId: trailer!.id });
  const others = [await make.title({ name: 'Other One' }), await make.title({ name: 'Free One', isFree: true })];
  await make.row({ categoryId: category.id, name: 'Tonight', titleIds: [film.id, ...others.map((t) => t.id)] });
  await make.banner({ categoryId: category.id, titleId: film.id, origin: 'Video' });
});
afterAll(() => ctx.close());

const get = (url: string, session?: Session) => ctx.app.inject({ url, headers: session ? bearer(session) : {} });
const categoryData = async (session?: Session) => (await get(`/user/category-data/${category.id}`, session)).json<CategoryData>();
const card = (data: CategoryData, id: string): RowItem | undefined =>
  data.subcategories.flatMap((row) => row.content.map((c) => c.item)).find((item) => item._id === id);

/**
 * On a PostgreSQL server the notifications of earlier writes also reach this node's other
 * connections a moment later, each resetting the read model once more: let them land before
 * counting what a steady view costs.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

async function editTitle(id: string, change: Record<string, unknown>) {
  const current = (await editor.get(`/admin/api/titles/${id}`)).json();
  const res = await editor.put(`/admin/api/titles/${id}`, { ...current, ...change, updatedAt: current.updatedAt });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the catalogue read model', () => {
  it('serves the same bytes for everyone, cacheable by a CDN, with an ETag that answers 304', async () => {
    await get(`/user/category-data/${category.id}`);
    await settle();
    const first = await get(`/user/category-data/${category.id}`);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toContain('Authorization');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    ctx.queries.length = 0;
    const again = await ctx.app.inject({ url: `/user/category-data/${category.id}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(ctx.queries).toEqual([]);
    const home = await get('/user/homepage');
    expect((await ctx.app.inject({ url: '/user/homepage', headers: { 'if-none-match': home.headers.etag as string } })).statusCode).toBe(304);
  });

  it('sends a compressed answer as a representation of its own, with a validator of its own', async () => {
    const url = `/user/category-data/${category.id}`;
    const plain = await get(url);
    const br = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    const gzip = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const tags = [plain, br, gzip].map((res) => res.headers.etag as string);
    expect(new Set(tags).size).toBe(3);
    // A cache holding any of them revalidates it; the 304 names the one it holds.
    for (const tag of tags) {
      const again = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': `"stale", ${tag}` } });
      expect(again.statusCode).toBe(304);
      expect(again.headers.etag).toBe(tag);
    }
  });

  it('shows a renamed title on the next home, category and title answer', async () => {
    await categoryData();
    await get(`/movie-name/${film.slug}`);
    await editTitle(film.id, { name: 'Lantern Bay Redux' });
    const data = await categoryData();
    expect(card(data, film.id)?.name).toBe('Lantern Bay Redux');
    expect(data.banners[0]!.link.item.name).toBe('Lantern Bay Redux');
    expect((await get(`/movie-name/${film.slug}`)).json().name).toBe('Lantern Bay Redux');
  });

  it('drops a disabled title at once and brings it back when enabled', async () => {
    await editTitle(film.id, { isEnable: false });
    const data = await categoryData();
    expect(card(data, film.id)).toBeUndefined();
    expect(data.banners).toEqual([]);
    expect((await get(`/movie-name/${film.slug}`)).statusCode).toBe(404);
    await editTitle(film.id, { isEnable: true });
    expect(card(await categoryData(), film.id)).toBeDefined();
    expect((await get(`/movie-name/${film.slug}`)).statusCode).toBe(200);
  });

  it('shows a category renamed or hidden in the console on the next homepage answer', async () => {
    expect((await get('/user/homepage')).json()).toEqual([{ _id: category.id, name: 'Home' }]);
    const listed = (await editor.get('/admin/api/categories')).json();
    const current = (Array.isArray(listed) ? listed : listed.items).find((c: { _id: string }) => c._id === category.id);
    const res = await editor.put(`/admin/api/categories/${category.id}`, { name: 'Start', isEnable: true, updatedAt: current.updatedAt });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/user/homepage')).json()).toEqual([{ _id: category.id, name: 'Start' }]);
  });

  it('shows a title made free, and new artwork, on the next answers', async () => {
    expect(card(await categoryData(), film.id)?.access).toEqual({ kind: 'rent', price: 2.99 });
    await editTitle(film.id, { isFree: true, rentPrice: null });
    expect(card(await categoryData(), film.id)).toMatchObject({ isFree: true, access: { kind: 'free' } });
    expect((await get(`/movie-name/${film.slug}`)).json().isFree).toBe(true);

    const png = await sharp({ create: { width: 1000, height: 1500, channels: 3, background: '#345' } }).png().toBuffer();
    const poster = await editor.upload(`/admin/api/titles/${film.id}/artwork/vertical`, { data: png, name: 'p.png', type: 'image/png' });
    expect(poster.statusCode, poster.body).toBe(200);
    expect(card(await categoryData(), film.id)?.verticalBanner).toBe(poster.json().verticalBanner);
    expect((await get(`/movie-name/${film.slug}`)).json().verticalBanner).toBe(poster.json().verticalBanner);
  });

  it('shows a trailer on its banner and its title page once the transcoding job marks it ready', async () => {
    expect((await categoryData()).banners[0]!.video).toBeNull();
    expect((await get(`/movie-name/${film.slug}`)).json().trailer).toBeNull();
    // What the media job does when the package is written (a change no console call makes).
    await ctx.db.update(mediaAssets).set({ status: 'ready' }).where(eq(mediaAssets.id, trailer.id));
    expect((await categoryData()).banners[0]!.video).toMatch(/videos\/t\/master\.m3u8$/);
    expect((await get(`/movie-name/${film.slug}`)).json().trailer).toMatch(/videos\/t\/master\.m3u8$/);
  });

  it("changes a signed-in viewer's badge the moment they rent or subscribe", async () => {
    const paid = await make.title({ name: 'Rentable Night', rentPriceCents: 399 });
    await make.row({ categoryId: category.id, name: 'For rent', titleIds: [paid.id] });
    const pay = billingClient(ctx);
    const viewer = await signIn(ctx, { email: 'badges@example.com' });
    const badge = async () => card(await categoryData(viewer), paid.id)?.access;
    expect(await badge()).toEqual({ kind: 'rent', price: 3.99 });
    const signedIn = await get(`/user/category-data/${category.id}`, viewer);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');

    const rentalOrder = await pay.orderId(viewer, { purpose: 'rental', type: 'Movie', movieId: paid.id });
    await pay.approve(viewer, rentalOrder);
    expect((await pay.rent(viewer, { type: 'Movie', movieId: paid.id, orderId: rentalOrder })).statusCode).toBe(200);
    expect(await badge()).toMatchObject({ kind: 'rented', expiresAt: null });
    // Anonymous viewers still see the price.
    expect(card(await categoryData(), paid.id)?.access).toEqual({ kind: 'rent', price: 3.99 });

    const plan = await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
    const other = await signIn(ctx, { email: 'subscriber@example.com' });
    const planOrder = await pay.orderId(other, { purpose: 'subscription', subscriptionId: plan.id });
    await pay.approve(other, planOrder);
    expect((await pay.buy(other, { subscriptionId: plan.id, orderId: planOrder })).statusCode).toBe(200);
    expect(card(await categoryData(other), paid.id)?.access).toEqual({ kind: 'included' });
  });
});

describe("a signed-in viewer's badges, read with the session on every answer", () => {
  const day = 24 * 60 * 60 * 1000;
  let paid: { id: string; slug: string };
  let twin: { id: string };

  beforeAll(async () => {
    paid = await make.title({ name: 'Owned Briefly', genres: ['Noir'], rentPriceCents: 499 });
    // A title like it, so its similar row shows the paid one.
    twin = await make.title({ name: 'Owned Twin', genres: ['Noir'], rentPriceCents: 199 });
    await make.row({ categoryId: category.id, name: 'Briefly', titleIds: [paid.id] });
  });

  const similarCard = async (session: Session) =>
    (await get(`/user/similar-movies/${twin.id}`, session)).json<RowItem[]>().find((item) => item._id === paid.id)?.access;
  /** The paid title's access on a category answer, a similar row and its own page. */
  const badges = async (session: Session) => ({
    category: card(await categoryData(session), paid.id)?.access?.kind,
    similar: (await similarCard(session))?.kind,
    page: (await get(`/movie-name/${paid.slug}`, session)).json().access?.kind,
  });
  const price = { category: 'rent', similar: 'rent', page: 'rent' };

  it('shows a rental while it may be watched, and the price again once it ended or was revoked', async () => {
    const viewer = await signIn(ctx, { email: 'renter-ends@example.com' });
    expect(await badges(viewer)).toEqual(price);
    const [rental] = await ctx.db.insert(rentals).values({ userId: viewer.user._id, titleId: paid.id, startBy: new Date(Date.now() + day) }).returning();
    expect(await badges(viewer)).toEqual({ category: 'rented', similar: 'rented', page: 'rented' });
    // Started, and its viewing window over.
    await ctx.db.update(rentals).set({ startedAt: new Date(Date.now() - 3 * day), expiresAt: new Date(Date.now() - 1000) }).where(eq(rentals.id, rental!.id));
    expect(await badges(viewer)).toEqual(price);
    // Never started, and its start window over.
    await ctx.db.update(rentals).set({ startedAt: null, expiresAt: null, startBy: new Date(Date.now() - 1000) }).where(eq(rentals.id, rental!.id));
    expect(await badges(viewer)).toEqual(price);
    await ctx.db.update(rentals).set({ startBy: new Date(Date.now() + day), revokedAt: new Date() }).where(eq(rentals.id, rental!.id));
    expect(await badges(viewer)).toEqual(price);
  });

  it('shows a subscription while it is in force, and the price again once it ended or was revoked', async () => {
    const viewer = await signIn(ctx, { email: 'subscriber-ends@example.com' });
    const plan = await make.plan({ title: 'Weekly', priceCents: 299, validityDays: 7 });
    const [period] = await ctx.db
      .insert(subscriptions)
      .values({ userId: viewer.user._id, planId: plan.id, startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + day) })
      .returning();
    expect(await badges(viewer)).toEqual({ category: 'included', similar: 'included', page: 'included' });
    // Anyone else still sees the price, though a subscriber's answers are kept.
    expect(await badges(await signIn(ctx, { email: 'not-subscribed@example.com' }))).toEqual(price);
    await ctx.db.update(subscriptions).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, period!.id));
    expect(await badges(viewer)).toEqual(price);
    await ctx.db.update(subscriptions).set({ endsAt: new Date(Date.now() + day), revokedAt: new Date() }).where(eq(subscriptions.id, period!.id));
    expect(await badges(viewer)).toEqual(price);
  });

  it('refuses a signed-out session on the next request: its answers are the anonymous ones', async () => {
    const viewer = await signIn(ctx, { email: 'signs-out@example.com' });
    await ctx.db.insert(rentals).values({ userId: viewer.user._id, titleId: paid.id, startBy: new Date(Date.now() + day) });
    expect((await badges(viewer)).category).toBe('rented');
    expect((await ctx.app.inject({ method: 'POST', url: '/user/logout', headers: bearer(viewer) })).statusCode).toBe(200);
    const after = await get(`/user/category-data/${category.id}`, viewer);
    expect(after.headers['cache-control']).toBe('public, no-cache');
    expect(await badges(viewer)).toEqual(price);
  });

  it('costs one statement for a category or a similar row (the session), two for a title page', async () => {
    const viewer = await signIn(ctx, { email: 'counted-badges@example.com' });
    await ctx.db.insert(rentals).values({ userId: viewer.user._id, titleId: paid.id, startBy: new Date(Date.now() + day) });
    await badges(viewer);
    await settle();
    await badges(viewer);
    const count = async (url: string) => {
      ctx.queries.length = 0;
      expect((await get(url, viewer)).statusCode).toBe(200);
      return ctx.queries.length;
    };
    expect(await count(`/user/category-data/${category.id}`)).toBe(1);
    expect(await count(`/user/similar-movies/${twin.id}`)).toBe(1);
    // The session and the profile's resume point: the title's ready videos are kept with it.
    expect(await count(`/movie-name/${paid.slug}`)).toBe(2);
    ctx.queries.length = 0;
    expect((await get(`/movie-name/${paid.slug}`)).statusCode).toBe(200);
    expect(ctx.queries).toEqual([]);
  });
});

describe('statements per home view (category list + display settings + first category)', () => {
  const homeView = async (session?: Session) => {
    ctx.queries.length = 0;
    const categories = (await get('/user/homepage', session)).json<{ _id: string }[]>();
    expect((await get('/settings/display', session)).statusCode).toBe(200);
    expect((await get(`/user/category-data/${categories[0]!._id}`, session)).statusCode).toBe(200);
    return ctx.queries.length;
  };
  /** Grows the catalogue by `count` enabled titles in one statement (the read model is reset by it). */
  const grow = (count: number, tag: string) =>
    ctx.db.execute(sql`
      insert into titles (kind, slug, name, vertical_banner, horizontal_banner, search_name, search_text, rent_price_cents)
      select 'movie', ${tag} || '-' || i, 'Grown ' || i, '/media/images/g-v.webp', '/media/images/g-h.webp', 'grown ' || i, 'grown ' || i, 299
      from generate_series(1, ${count}::int) i`);

  it('is 0 anonymous and 1 signed in (the session), the same at 1k and 100k titles', { timeout: 180_000 }, async () => {
    const viewer = await signIn(ctx, { email: 'counted@example.com' });
    const counts = [];
    for (const [size, tag] of [
      [1_000, 'small'],
      [99_000, 'large'],
    ] as const) {
      await grow(size, tag);
      // The first view after a change builds the answers; the ones after it are what viewers cost.
      // (A signed-in view also builds the top 10 of personal rows, kept for every viewer.)
      await homeView();
      await homeView(viewer);
      await settle();
      await homeView();
      await homeView(viewer);
      counts.push({ anonymous: await homeView(), signedIn: await homeView(viewer) });
    }
    expect(counts[0]!.anonymous).toBe(0);
    // The session lookup reads the subscription and rentals with it (db/viewer-access.ts).
    expect(counts[0]!.signedIn).toBe(1);
    expect(counts[1]).toEqual(counts[0]);
  });
});
