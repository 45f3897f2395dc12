import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TitleInput } from '@marquee/contract/admin';
import { artworkVariantUrl } from '@marquee/contract/artwork';
import { auditEntries, titles } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';
import { asStaff, consoleEnv, staffSessions, type Sessions } from '../../../test/staff';

let ctx: TestContext;
let s: Sessions;
let editor: ReturnType<typeof asStaff>;
beforeAll(async () => {
  ctx = await createTestContext(consoleEnv);
  s = await staffSessions(ctx);
  editor = asStaff(ctx, s.editor);
});
afterAll(() => ctx.close());

const movie: TitleInput = {
  kind: 'movie',
  name: 'Glass Orchard',
  slug: 'glass-orchard',
  description: 'A gardener grows a forest of glass.',
  genres: ['Drama', 'Fantasy'],
  cast: [{ name: 'Ines Marlowe', role: 'The Gardener' }],
  language: 'French',
  releaseYear: 2024,
  durationMinutes: 104,
  ageLimit: 12,
  rating: 4.5,
  isFree: false,
  rentPrice: 3.99,
  isEnable: false,
};
const counts = async () => ({ titles: (await ctx.db.select().from(titles)).length, audit: (await ctx.db.select().from(auditEntries)).length });

describe('titles in the console', () => {
  it('creates a movie with every field; viewers see it only once it is published', async () => {
    const created = await editor.post('/admin/api/titles', movie);
    expect(created.statusCode).toBe(200);
    const title = created.json();
    expect(title).toMatchObject({ name: 'Glass Orchard', isEnable: false, rentPrice: 3.99, genres: ['Drama', 'Fantasy'], video: 'none', trailer: 'none' });
    expect(title.cast).toEqual([expect.objectContaining({ name: 'Ines Marlowe', role: 'The Gardener', image: expect.stringMatching(/^\/media\//) })]);
    expect((await ctx.app.inject(title.verticalBanner)).statusCode).toBe(200);
    expect((await ctx.app.inject('/movie-name/glass-orchard')).statusCode).toBe(404);

    const published = await editor.put(`/admin/api/titles/${title._id}`, { ...movie, isEnable: true, updatedAt: title.updatedAt });
    expect(published.statusCode).toBe(200);
    const page = (await ctx.app.inject('/movie-name/glass-orchard')).json();
    expect(page).toMatchObject({ name: 'Glass Orchard', language: 'French', releaseYear: 2024, duration: 104, ageLimit: 12, rating: 4.5, rentPrice: 3.99 });
    expect(page.cast[0]).toMatchObject({ name: 'Ines Marlowe', role: 'The Gardener' });
    // Search follows: by name, with a typo, and by a cast member.
    expect((await ctx.app.inject('/search/glass%20orch')).json().movies.map((m: { slug: string }) => m.slug)).toContain('glass-orchard');
    expect((await ctx.app.inject('/search/marlowe')).json().movies.map((m: { slug: string }) => m.slug)).toContain('glass-orchard');

    const audit = (await asStaff(ctx, s.admin).get(`/admin/api/audit?entityType=title&entityId=${title._id}`)).json();
    expect(audit.items.map((e: { action: string }) => e.action)).toEqual(['title.update', 'title.create']);
    expect(audit.items[0]).toMatchObject({ actor: { email: 'editor@staff.test' }, before: { isEnable: false }, after: { isEnable: true } });
  });

  it('refuses an edit made from a stale copy, and changes nothing', async () => {
    const [title] = (await editor.get('/admin/api/titles?search=glass')).json().items;
    const first = await editor.put(`/admin/api/titles/${title._id}`, { ...movie, isEnable: true, name: 'Glass Orchard (Director’s Cut)', updatedAt: title.updatedAt });
    expect(first.statusCode).toBe(200);
    const before = await counts();
    const stale = await editor.put(`/admin/api/titles/${title._id}`, { ...movie, isEnable: true, name: 'Overwritten', updatedAt: title.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    expect((await editor.get(`/admin/api/titles/${title._id}`)).json().name).toBe('Glass Orchard (Director’s Cut)');
    expect(await counts()).toEqual(before);
  });

  it('refuses a slug already taken, beside the slug field, creating nothing', async () => {
    const before = await counts();
    const res = await editor.post('/admin/api/titles', { ...movie, name: 'Another Orchard' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ path: 'body.slug', message: "The slug 'glass-orchard' is already used by another title" }]);
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ name: '' }, 'body.name'],
    [{ slug: 'Not A Slug' }, 'body.slug'],
    [{ rating: 7 }, 'body.rating'],
    [{ releaseYear: 1700 }, 'body.releaseYear'],
    [{ rentPrice: 3.999 }, 'body.rentPrice'],
    [{ ageLimit: -1 }, 'body.ageLimit'],
    [{ kind: 'podcast' }, 'body.kind'],
    [{ cast: [{ name: 'No Role', role: '' }] }, 'body.cast.0.role'],
    [{ isFree: true, rentPrice: 2 }, 'body.rentPrice'],
  ])('refuses %j with a message on %s, creating nothing', async (change, path) => {
    const before = await counts();
    const res = await editor.post('/admin/api/titles', { ...movie, slug: 'never-made', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await counts()).toEqual(before);
  });

  it('tells watchlisters when a title is made free', async () => {
    const made = await fixtures(ctx.db).title({ name: 'Paid Dawn', rentPriceCents: 299 });
    const fan = await signIn(ctx, { email: 'fan@example.com' });
    await ctx.app.inject({ method: 'PUT', url: '/user/watchlist', headers: bearer(fan), payload: { id: made.id, type: 'movie' } });
    const current = (await editor.get(`/admin/api/titles/${made.id}`)).json();
    const res = await editor.put(`/admin/api/titles/${made.id}`, { ...current, genres: [], cast: [], isFree: true, rentPrice: null, updatedAt: current.updatedAt });
    expect(res.statusCode).toBe(200);
    const inbox = (await ctx.app.inject({ url: '/user/notification', headers: bearer(fan) })).json();
    expect(inbox[0]).toMatchObject({ title: 'Paid Dawn is now free' });
    expect((await ctx.app.inject({ url: '/movie-name/' + made.slug, headers: bearer(fan) })).json().access).toEqual({ kind: 'free' });
  });

  it('lists with search, filters and paging', async () => {
    const make = fixtures(ctx.db);
    await make.title({ kind: 'series', name: 'Filter Series', isFree: true });
    await make.title({ name: 'Filter Hidden', isEnable: false });
    const list = (query: string) => editor.get(`/admin/api/titles?${query}`).then((r) => r.json());
    expect((await list('search=filter&kind=series')).items.map((t: { name: string }) => t.name)).toEqual(['Filter Series']);
    expect((await list('search=filter&enabled=false')).items.map((t: { name: string }) => t.name)).toEqual(['Filter Hidden']);
    expect((await list('free=true&search=filter')).items).toHaveLength(1);
    expect((await list('hasVideo=true&search=filter')).items).toHaveLength(0);
    const paged = await list('pageSize=2&page=2');
    expect(paged).toMatchObject({ page: 2, pageSize: 2 });
    expect(paged.total).toBeGreaterThanOrEqual(4);
    expect((await editor.get('/admin/api/titles?kind=podcast')).statusCode).toBe(400);
  });

  it('keeps partner titles to their feed', async () => {
    const partner = await fixtures(ctx.db).title({ name: 'Partner Film' });
    await ctx.db.update(titles).set({ isThirdParty: true });
    const current = (await editor.get(`/admin/api/titles/${partner.id}`)).json();
    const res = await editor.put(`/admin/api/titles/${partner.id}`, { ...current, genres: [], cast: [], updatedAt: current.updatedAt });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/feed/);
    await ctx.db.update(titles).set({ isThirdParty: false });
  });
});

describe('artwork', () => {
  const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#aa3355' } }).png().toBuffer();

  it('re-encodes a poster and a wide banner to the catalogue shapes, and viewers get them', async () => {
    const [title] = (await editor.get('/admin/api/titles?search=glass')).json().items;
    const poster = await editor.upload(`/admin/api/titles/${title._id}/artwork/vertical`, { data: await png(1000, 1500), name: 'p.png', type: 'image/png' });
    expect(poster.statusCode).toBe(200);
    const wide = await editor.upload(`/admin/api/titles/${title._id}/artwork/horizontal`, { data: await png(1920, 1080), name: 'w.png', type: 'image/png' });
    const after = wide.json();
    for (const [url, size] of [[after.verticalBanner, [440, 640]], [after.horizontalBanner, [1280, 720]]] as const) {
      const served = await ctx.app.inject(url);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', ...size]);
    }
    expect((await ctx.app.inject('/movie-name/glass-orchard')).json().horizontalBanner).toBe(after.horizontalBanner);
    // Its smaller sizes, made once at upload, for the pages' srcset.
    for (const [width, format] of [[320, 'avif'], [640, 'webp'], [960, 'avif']] as const) {
      const served = await ctx.app.inject(artworkVariantUrl(after.horizontalBanner, width, format));
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(`image/${format}`);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([width, (width * 9) / 16]);
    }
  });

  it('refuses a file that is not an image, changing nothing', async () => {
    const [title] = (await editor.get('/admin/api/titles?search=glass')).json().items;
    const before = await counts();
    const res = await editor.upload(`/admin/api/titles/${title._id}/artwork/vertical`, { data: Buffer.from('not a picture'), name: 'p.png', type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'body.image' });
    expect((await editor.get(`/admin/api/titles/${title._id}`)).json().verticalBanner).toBe(title.verticalBanner);
    expect(await counts()).toEqual(before);
    expect((await asStaff(ctx, s.support).upload(`/admin/api/titles/${title._id}/artwork/vertical`, { data: await png(10, 10), name: 'p.png', type: 'image/png' })).statusCode).toBe(403);
  });

  it("uploads a cast member's photo", async () => {
    const people = (await editor.get('/admin/api/people?search=marlowe')).json();
    expect(people).toHaveLength(1);
    const res = await editor.upload(`/admin/api/people/${people[0]._id}/photo`, { data: await png(600, 800), name: 'ines.png', type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const page = (await ctx.app.inject('/movie-name/glass-orchard')).json();
    expect(page.cast[0].image).toBe(res.json().image);
  });
});
