import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { mediaAssets } from './media.table';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const contentKind = pgEnum('content_kind', ['movie', 'series']);
export const imageType = pgEnum('image_type', ['Vertical', 'Horizontal', 'Long Horizontal']);
export const bannerOrigin = pgEnum('banner_origin', ['Image', 'Video']);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  position: integer('position').notNull().default(0),
  isEnable: boolean('is_enable').notNull().default(true),
  ...timestamps,
});

/**
 * Movies and series share one table (decision 002): rows, banners, search, similar titles and
 * entitlement all address "a title", and kind-specific columns are few.
 */
export const titles = pgTable(
  'titles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: contentKind('kind').notNull(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').notNull().default('English'),
    releaseYear: integer('release_year'),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    ageLimit: integer('age_limit').notNull().default(0),
    isFree: boolean('is_free').notNull().default(false),
    isEnable: boolean('is_enable').notNull().default(true),
    /** A partner's title from a third-party feed (decision 004): kept out of the main catalogue's pages. */
    isThirdParty: boolean('is_third_party').notNull().default(false),
    /** Rental price in USD cents; null when the title is not for rent. */
    rentPriceCents: integer('rent_price_cents'),
    verticalBanner: text('vertical_banner').notNull(),
    horizontalBanner: text('horizontal_banner').notNull(),
    /** The trailer (public). */
    trailerAssetId: uuid('trailer_asset_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
    /** The full movie (private: signed URLs only). */
    videoAssetId: uuid('video_asset_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
    /** Lowercased, accent-free name, kept by the application (see search.repository). */
    searchName: text('search_name').notNull(),
    /** searchName plus cast and genre names, for full-text and trigram matching. */
    searchText: text('search_text').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    ...timestamps,
  },
  (t) => [
    check('titles_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('titles_rating_range', sql`${t.rating} between 0 and 5`),
    check('titles_rent_price_positive', sql`${t.rentPriceCents} > 0`),
    index('titles_kind_enabled_idx').on(t.kind, t.isEnable),
    index('titles_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('titles_search_vector_idx').using('gin', t.searchVector),
  ],
);

export const episodes = pgTable(
  'episodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    thumbnail: text('thumbnail').notNull(),
    videoAssetId: uuid('video_asset_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
    isEnable: boolean('is_enable').notNull().default(true),
    ...timestamps,
  },
  (t) => [unique('episodes_series_number_key').on(t.seriesId, t.number)],
);

export const genres = pgTable('genres', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

export const titleGenres = pgTable(
  'title_genres',
  {
    titleId: uuid('title_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    genreId: uuid('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.titleId, t.genreId] }), index('title_genres_genre_idx').on(t.genreId)],
);

export const people = pgTable('people', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  image: text('image').notNull(),
});

export const titleCast = pgTable(
  'title_cast',
  {
    titleId: uuid('title_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.titleId, t.personId] })],
);

export const banners = pgTable(
  'banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    origin: bannerOrigin('origin').notNull().default('Image'),
    image: text('image').notNull(),
    position: integer('position').notNull().default(0),
    isEnable: boolean('is_enable').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('banners_category_idx').on(t.categoryId, t.position)],
);

/** A content row of a category ('subcategory' in the API, behaviour.md §3). */
export const contentRows = pgTable(
  'content_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageType: imageType('image_type').notNull().default('Horizontal'),
    position: integer('position').notNull().default(0),
    isEnable: boolean('is_enable').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('content_rows_category_idx').on(t.categoryId, t.position)],
);

export const rowItems = pgTable(
  'row_items',
  {
    rowId: uuid('row_id')
      .notNull()
      .references(() => contentRows.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.rowId, t.titleId] }), index('row_items_title_idx').on(t.titleId)],
);
