import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { cardColumns, cardSelect, fromRow, toCard, type RowOf } from '../../db/card-projection';
import type { Executor } from '../../db/client';
import { genres, thirdPartyFeeds, thirdPartyItems, titleGenres, titles, type FeedImportCounts, type PartnerCredit } from '../../db/schema';

export type FeedRecord = typeof thirdPartyFeeds.$inferSelect;
export type TitleRecord = typeof titles.$inferSelect;

/** The feed's row, created on first sight; a changed URL forgets the old URL's validators. */
export async function upsertFeed(db: Executor, input: { name: string; url: string }): Promise<FeedRecord> {
  const [row] = await db
    .insert(thirdPartyFeeds)
    .values(input)
    .onConflictDoUpdate({
      target: thirdPartyFeeds.name,
      set: {
        url: input.url,
        etag: sql`case when ${thirdPartyFeeds.url} = ${input.url} then ${thirdPartyFeeds.etag} end`,
        lastModified: sql`case when ${thirdPartyFeeds.url} = ${input.url} then ${thirdPartyFeeds.lastModified} end`,
      },
    })
    .returning();
  return row!;
}

export async function recordFeedCheck(
  db: Executor,
  input: { feedId: string; error: string | null; imported?: { etag: string | null; lastModified: string | null; counts: FeedImportCounts } },
): Promise<void> {
  const now = new Date();
  await db
    .update(thirdPartyFeeds)
    .set({
      lastCheckedAt: now,
      lastError: input.error,
      ...(input.error === null ? { lastSyncedAt: now } : {}),
      ...(input.imported
        ? { lastImportedAt: now, etag: input.imported.etag, lastModified: input.imported.lastModified, lastCounts: input.imported.counts }
        : {}),
    })
    .where(eq(thirdPartyFeeds.id, input.feedId));
}

/** What the sync needs to know of a feed's items it imported before. */
export function importedItems(db: Executor, feedId: string) {
  return db
    .select({
      titleId: thirdPartyItems.titleId,
      guid: thirdPartyItems.guid,
      contentHash: thirdPartyItems.contentHash,
      artworkSource: thirdPartyItems.artworkSource,
      verticalBanner: titles.verticalBanner,
      horizontalBanner: titles.horizontalBanner,
      isEnable: titles.isEnable,
    })
    .from(thirdPartyItems)
    .innerJoin(titles, eq(titles.id, thirdPartyItems.titleId))
    .where(eq(thirdPartyItems.feedId, feedId));
}

/** Of these slugs, the ones any title already uses. */
export async function takenSlugs(db: Executor, slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await db.select({ slug: titles.slug }).from(titles).where(inArray(titles.slug, slugs));
  return new Set(rows.map((r) => r.slug));
}

export type TitleValues = Omit<typeof titles.$inferInsert, 'id' | 'kind' | 'slug' | 'isThirdParty'>;
export type ItemValues = Omit<typeof thirdPartyItems.$inferInsert, 'titleId' | 'feedId' | 'guid'>;

export async function insertItem(tx: Executor, input: { feedId: string; guid: string; slug: string; title: TitleValues; item: ItemValues }) {
  const [title] = await tx
    .insert(titles)
    .values({ ...input.title, kind: 'movie', slug: input.slug, isThirdParty: true })
    .returning({ id: titles.id });
  await tx.insert(thirdPartyItems).values({ ...input.item, titleId: title!.id, feedId: input.feedId, guid: input.guid });
  return title!.id;
}

/** Rewrites an item; its slug stays, so links and watchlists keep working when a partner renames it. */
export async function updateItem(tx: Executor, input: { titleId: string; title: TitleValues; item: ItemValues }): Promise<void> {
  await tx.update(titles).set({ ...input.title, updatedAt: new Date() }).where(eq(titles.id, input.titleId));
  await tx.update(thirdPartyItems).set(input.item).where(eq(thirdPartyItems.titleId, input.titleId));
}

/** Marks items present in the feed as seen and enabled (they may have come back). */
export async function markSeen(tx: Executor, input: { titleIds: string[] }): Promise<void> {
  if (input.titleIds.length === 0) return;
  await tx.update(thirdPartyItems).set({ lastSeenAt: new Date() }).where(inArray(thirdPartyItems.titleId, input.titleIds));
  await tx.update(titles).set({ isEnable: true }).where(and(inArray(titles.id, input.titleIds), eq(titles.isEnable, false)));
}

/** Disables (never deletes) the feed's titles that are no longer in it; returns how many. */
export async function disableMissing(tx: Executor, input: { feedId: string; presentTitleIds: string[] }): Promise<number> {
  const ofFeed = tx.select({ id: thirdPartyItems.titleId }).from(thirdPartyItems).where(eq(thirdPartyItems.feedId, input.feedId));
  const rows = await tx
    .update(titles)
    .set({ isEnable: false, updatedAt: new Date() })
    .where(
      and(
        inArray(titles.id, ofFeed),
        eq(titles.isEnable, true),
        input.presentTitleIds.length > 0 ? notInArray(titles.id, input.presentTitleIds) : undefined,
      ),
    )
    .returning({ id: titles.id });
  return rows.length;
}

/**
 * Disables the titles of every feed not named here (a partner taken out of the configuration)
 * and forgets its validators: if it is configured again, its feed is read in full, not a 304.
 */
