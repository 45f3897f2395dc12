import { and, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { genres, thirdPartyFeeds, thirdPartyItems, titleGenres, titles, type FeedImportCounts, type FeedSyncProgress } from '../../db/schema';

export type FeedRecord = typeof thirdPartyFeeds.$inferSelect;
export type TitleValues = Omit<typeof titles.$inferInsert, 'id' | 'kind' | 'slug' | 'isThirdParty'>;
export type ItemValues = Omit<typeof thirdPartyItems.$inferInsert, 'titleId' | 'feedId' | 'guid'>;

/** One item as a sync writes it: a new title (an id the sync chose) or a rewrite of one it imported before. */
export interface ItemRow {
  titleId: string;
  feedId: string;
  guid: string;
  /** A rewritten item keeps the slug it has: links and watchlists keep working when a partner renames it. */
  slug: string;
  title: TitleValues;
  item: ItemValues;
}

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

/** The end of a check, good or failed: it clears the progress of the sync that made it. */
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
      syncProgress: null,
      ...(input.error === null ? { lastSyncedAt: now } : {}),
      ...(input.imported
        ? { lastImportedAt: now, etag: input.imported.etag, lastModified: input.imported.lastModified, lastCounts: input.imported.counts }
        : {}),
    })
    .where(eq(thirdPartyFeeds.id, input.feedId));
}

export async function recordProgress(db: Executor, input: { feedId: string; progress: FeedSyncProgress }): Promise<void> {
  await db.update(thirdPartyFeeds).set({ syncProgress: input.progress }).where(eq(thirdPartyFeeds.id, input.feedId));
}

