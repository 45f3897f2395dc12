import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { banners, categories, contentRows, rowItems, titles } from '../../db/schema';

export type CategoryRow = typeof categories.$inferSelect;
export type ContentRowRecord = typeof contentRows.$inferSelect;
export type BannerRecord = typeof banners.$inferSelect;

export function listCategories(db: Executor) {
  return db
    .select({
      category: categories,
      rowCount: sql<number>`(select count(*)::int from ${contentRows} where ${contentRows.categoryId} = ${categories.id})`,
      bannerCount: sql<number>`(select count(*)::int from ${banners} where ${banners.categoryId} = ${categories.id})`,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}

export async function findCategory(db: Executor, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(categories).where(eq(categories.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Locks the whole category list (inserts and reorders of categories wait for each other). */
export async function lockCategoryList(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('marquee.categories.order'))`);
}

export async function categoryNameTaken(db: Executor, input: { name: string; except?: string }) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${input.name}) ${input.except ? sql`and ${categories.id} <> ${input.except}` : sql``}`);
  return row !== undefined;
}

export async function insertCategory(db: Executor, values: { name: string; isEnable: boolean }) {
  const [row] = await db
    .insert(categories)
    .values({ ...values, position: sql`(select coalesce(max(position), 0) + 1 from ${categories})` })
    .returning();
  return row!;
}

export async function updateCategory(db: Executor, id: string, values: { name: string; isEnable: boolean }) {
  const [row] = await db.update(categories).set({ ...values, updatedAt: sql`now()` }).where(eq(categories.id, id)).returning();
  return row!;
}

/** Positions 1..n in the given order, for categories, rows or banners. */
export async function setPositions(db: Executor, input: { table: 'categories' | 'rows' | 'banners'; ids: string[] }): Promise<void> {
  const table = { categories, rows: contentRows, banners }[input.table];
  for (const [index, id] of input.ids.entries()) {
    await db.update(table).set({ position: index + 1 }).where(eq(table.id, id));
  }
}

export function rowsOf(db: Executor, categoryId: string) {
  return db.select().from(contentRows).where(eq(contentRows.categoryId, categoryId)).orderBy(asc(contentRows.position), asc(contentRows.name));
}

/** The titles of rows (disabled ones included: the console shows them greyed), in row order. */
export async function itemsOf(db: Executor, rowIds: string[]) {
  if (rowIds.length === 0) return [];
  return db
    .select({ rowId: rowItems.rowId, title: titles })
    .from(rowItems)
    .innerJoin(titles, eq(titles.id, rowItems.titleId))
    .where(inArray(rowItems.rowId, rowIds))
    .orderBy(asc(rowItems.position));
}

export function bannersOf(db: Executor, categoryId: string) {
  return db
    .select({ banner: banners, title: titles })
    .from(banners)
    .innerJoin(titles, eq(titles.id, banners.titleId))
    .where(eq(banners.categoryId, categoryId))
    .orderBy(asc(banners.position));
}

export async function findRow(db: Executor, id: string) {
  const [row] = await db.select().from(contentRows).where(eq(contentRows.id, id)).for('update');
  return row;
}

export async function insertRow(db: Executor, values: { categoryId: string; name: string; imageType: ContentRowRecord['imageType']; isEnable: boolean }) {
  const [row] = await db
    .insert(contentRows)
    .values({ ...values, position: sql`(select coalesce(max(position), 0) + 1 from ${contentRows} where category_id = ${values.categoryId})` })
    .returning();
  return row!;
}

export async function updateRow(db: Executor, id: string, values: Partial<typeof contentRows.$inferInsert>) {
  await db.update(contentRows).set({ ...values, updatedAt: sql`now()` }).where(eq(contentRows.id, id));
}

export async function deleteRow(db: Executor, id: string) {
  await db.delete(contentRows).where(eq(contentRows.id, id));
}

export async function setRowItems(db: Executor, input: { rowId: string; titleIds: string[] }): Promise<void> {
  await db.delete(rowItems).where(eq(rowItems.rowId, input.rowId));
  if (input.titleIds.length > 0) await db.insert(rowItems).values(input.titleIds.map((titleId, position) => ({ rowId: input.rowId, titleId, position })));
}

export async function existingTitleIds(db: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.select({ id: titles.id }).from(titles).where(inArray(titles.id, ids))).map((row) => row.id);
}

export async function findBanner(db: Executor, id: string) {
  const [row] = await db.select().from(banners).where(eq(banners.id, id)).for('update');
  return row;
}

export async function insertBanner(db: Executor, values: { categoryId: string; titleId: string; origin: BannerRecord['origin']; image: string; isEnable: boolean }) {
  const [row] = await db
    .insert(banners)
    .values({ ...values, position: sql`(select coalesce(max(position), 0) + 1 from ${banners} where category_id = ${values.categoryId})` })
    .returning();
  return row!;
}

export async function updateBanner(db: Executor, id: string, values: { origin: BannerRecord['origin']; isEnable: boolean }) {
  await db.update(banners).set({ ...values, updatedAt: sql`now()` }).where(eq(banners.id, id));
}

export async function deleteBanner(db: Executor, id: string) {
  await db.delete(banners).where(eq(banners.id, id));
}
