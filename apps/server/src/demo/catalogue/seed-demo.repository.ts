import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { searchColumns } from '../../lib/search-normalize';
import type { Executor } from '../../db/client';
import {
  banners,
  categories,
  contentRows,
  episodes,
  genres,
  notifications,
  people,
  rowItems,
  subscriptionPlans,
  titleCast,
  titleGenres,
  titles,
} from '../../db/schema';
import type { DemoCatalogue } from './demo-catalogue';

// Any fixed 64-bit key: it only has to differ from other advisory locks the application takes.
const seedLockKey = 7_221_993_004;

/**
 * Serialises seeding across processes until the transaction ends: two instances starting together
 * against one PostgreSQL would otherwise both find it empty and both insert.
 */
export async function lockSeeding(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
}

/** True when any category or title exists: a database with content is never seeded into. */
export async function hasCatalogueContent(db: Executor): Promise<boolean> {
  const result = await db.execute<{ present: boolean }>(
    sql`select exists (select 1 from ${categories}) or exists (select 1 from ${titles}) as present`,
  );
  return result.rows[0]?.present === true;
}

/** Every image URL the catalogue tables refer to (titles, banners, episodes, people). */
export async function referencedImageUrls(db: Executor): Promise<Set<string>> {
  const result = await db.execute<{ url: string }>(sql`
    select ${titles.verticalBanner} as url from ${titles}
    union select ${titles.horizontalBanner} from ${titles}
    union select ${banners.image} from ${banners}
    union select ${episodes.thumbnail} from ${episodes}
    union select ${people.image} from ${people}`);
  return new Set(result.rows.map((row) => row.url));
}

/** Inserts the whole catalogue with one multi-row insert per table (12 statements in all). */
export async function insertDemoCatalogue(tx: Executor, catalogue: DemoCatalogue): Promise<void> {
  // Ids are made here rather than returned by the database, so child rows can be built up front.
  const genreIds = idsFor(catalogue.genres);
  const personIds = idsFor(catalogue.people.map((person) => person.slug));
  const titleIds = idsFor(catalogue.titles.map((title) => title.slug));
  const personNames = new Map(catalogue.people.map((person) => [person.slug, person.name]));

  await tx.insert(genres).values(catalogue.genres.map((name) => ({ id: need(genreIds, name), name })));
  await tx.insert(people).values(catalogue.people.map((p) => ({ id: need(personIds, p.slug), name: p.name, image: p.image })));
  await tx.insert(titles).values(
    catalogue.titles.map((title) => ({
      id: need(titleIds, title.slug),
      kind: title.kind,
      slug: title.slug,
      name: title.name,
      description: title.description,
      language: title.language,
      releaseYear: title.releaseYear,
      durationMinutes: title.durationMinutes,
      rating: title.rating,
      ageLimit: title.ageLimit,
      isFree: title.isFree,
      rentPriceCents: title.rentPriceCents,
      isEnable: title.isEnable,
      verticalBanner: title.verticalBanner,
      horizontalBanner: title.horizontalBanner,
      ...searchColumns({
        name: title.name,
        cast: title.cast.map((member) => need(personNames, member.person)),
        genres: title.genres,
      }),
    })),
  );
  await tx.insert(titleGenres).values(
    catalogue.titles.flatMap((title) =>
      title.genres.map((genre) => ({ titleId: need(titleIds, title.slug), genreId: need(genreIds, genre) })),
    ),
  );
  await tx.insert(titleCast).values(
    catalogue.titles.flatMap((title) =>
      title.cast.map((member, position) => ({
        titleId: need(titleIds, title.slug),
        personId: need(personIds, member.person),
        role: member.role,
        position,
      })),
    ),
  );
  await tx.insert(episodes).values(
    catalogue.titles.flatMap((title) =>
      title.episodes.map((episode) => ({ seriesId: need(titleIds, title.slug), ...episode })),
    ),
  );
  await insertLayout(tx, { catalogue, titleIds });
  // Plans may exist without any catalogue (created by an operator first): keep theirs.
  await tx
    .insert(subscriptionPlans)
    .values(catalogue.plans.map((plan, position) => ({ ...plan, position })))
    .onConflictDoNothing({ target: subscriptionPlans.title });
  await insertNotifications(tx, catalogue);
}

async function insertNotifications(tx: Executor, catalogue: DemoCatalogue): Promise<void> {
  const artwork = new Map(catalogue.titles.map((title) => [title.slug, title.horizontalBanner]));
  await tx.insert(notifications).values(
    catalogue.notifications.map((n) => ({
      title: n.title,
      description: n.description,
      image: need(artwork, n.titleSlug),
      createdAt: new Date(Date.now() - n.daysAgo * 24 * 60 * 60 * 1000),
    })),
  );
}

async function insertLayout(tx: Executor, options: { catalogue: DemoCatalogue; titleIds: Map<string, string> }): Promise<void> {
  const { catalogue, titleIds } = options;
  const categoryIds = idsFor(catalogue.categories.map((category) => category.name));
  const rows = catalogue.categories.flatMap((category) =>
    category.rows.map((row) => ({ ...row, id: randomUUID(), categoryId: need(categoryIds, category.name) })),
  );
  await tx.insert(categories).values(
    catalogue.categories.map((category) => ({ id: need(categoryIds, category.name), name: category.name, position: category.position })),
  );
  await tx.insert(banners).values(
    catalogue.categories.flatMap((category) =>
      category.banners.map((banner) => ({
        categoryId: need(categoryIds, category.name),
        titleId: need(titleIds, banner.title),
        origin: banner.origin,
        image: banner.image,
        position: banner.position,
        isEnable: banner.isEnable,
      })),
    ),
  );
  await tx.insert(contentRows).values(
    rows.map((row) => ({ id: row.id, categoryId: row.categoryId, name: row.name, imageType: row.imageType, position: row.position })),
  );
  await tx.insert(rowItems).values(
    rows.flatMap((row) => row.titles.map((slug, position) => ({ rowId: row.id, titleId: need(titleIds, slug), position }))),
  );
}

function idsFor(keys: readonly string[]): Map<string, string> {
  return new Map(keys.map((key) => [key, randomUUID()]));
}

function need(map: Map<string, string>, key: string): string {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo seed: no id for '${key}'`);
  return value;
}
