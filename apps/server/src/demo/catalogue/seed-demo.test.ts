import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestContext, type TestContext } from '../../../test/test-app';
import * as schema from '../../db/schema';
import { mediaFilePath } from '../artwork/artwork-render';
import { seedDemoCatalogue } from './seed-demo';

const { banners, categories, contentRows, episodes, people, rowItems, subscriptionPlans, titles } = schema;
const extraTables = { genres: schema.genres, titleCast: schema.titleCast, titleGenres: schema.titleGenres, siteSettings: schema.siteSettings };

describe('seedDemoCatalogue', () => {
  let ctx: TestContext;
  let db: Database;
  let mediaDir: string;
  let firstRun: { seeded: boolean };

  beforeAll(async () => {
    // A fresh database: embedded, or a scratch one on the server of DATABASE_URL.
    ctx = await createTestContext();
    db = ctx.db;
    mediaDir = ctx.config.mediaDir;
    firstRun = await seedDemoCatalogue({ db, mediaDir });
    // Drawing every demo image takes about a minute alone, several on a busy machine.
  }, 300_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('seeds an empty database with movies, series, episodes and plans', async () => {
    expect(firstRun).toEqual({ seeded: true });
    const all = await db.select().from(titles);
    const movies = all.filter((t) => t.kind === 'movie');
    const series = all.filter((t) => t.kind === 'series');
    expect(movies.length).toBeGreaterThanOrEqual(30);
    expect(series.length).toBeGreaterThanOrEqual(6);
    expect(movies.filter((t) => !t.isEnable).length).toBeGreaterThanOrEqual(3);
    expect(series.filter((t) => !t.isEnable).length).toBeGreaterThanOrEqual(1);
    expect(all.filter((t) => t.isFree).length).toBeGreaterThanOrEqual(5);
    expect(all.every((t) => t.trailerAssetId === null && t.videoAssetId === null)).toBe(true);
    expect(series.map((t) => t.name)).toContain('Stranger Tides');
    expect(movies.map((t) => t.name)).toContain('Café Lumière');

    const perSeries = await db.select({ seriesId: episodes.seriesId, n: count() }).from(episodes).groupBy(episodes.seriesId);
    expect(perSeries).toHaveLength(series.length);
    for (const { n } of perSeries) expect(n).toBeGreaterThanOrEqual(4);

    const plans = await db.select().from(subscriptionPlans).orderBy(subscriptionPlans.position);
    expect(plans.map((p) => [p.title, p.priceCents, p.validityDays])).toEqual([
      ['Monthly', 999, 30],
      ['Quarterly', 2499, 90],
      ['Yearly', 8999, 365],
    ]);
  });

  it('indexes every title for search by name, cast and genre', async () => {
    const [cafe] = await db.select().from(titles).where(eq(titles.slug, 'cafe-lumiere'));
    expect(cafe?.searchName).toBe('cafe lumiere');
    expect(cafe?.searchText).toMatch(/^cafe lumiere .+ romance drama$/);
    const all = await db.select({ searchName: titles.searchName, searchText: titles.searchText }).from(titles);
    for (const title of all) expect(title.searchText.startsWith(title.searchName)).toBe(true);
  });

  it('lays out each category with banners and rows that exercise the client thresholds', async () => {
    const cats = await db.select().from(categories).orderBy(categories.position);
    expect(cats.length).toBeGreaterThanOrEqual(4);
    const items = await db
      .select({ rowId: contentRows.id, categoryId: contentRows.categoryId, imageType: contentRows.imageType, enabled: titles.isEnable })
      .from(rowItems)
      .innerJoin(contentRows, eq(rowItems.rowId, contentRows.id))
      .innerJoin(titles, eq(rowItems.titleId, titles.id));
    const allBanners = await db.select({ banner: banners, titleEnabled: titles.isEnable }).from(banners).innerJoin(titles, eq(banners.titleId, titles.id));
    const arrowsAbove = { Vertical: 5, Horizontal: 4, 'Long Horizontal': 1 } as const;

    for (const category of cats) {
      const rows = groupRows(items.filter((item) => item.categoryId === category.id));
      expect(rows.length, category.name).toBeGreaterThanOrEqual(4);
      for (const type of ['Vertical', 'Horizontal', 'Long Horizontal'] as const) {
        const widest = Math.max(0, ...rows.filter((row) => row.imageType === type).map((row) => row.enabled));
        expect(widest, `${category.name} ${type}`).toBeGreaterThan(arrowsAbove[type]);
      }
      expect(rows.some((row) => row.enabled > 5), `${category.name} View All`).toBe(true);
      expect(rows.some((row) => row.enabled >= 3 && row.enabled <= 5), `${category.name} short row`).toBe(true);
      const own = allBanners.filter(({ banner }) => banner.categoryId === category.id);
      expect(own.length, category.name).toBeGreaterThanOrEqual(3);
      expect(own.length, category.name).toBeLessThanOrEqual(5);
    }
    expect(items.some((item) => !item.enabled)).toBe(true);
    expect(allBanners.some(({ banner }) => !banner.isEnable)).toBe(true);
    expect(allBanners.some(({ titleEnabled }) => !titleEnabled)).toBe(true);
    expect(new Set(allBanners.map(({ banner }) => banner.origin))).toEqual(new Set(['Image', 'Video']));
  });

  it('writes every referenced image as WebP of the right shape', async () => {
    const images = await imagesByShape(db);
    expect(images.length).toBeGreaterThan(150);
    for (const { url, ratio } of images) {
      const metadata = await sharp(mediaFilePath({ mediaDir, url })).metadata();
      expect(metadata.format, url).toBe('webp');
      expect(metadata.width / metadata.height, url).toBeCloseTo(ratio, 2);
    }
  });

  it('leaves a database with content untouched on the next run', async () => {
    const before = await tableCounts(db);
    const poster = mediaFilePath({ mediaDir, url: '/media/images/demo/titles/stranger-tides-poster.webp' });
    const modifiedBefore = (await stat(poster)).mtimeMs;

    expect(await seedDemoCatalogue({ db, mediaDir })).toEqual({ seeded: false });

    expect(await tableCounts(db)).toEqual(before);
    expect((await stat(poster)).mtimeMs).toBe(modifiedBefore);
  });

  it('redraws demo images that went missing from the media directory', async () => {
    const poster = mediaFilePath({ mediaDir, url: '/media/images/demo/titles/cafe-lumiere-poster.webp' });
    await rm(poster);
    await rm(join(mediaDir, 'images', 'demo', 'people'), { recursive: true });

    expect(await seedDemoCatalogue({ db, mediaDir })).toEqual({ seeded: false });

    expect((await sharp(poster).metadata()).width).toBe(440);
    const portraits = await db.select({ image: people.image }).from(people);
    for (const { image } of portraits) await expect(stat(mediaFilePath({ mediaDir, url: image }))).resolves.toBeTruthy();
  });

  it('broadcasts a few notifications with artwork', async () => {
    const rows = await db.select().from(schema.notifications);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((n) => n.userId === null && n.image.startsWith('/media/images/'))).toBe(true);
  });
});

