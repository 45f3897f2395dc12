import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { ContentKind, ImageType } from '@marquee/contract';
import type { Database } from '../src/db/client';
import {
  banners,
  categories,
  contentRows,
  episodes,
  genres,
  mediaAssets,
  people,
  rowItems,
  subscriptionPlans,
  titleCast,
  titleGenres,
  titles,
} from '../src/db/schema';
import { searchColumns } from '../src/lib/search-normalize';

/** Small builders for test data; each returns the inserted row. */
export function fixtures(db: Database) {
  const genreIds = new Map<string, string>();
  let counter = 0;

  async function genreId(name: string): Promise<string> {
    const known = genreIds.get(name);
    if (known) return known;
    const [row] = await db.insert(genres).values({ name }).returning();
    genreIds.set(name, row!.id);
    return row!.id;
  }

  return {
    async category(input: { name?: string; position?: number; isEnable?: boolean } = {}) {
      counter += 1;
      const [row] = await db
        .insert(categories)
        .values({ name: input.name ?? `Category ${counter}`, position: input.position ?? counter, isEnable: input.isEnable ?? true })
        .returning();
      return row!;
    },

    async title(
      input: {
        kind?: ContentKind;
        name?: string;
        slug?: string;
        genres?: string[];
        cast?: { name: string; role: string }[];
        isEnable?: boolean;
        isFree?: boolean;
        /** Rental price in cents; unset: not for rent. */
        rentPriceCents?: number;
        rating?: number;
        trailerAssetId?: string;
        videoAssetId?: string;
        description?: string;
        ageLimit?: number;
      } = {},
    ) {
      counter += 1;
      const name = input.name ?? `Title ${counter}`;
      const cast = input.cast ?? [];
      const genreNames = input.genres ?? [];
      const [row] = await db
        .insert(titles)
        .values({
          kind: input.kind ?? 'movie',
          name,
          slug: input.slug ?? `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${counter}`,
          description: input.description ?? `${name}: a story told in fixtures.`,
          releaseYear: 2020,
          durationMinutes: 100,
          rating: input.rating ?? 4,
          ageLimit: input.ageLimit ?? 13,
          isFree: input.isFree ?? false,
          rentPriceCents: input.rentPriceCents ?? null,
          isEnable: input.isEnable ?? true,
          trailerAssetId: input.trailerAssetId ?? null,
          videoAssetId: input.videoAssetId ?? null,
          verticalBanner: `/media/images/${counter}-v.webp`,
          horizontalBanner: `/media/images/${counter}-h.webp`,
          ...searchColumns({ name, cast: cast.map((c) => c.name), genres: genreNames }),
        })
        .returning();
      const title = row!;
      for (const g of genreNames) {
        await db.insert(titleGenres).values({ titleId: title.id, genreId: await genreId(g) });
      }
      for (const [position, member] of cast.entries()) {
        const [person] = await db.insert(people).values({ name: member.name, image: '/media/images/p.webp' }).returning();
        await db.insert(titleCast).values({ titleId: title.id, personId: person!.id, role: member.role, position });
      }
      return title;
    },

    async episode(input: { seriesId: string; number: number; isEnable?: boolean; videoAssetId?: string }) {
      const [row] = await db
        .insert(episodes)
        .values({
          seriesId: input.seriesId,
          number: input.number,
          name: `Episode ${input.number}`,
          thumbnail: `/media/images/e${input.number}.webp`,
          durationMinutes: 45,
          isEnable: input.isEnable ?? true,
          videoAssetId: input.videoAssetId ?? null,
        })
        .returning();
      return row!;
    },

    async row(input: { categoryId: string; titleIds: string[]; name?: string; imageType?: ImageType; position?: number; isEnable?: boolean }) {
      counter += 1;
      const [row] = await db
        .insert(contentRows)
        .values({
          categoryId: input.categoryId,
          name: input.name ?? `Row ${counter}`,
          imageType: input.imageType ?? 'Horizontal',
          position: input.position ?? counter,
          isEnable: input.isEnable ?? true,
        })
        .returning();
      if (input.titleIds.length > 0) {
        await db.insert(rowItems).values(input.titleIds.map((titleId, position) => ({ rowId: row!.id, titleId, position })));
      }
      return row!;
    },

    async banner(input: { categoryId: string; titleId: string; origin?: 'Image' | 'Video'; isEnable?: boolean; position?: number }) {
      const [row] = await db
        .insert(banners)
        .values({
          categoryId: input.categoryId,
          titleId: input.titleId,
          origin: input.origin ?? 'Image',
          image: '/media/images/banner.webp',
          isEnable: input.isEnable ?? true,
          position: input.position ?? 0,
        })
        .returning();
      return row!;
    },

    async plan(input: { title: string; priceCents: number; validityDays: number; isEnable?: boolean; position?: number; maxStreams?: number }) {
      const [row] = await db.insert(subscriptionPlans).values(input).returning();
      return row!;
    },
  };
}

/** A ready media asset with a tiny fake HLS package on disk (public: trailer; private: full video). */
export async function mediaAsset(ctx: { db: Database; config: { mediaDir: string; privateMediaDir: string } }, access: 'public' | 'private') {
  const [asset] = await ctx.db
    .insert(mediaAssets)
    .values({ access, status: 'ready', sourceKey: 'sources/x.mp4', storagePrefix: 'pending', thumbnailsKey: 'thumbnails.vtt' })
    .returning();
  const prefix = `videos/${asset!.id}`;
  await ctx.db.update(mediaAssets).set({ storagePrefix: prefix }).where(eq(mediaAssets.id, asset!.id));
  const dir = join(access === 'public' ? ctx.config.mediaDir : ctx.config.privateMediaDir, prefix);
  await mkdir(join(dir, '360p'), { recursive: true });
  await writeFile(join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\n360p/index.m3u8\n');
  await writeFile(join(dir, '360p', 'segment0.m4s'), Buffer.alloc(10_000, 7));
  return { ...asset!, storagePrefix: prefix };
}
