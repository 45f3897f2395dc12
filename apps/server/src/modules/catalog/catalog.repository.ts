import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ContentKind } from '@marquee/contract';
import { cardColumns } from '../../db/card-projection';
import type { Executor } from '../../db/client';
import {
  banners,
  categories,
  contentRows,
  episodes,
  genres,
  people,
  rowItems,
  titleCast,
  titleGenres,
  titles,
} from '../../db/schema';

export type TitleRecord = typeof titles.$inferSelect;
export type EpisodeRecord = typeof episodes.$inferSelect;
export type GenreRecord = { titleId: string; id: string; name: string };


export function listEnabledCategories(db: Executor) {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.isEnable, true))
    .orderBy(asc(categories.position), asc(categories.name));
}

export async function findEnabledCategory(db: Executor, id: string) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.isEnable, true)));
  return row;
}

/** Enabled banners of a category whose title is enabled too. */
export function listBanners(db: Executor, categoryId: string) {
  return db
    .select({
      id: banners.id,
      origin: banners.origin,
      image: banners.image,
      trailerAssetId: titles.trailerAssetId,
      titleId: titles.id,
      kind: titles.kind,
      name: titles.name,
      slug: titles.slug,
    })
    .from(banners)
    .innerJoin(titles, eq(titles.id, banners.titleId))
    .where(and(eq(banners.categoryId, categoryId), eq(banners.isEnable, true), eq(titles.isEnable, true)))
    .orderBy(asc(banners.position));
}

export function listRows(db: Executor, categoryId: string) {
  return db
    .select({ id: contentRows.id, name: contentRows.name, imageType: contentRows.imageType })
    .from(contentRows)
    .where(and(eq(contentRows.categoryId, categoryId), eq(contentRows.isEnable, true)))
    .orderBy(asc(contentRows.position), asc(contentRows.name));
}

/** The enabled titles of several rows at once, in row order. */
export function listRowItems(db: Executor, rowIds: string[]) {
  if (rowIds.length === 0) return Promise.resolve([]);
  return db
    .select({ rowId: rowItems.rowId, ...cardColumns })
    .from(rowItems)
    .innerJoin(titles, eq(titles.id, rowItems.titleId))
    .where(and(inArray(rowItems.rowId, rowIds), eq(titles.isEnable, true)))
    .orderBy(asc(rowItems.position), asc(titles.name));
}

export async function genresOf(db: Executor, titleIds: string[]): Promise<GenreRecord[]> {
  if (titleIds.length === 0) return [];
  return db
    .select({ titleId: titleGenres.titleId, id: genres.id, name: genres.name })
    .from(titleGenres)
    .innerJoin(genres, eq(genres.id, titleGenres.genreId))
    .where(inArray(titleGenres.titleId, [...new Set(titleIds)]))
    .orderBy(asc(genres.name));
}

export async function findEnabledTitle(db: Executor, where: { kind?: ContentKind; slug?: string; id?: string }) {
  const key = where.id !== undefined ? eq(titles.id, where.id) : eq(titles.slug, where.slug ?? '');
  // A kind means a main-catalogue page (/movie, /series); partner titles have their own (/third-party).
  const kind = where.kind ? and(eq(titles.kind, where.kind), eq(titles.isThirdParty, false)) : undefined;
  const [row] = await db
    .select()
    .from(titles)
    .where(and(key, kind, eq(titles.isEnable, true)));
  return row;
}

export function enabledCardsByIds(db: Executor, titleIds: string[]) {
  return db
    .select(cardColumns)
    .from(titles)
    .where(and(inArray(titles.id, [...new Set(titleIds)]), eq(titles.isEnable, true)));
}

export function castOf(db: Executor, titleId: string) {
  return db
    .select({ id: people.id, name: people.name, image: people.image, role: titleCast.role })
    .from(titleCast)
    .innerJoin(people, eq(people.id, titleCast.personId))
    .where(eq(titleCast.titleId, titleId))
    .orderBy(asc(titleCast.position), asc(people.name));
}

export function episodesOf(db: Executor, seriesId: string) {
  return db
    .select()
    .from(episodes)
    .where(and(eq(episodes.seriesId, seriesId), eq(episodes.isEnable, true)))
    .orderBy(asc(episodes.number));
}

/** Enabled titles of the same kind ranked by how many genres they share with the given one. */
export function similarTitles(db: Executor, input: { kind: ContentKind; titleId: string; limit: number }) {
  const shared = sql<number>`count(*)::int`;
  const source = alias(titleGenres, 'source');
  return db
    .select({ ...cardColumns, shared })
    .from(titleGenres)
    .innerJoin(source, and(eq(source.genreId, titleGenres.genreId), eq(source.titleId, input.titleId)))
    .innerJoin(titles, eq(titles.id, titleGenres.titleId))
    .where(and(eq(titles.kind, input.kind), eq(titles.isEnable, true), eq(titles.isThirdParty, false), ne(titles.id, input.titleId)))
    .groupBy(titles.id)
    .orderBy(desc(shared), sql`${titles.rating} desc nulls last`, asc(titles.name))
    .limit(input.limit);
}

/** Every enabled title's age limit, for filtering answers built for everyone down to a limited profile. */
export function enabledAgeLimits(db: Executor) {
  return db.select({ id: titles.id, ageLimit: titles.ageLimit }).from(titles).where(eq(titles.isEnable, true));
}
