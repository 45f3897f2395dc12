import { and, eq, sql } from 'drizzle-orm';
import { cardColumns, cardSelect, fromRow, toCard, type RowOf } from '../../db/card-projection';
import type { Executor } from '../../db/client';
import { thirdPartyFeeds, thirdPartyItems, titles, type PartnerCredit } from '../../db/schema';

export type TitleRecord = typeof titles.$inferSelect;

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