function groupRows(items: Array<{ rowId: string; imageType: string; enabled: boolean }>) {
  const rows = new Map<string, { imageType: string; enabled: number }>();
  for (const item of items) {
    const row = rows.get(item.rowId) ?? { imageType: item.imageType, enabled: 0 };
    if (item.enabled) row.enabled++;
    rows.set(item.rowId, row);
  }
  return [...rows.values()];
}

/** Each stored image URL with the aspect ratio its column promises. */
async function imagesByShape(db: Database): Promise<Array<{ url: string; ratio: number }>> {
  const [allTitles, allBanners, allEpisodes, allPeople] = await Promise.all([
    db.select({ vertical: titles.verticalBanner, horizontal: titles.horizontalBanner }).from(titles),
    db.select({ image: banners.image }).from(banners),
    db.select({ thumbnail: episodes.thumbnail }).from(episodes),
    db.select({ image: people.image }).from(people),
  ]);
  return [
    ...allTitles.flatMap((t) => [
      { url: t.vertical, ratio: 11 / 16 },
      { url: t.horizontal, ratio: 16 / 9 },
    ]),
    ...allBanners.map((b) => ({ url: b.image, ratio: 16 / 9 })),
    ...allEpisodes.map((e) => ({ url: e.thumbnail, ratio: 16 / 9 })),
    ...allPeople.map((p) => ({ url: p.image, ratio: 1 })),
  ];
}

async function tableCounts(db: Database): Promise<Record<string, number>> {
  const tables = { banners, categories, contentRows, episodes, people, rowItems, subscriptionPlans, titles, ...extraTables };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}