/** What the sync needs to know of a feed's items it imported before. */
export function importedItems(db: Executor, feedId: string) {
  return db
    .select({
      titleId: thirdPartyItems.titleId,
      guid: thirdPartyItems.guid,
      slug: titles.slug,
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
  const rows = await db.select({ slug: titles.slug }).from(titles).where(sql`${titles.slug} = any(${sql.param(slugs)}::text[])`);
  return new Set(rows.map((r) => r.slug));
}

/**
 * Writes a batch of items, new and changed alike, in two statements (titles, then the partner
 * side): the catalogue's change notification and the search columns cost one statement a batch.
 */
export async function upsertItems(tx: Executor, rows: ItemRow[]): Promise<void> {
  if (rows.length === 0) return;
  const now = new Date();
  const title = rows.map((row) => ({ ...row.title, id: row.titleId, kind: 'movie', slug: row.slug, isThirdParty: true, updatedAt: now }));
  await insertJson(tx, { table: titles, rows: title, update: { key: 'id', keep: ['id', 'kind', 'slug', 'isThirdParty'] } });
  const item = rows.map((row) => ({ ...row.item, titleId: row.titleId, feedId: row.feedId, guid: row.guid }));
  await insertJson(tx, { table: thirdPartyItems, rows: item, update: { key: 'titleId', keep: ['titleId', 'feedId', 'guid'] } });
}

/**
 * Merges the titles' search indexes' pending entries into the indexes (GIN's fast update keeps new
 * entries in an unsorted list every search reads through): after each batch, so search stays as
 * fast while thousands of partner titles arrive. Autovacuum would do it later, and PGlite has none.
 */
export async function mergeSearchIndexes(tx: Executor): Promise<void> {
  await tx.execute(sql`select gin_clean_pending_list('titles_search_name_trgm_idx'::regclass), gin_clean_pending_list('titles_search_vector_idx'::regclass)`);
}

/** Fresh planner statistics after many rows changed: stale ones pick plans meant for a catalogue a tenth the size. */
export async function analyzeCatalogue(db: Executor): Promise<void> {
  await db.execute(sql`analyze titles, third_party_items, title_genres`);
}

/** The genres of these names, created when missing, by name. */
export async function ensureGenres(tx: Executor, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const found = await tx.select({ id: genres.id, name: genres.name }).from(genres).where(sql`${genres.name} = any(${sql.param(names)}::text[])`);
  const missing = names.filter((name) => !found.some((g) => g.name === name));
  // Only when some are missing: an insert that adds nothing still tells every server the catalogue changed.
  const added = missing.length > 0 ? await tx.insert(genres).values(missing.map((name) => ({ name }))).onConflictDoNothing().returning() : [];
  const lost = missing.filter((name) => !added.some((g) => g.name === name));
  // A genre another writer added between the two statements.
  const raced = lost.length > 0 ? await tx.select({ id: genres.id, name: genres.name }).from(genres).where(inArray(genres.name, lost)) : [];
  return new Map([...found, ...added, ...raced].map((g) => [g.name, g.id]));
}

/** Sets these titles' genres: what they had is replaced, in two statements for the whole batch. */
export async function replaceTitleGenres(tx: Executor, input: { titleIds: string[]; links: { titleId: string; genreId: string }[] }): Promise<void> {
  if (input.titleIds.length > 0) await tx.delete(titleGenres).where(sql`${titleGenres.titleId} = any(${sql.param(input.titleIds)}::uuid[])`);
  if (input.links.length > 0) await insertJson(tx, { table: titleGenres, rows: input.links });
}

/** Shows or hides these titles; returns how many changed (those already so are not rewritten). */
export async function setTitlesEnabled(db: Executor, input: { titleIds: string[]; isEnable: boolean }): Promise<number> {
  if (input.titleIds.length === 0) return 0;
  const rows = await db
    .update(titles)
    .set({ isEnable: input.isEnable, updatedAt: new Date() })
    .where(and(sql`${titles.id} = any(${sql.param(input.titleIds)}::uuid[])`, eq(titles.isEnable, !input.isEnable)))
    .returning({ id: titles.id });
  return rows.length;
}

/**
 * Disables the titles of every feed not named here (a partner taken out of the configuration)
 * and forgets its validators: if it is configured again, its feed is read in full, not a 304.
 */
export async function disableFeedsExcept(db: Executor, names: string[]): Promise<number> {
  const others = names.length > 0 ? notInArray(thirdPartyFeeds.name, names) : undefined;
  await db.update(thirdPartyFeeds).set({ etag: null, lastModified: null }).where(others);
  const retired = await db
    .select({ id: titles.id })
    .from(thirdPartyItems)
    .innerJoin(thirdPartyFeeds, eq(thirdPartyFeeds.id, thirdPartyItems.feedId))
    .innerJoin(titles, eq(titles.id, thirdPartyItems.titleId))
    .where(and(others, eq(titles.isEnable, true)));
  // Nothing to hide, no statement: an update of no row would still tell every server the catalogue changed.
  return setTitlesEnabled(db, { titleIds: retired.map((r) => r.id), isEnable: false });
}

/**
 * Inserts many rows sent as one JSON parameter, spread by `json_populate_recordset` into the
 * table's own column types. Drizzle's insert makes a parameter of every value and checks each
 * one's type: 2,000 items took 1.5 s of the event loop that way, JSON.stringify takes
 * milliseconds. Rows are keyed like the table's fields (camelCase), every row with the same keys.
 * `update`: a row whose `key` exists is updated, but for the `keep` columns; else it is left alone.
 */
async function insertJson(
  tx: Executor,
  input: { table: PgTable; rows: Record<string, unknown>[]; update?: { key: string; keep: string[] } },
): Promise<void> {
  const fields = getTableColumns(input.table);
  const keys = Object.keys(input.rows[0]!);
  const column = (key: string) => sql.identifier(fields[key]!.name);
  const columns = sql.join(keys.map(column), sql`, `);
  const { update } = input;
  const conflict = update
    ? sql`(${column(update.key)}) do update set ${sql.join(
        keys.filter((key) => !update.keep.includes(key)).map((key) => sql`${column(key)} = excluded.${column(key)}`),
        sql`, `,
      )}`
    : sql`do nothing`;
  const json = JSON.stringify(input.rows.map((row) => Object.fromEntries(keys.map((key) => [fields[key]!.name, row[key] ?? null]))));
  await tx.execute(sql`
    insert into ${input.table} (${columns})
    select ${columns} from json_populate_recordset(null::${input.table}, ${json}::json)
    on conflict ${conflict}
  `);
}