export async function disableFeedsExcept(db: Executor, names: string[]): Promise<number> {
  await db
    .update(thirdPartyFeeds)
    .set({ etag: null, lastModified: null })
    .where(names.length > 0 ? notInArray(thirdPartyFeeds.name, names) : undefined);
  const retired = db
    .select({ id: thirdPartyItems.titleId })
    .from(thirdPartyItems)
    .innerJoin(thirdPartyFeeds, eq(thirdPartyFeeds.id, thirdPartyItems.feedId))
    .where(names.length > 0 ? notInArray(thirdPartyFeeds.name, names) : undefined);
  const rows = await db
    .update(titles)
    .set({ isEnable: false, updatedAt: new Date() })
    .where(and(inArray(titles.id, retired), eq(titles.isEnable, true)))
    .returning({ id: titles.id });
  return rows.length;
}

/** Sets a title's genres to these names, creating the genres that do not exist yet. */
export async function setGenres(tx: Executor, input: { titleId: string; names: string[] }): Promise<void> {
  await tx.delete(titleGenres).where(eq(titleGenres.titleId, input.titleId));
  if (input.names.length === 0) return;
  await tx.insert(genres).values(input.names.map((name) => ({ name }))).onConflictDoNothing();
  const ids = await tx.select({ id: genres.id }).from(genres).where(inArray(genres.name, input.names));
  await tx.insert(titleGenres).values(ids.map((g) => ({ titleId: input.titleId, genreId: g.id })));
}

/** What a partner card adds to the card projection, from the feed's item. */
const partnerColumns = {
  collections: thirdPartyItems.collections,
  publishedAt: thirdPartyItems.publishedAt,
  trailerUrl: thirdPartyItems.trailerUrl,
};
const partnerCardColumns = { ...cardColumns, ...partnerColumns };
export type PartnerCard = RowOf<typeof partnerCardColumns>;

/** Enabled partner titles, newest first. */
export function newestCards(db: Executor, limit: number): Promise<PartnerCard[]> {
  return db
    .select(partnerCardColumns)
    .from(thirdPartyItems)
    .innerJoin(titles, eq(titles.id, thirdPartyItems.titleId))
    .where(eq(titles.isEnable, true))
    .orderBy(sql`${thirdPartyItems.publishedAt} desc nulls last`, titles.name)
    .limit(limit);
}

/**
 * Each collection's newest enabled titles (at most `perCollection`), collections with the most
 * titles first: one query however many collections and items there are.
 */
export async function collectionCards(db: Executor, perCollection: number): Promise<(PartnerCard & { collection: string })[]> {
  const result = await db.execute<{ collection: string }>(sql`
    with entries as (
      select c.collection, ${cardSelect('t')},
             i.collections, i.published_at as "publishedAt", i.trailer_url as "trailerUrl",
             row_number() over (partition by c.collection order by i.published_at desc nulls last, t.name) as place,
             count(*) over (partition by c.collection) as size
      from third_party_items i
      join titles t on t.id = i.title_id
      cross join lateral unnest(i.collections) as c(collection)
      where t.is_enable
    )
    select * from entries where place <= ${perCollection}
    order by size desc, collection, place
  `);
  return result.rows.map((row) => ({ ...toCard(row), ...fromRow(partnerColumns, row), collection: row.collection }));
}

export async function findEnabledBySlug(db: Executor, slug: string) {
  const [row] = await db
    .select({ title: titles, item: thirdPartyItems })
    .from(thirdPartyItems)
    .innerJoin(titles, eq(titles.id, thirdPartyItems.titleId))
    .where(and(eq(titles.slug, slug), eq(titles.isEnable, true)));
  return row;
}

export async function findEnabledById(db: Executor, titleId: string) {
  const [row] = await db
    .select({ feedId: thirdPartyItems.feedId, collections: thirdPartyItems.collections })
    .from(thirdPartyItems)
    .innerJoin(titles, eq(titles.id, thirdPartyItems.titleId))
    .where(and(eq(titles.id, titleId), eq(titles.isEnable, true)));
  return row;
}

/** Enabled titles of the same partner, those sharing the most collections first, then the newest. */
export function similarCards(db: Executor, input: { titleId: string; feedId: string; collections: string[]; limit: number }) {
  const shared = sql<number>`cardinality(array(select unnest(${thirdPartyItems.collections}) intersect select unnest(${sql.param(input.collections)}::text[])))`;
  return db
    .select({ ...cardColumns, shared })
    .from(thirdPartyItems)
    .innerJoin(titles, eq(titles.id, thirdPartyItems.titleId))
    .where(and(eq(thirdPartyItems.feedId, input.feedId), eq(titles.isEnable, true), sql`${titles.id} <> ${input.titleId}`))
    .orderBy(sql`${shared} desc`, sql`${thirdPartyItems.publishedAt} desc nulls last`, titles.name)
    .limit(input.limit);
}

export type { PartnerCredit };

/** Every feed's row with how many of its titles viewers can see now, for the console. */
export function feedsWithTitleCounts(db: Executor) {
  return db
    .select({ feed: thirdPartyFeeds, titles: sql<number>`(count(${titles.id}) filter (where ${titles.isEnable}))::int` })
    .from(thirdPartyFeeds)
    .leftJoin(thirdPartyItems, eq(thirdPartyItems.feedId, thirdPartyFeeds.id))
    .leftJoin(titles, eq(titles.id, thirdPartyItems.titleId))
    .groupBy(thirdPartyFeeds.id)
    .orderBy(thirdPartyFeeds.name);
}
