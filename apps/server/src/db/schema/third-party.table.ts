import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { titles } from './catalog.table';

export interface PartnerCredit {
  id: string;
  name: string;
  role: string;
  image: string;
}

export interface FeedImportCounts {
  added: number;
  updated: number;
  unchanged: number;
  disabled: number;
  skipped: number;
  /** Items that could not be written (logged); absent in counts recorded before it was counted. */
  failed?: number;
  /** How long the import took, start of the fetch to the last write. */
  seconds?: number;
}

/** A sync under way: written with each batch, cleared when the sync ends, however it ends. */
export interface FeedSyncProgress {
  /** Items of the feed dealt with so far (unchanged ones count at once), of `total`. */
  processed: number;
  total: number;
  startedAt: string;
  /** The last batch's time: a progress nobody has moved for long is a sync that died with its process. */
  updatedAt: string;
}

/** A partner's Media RSS feed, with the validators of its last good response (conditional GET). */
export const thirdPartyFeeds = pgTable('third_party_feeds', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The name given in THIRD_PARTY_FEEDS; also the prefix of its titles' slugs. */
  name: text('name').notNull().unique(),
  url: text('url').notNull(),
  etag: text('etag'),
  lastModified: text('last_modified'),
  lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
  lastImportedAt: timestamp('last_imported_at', { withTimezone: true }),
  /** The last check that did not fail (imported, or not modified since the one before). */
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  /** What the last import did to the feed's titles; null until one ran. */
  lastCounts: jsonb('last_counts').$type<FeedImportCounts>(),
  /** Why the last sync failed; null after a good one. */
  lastError: text('last_error'),
  /** The sync running now, or null. */
  syncProgress: jsonb('sync_progress').$type<FeedSyncProgress>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The partner side of a third-party title: the row in `titles` carries what every page shows
 * (name, artwork, isEnable, isFree); this carries what only the feed knows.
 */
export const thirdPartyItems = pgTable(
  'third_party_items',
  {
    titleId: uuid('title_id')
      .primaryKey()
      .references(() => titles.id, { onDelete: 'cascade' }),
    feedId: uuid('feed_id')
      .notNull()
      .references(() => thirdPartyFeeds.id, { onDelete: 'cascade' }),
    guid: text('guid').notNull(),
    /** The partner's stream (HLS or MP4), given only to entitled viewers. */
    mediaUrl: text('media_url').notNull(),
    mediaType: text('media_type').notNull(),
    /** The partner's public trailer, if the feed names one. */
    trailerUrl: text('trailer_url'),
    /** The feed's media:category values: the collections (rows) the title appears in. */
    collections: text('collections').array().notNull().default([]),
    /** media:credit entries, each with the portrait we drew for it. */
    credits: jsonb('credits').$type<PartnerCredit[]>().notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The thumbnail URLs the stored artwork was made from: unchanged URLs are not fetched again. */
    artworkSource: text('artwork_source').notNull().default(''),
    /** Hash of the item as last imported: an unchanged item is not rewritten on the next sync. */
    contentHash: text('content_hash').notNull().default(''),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('third_party_items_feed_guid_key').on(t.feedId, t.guid), index('third_party_items_published_idx').on(t.feedId, t.publishedAt)],
);
