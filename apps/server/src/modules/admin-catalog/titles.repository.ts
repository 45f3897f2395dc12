import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import { banners, episodes, genres, mediaAssets, people, titleCast, titleGenres, titles } from '../../db/schema';

export type TitleRow = typeof titles.$inferSelect;
export type EpisodeRow = typeof episodes.$inferSelect;
export type AssetStatus = (typeof mediaAssets.$inferSelect)['status'];

export interface TitleFilter {
  search?: string | undefined;
  kind?: TitleRow['kind'] | undefined;
  enabled?: boolean | undefined;
  free?: boolean | undefined;
  hasVideo?: boolean | undefined;
  partner?: boolean | undefined;
  limit: number;
  offset: number;
}

/** A page of titles by name, with the total, for the console's list. */
export async function listTitles(db: Executor, filter: TitleFilter): Promise<{ rows: TitleRow[]; total: number }> {
  const where = and(...titleConditions(filter));
  const [rows, [count]] = await Promise.all([
    db.select().from(titles).where(where).orderBy(asc(titles.searchName), asc(titles.id)).limit(filter.limit).offset(filter.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(titles).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

function titleConditions(filter: TitleFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.search) {
    const like = containsPattern(filter.search);
    conditions.push(or(ilike(titles.searchName, like), ilike(titles.slug, like))!);
  }
  if (filter.kind) conditions.push(eq(titles.kind, filter.kind));
  if (filter.enabled !== undefined) conditions.push(eq(titles.isEnable, filter.enabled));
  if (filter.free !== undefined) conditions.push(eq(titles.isFree, filter.free));
  if (filter.partner !== undefined) conditions.push(eq(titles.isThirdParty, filter.partner));
  if (filter.hasVideo !== undefined) {
    // A playable full video: the movie's, any episode's, or a partner's stream.
    const has = sql`(${titles.isThirdParty}
      or exists (select 1 from ${mediaAssets} a where a.id = ${titles.videoAssetId} and a.status = 'ready')
      or exists (select 1 from ${episodes} e join ${mediaAssets} a on a.id = e.video_asset_id where e.series_id = ${titles.id} and a.status = 'ready'))`;
    conditions.push(filter.hasVideo ? has : sql`not ${has}`);
  }
  return conditions;
}

export async function assetStatuses(db: Executor, assetIds: (string | null)[]): Promise<Map<string, AssetStatus>> {
  const ids = [...new Set(assetIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: mediaAssets.id, status: mediaAssets.status }).from(mediaAssets).where(inArray(mediaAssets.id, ids));
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** Every episode of these series, disabled ones included, in number order. */
export function episodesOfSeries(db: Executor, seriesIds: string[]): Promise<EpisodeRow[]> {
  if (seriesIds.length === 0) return Promise.resolve([]);
  return db.select().from(episodes).where(inArray(episodes.seriesId, seriesIds)).orderBy(asc(episodes.seriesId), asc(episodes.number));
}

export async function findTitle(db: Executor, id: string, options: { lock?: boolean } = {}): Promise<TitleRow | undefined> {
  const query = db.select().from(titles).where(eq(titles.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function slugTaken(db: Executor, input: { slug: string; except?: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: titles.id })
    .from(titles)
    .where(and(eq(titles.slug, input.slug), input.except ? sql`${titles.id} <> ${input.except}` : undefined));
  return row !== undefined;
}

export async function insertTitle(db: Executor, values: typeof titles.$inferInsert): Promise<TitleRow> {
  const [row] = await db.insert(titles).values(values).returning();
  return row!;
}

export async function updateTitle(db: Executor, id: string, values: Partial<typeof titles.$inferInsert>): Promise<TitleRow> {
  const [row] = await db
    .update(titles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(titles.id, id))
    .returning();
  return row!;
}

export async function genreNamesOf(db: Executor, titleId: string): Promise<string[]> {
  const rows = await db
    .select({ name: genres.name })
    .from(titleGenres)
    .innerJoin(genres, eq(genres.id, titleGenres.genreId))
    .where(eq(titleGenres.titleId, titleId))
    .orderBy(asc(genres.name));
  return rows.map((row) => row.name);
}

/** Replaces a title's genres, creating genres not seen before. */
export async function setGenres(db: Executor, input: { titleId: string; names: string[] }): Promise<void> {
  await db.delete(titleGenres).where(eq(titleGenres.titleId, input.titleId));
  if (input.names.length === 0) return;
  await db.insert(genres).values(input.names.map((name) => ({ name }))).onConflictDoNothing();
  const rows = await db.select({ id: genres.id }).from(genres).where(inArray(genres.name, input.names));
  await db.insert(titleGenres).values(rows.map((row) => ({ titleId: input.titleId, genreId: row.id })));
}

export function castOf(db: Executor, titleId: string) {
  return db
    .select({ personId: people.id, name: people.name, image: people.image, role: titleCast.role })
    .from(titleCast)
    .innerJoin(people, eq(people.id, titleCast.personId))
    .where(eq(titleCast.titleId, titleId))
    .orderBy(asc(titleCast.position));
}

/** Replaces a title's cast with people already recorded, in the given order. */
export async function setCast(db: Executor, input: { titleId: string; members: { personId: string; role: string }[] }): Promise<void> {
  await db.delete(titleCast).where(eq(titleCast.titleId, input.titleId));
  if (input.members.length === 0) return;
  await db.insert(titleCast).values(input.members.map((m, position) => ({ titleId: input.titleId, personId: m.personId, role: m.role, position })));
}

export async function existingPeople(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(people).where(inArray(people.id, ids));
}

export async function insertPerson(db: Executor, values: { name: string; image: string }) {
  const [row] = await db.insert(people).values(values).returning();
  return row!;
}

export async function findPerson(db: Executor, id: string) {
  const [row] = await db.select().from(people).where(eq(people.id, id));
  return row;
}

export async function updatePersonImage(db: Executor, input: { id: string; image: string }) {
  const [row] = await db.update(people).set({ image: input.image }).where(eq(people.id, input.id)).returning();
  return row!;
}

export function searchPeople(db: Executor, search: string) {
  const like = containsPattern(search);
  return db.select().from(people).where(ilike(people.name, like)).orderBy(asc(people.name)).limit(20);
}

/** The names of a title's cast and genres, for its search columns. */
export async function searchNamesOf(db: Executor, titleId: string): Promise<{ cast: string[]; genres: string[] }> {
  const [cast, genreNames] = await Promise.all([castOf(db, titleId), genreNamesOf(db, titleId)]);
  return { cast: cast.map((c) => c.name), genres: genreNames };
}

/** Banners copy their title's wide image: when it changes, those still showing the old one follow. */
export async function replaceBannerImage(db: Executor, input: { titleId: string; from: string; to: string }): Promise<void> {
  await db
    .update(banners)
    .set({ image: input.to, updatedAt: sql`now()` })
    .where(and(eq(banners.titleId, input.titleId), eq(banners.image, input.from)));
}
