import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles, sessions, users } from './accounts.table';
import { payments } from './billing.table';
import { episodes, titles } from './catalog.table';
import { subscriptionPlans } from './site.table';

/** A period of subscription access. Granted only by billing, from a captured payment. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The payment that granted it (billing); unique, so a payment grants at most once. */
    paymentRef: uuid('payment_ref').references(() => payments.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the viewer was told this period is about to end (sent once). */
    endReminderAt: timestamp('end_reminder_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.endsAt), uniqueIndex('subscriptions_payment_key').on(t.paymentRef)],
);

/** A rental: a window to start watching, then a shorter one once playback starts. */
export const rentals = pgTable(
  'rentals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    /** The last moment playback may start. */
    startBy: timestamp('start_by', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Set when playback starts: startedAt + the viewing window. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The payment that granted it (billing); unique, so a payment grants at most once. */
    paymentRef: uuid('payment_ref').references(() => payments.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the viewer was told this rental is about to run out (sent once). */
    expiryReminderAt: timestamp('expiry_reminder_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rentals_user_title_idx').on(t.userId, t.titleId), uniqueIndex('rentals_payment_key').on(t.paymentRef)],
);

/** Where a viewer stopped in a title (and which episode, for a series). */
export const watchProgress = pgTable(
  'watch_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    episodeId: uuid('episode_id').references(() => episodes.id, { onDelete: 'cascade' }),
    positionSeconds: integer('position_seconds').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    /** Hidden from Continue Watching by the viewer. */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.titleId] }), index('watch_progress_user_idx').on(t.userId)],
);

/**
 * A stream slot: one player (a tab, a window, an app) of a session playing a paid video. The player
 * renews it with its link (a heartbeat); a slot not renewed for a minute is free again. One per
 * player, not per session: two tabs of one browser are two streams. A player that moves to another
 * video moves its slot.
 */
export const streamSlots = pgTable(
  'stream_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The player instance, chosen by it when it appears; the session's own id for a client that names none. */
    playerId: uuid('player_id').notNull(),
    titleId: uuid('title_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    /** What the viewer would call the device, from its user agent ('Chrome on Windows'). */
    device: text('device').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('stream_slots_player_key').on(t.sessionId, t.playerId), index('stream_slots_user_idx').on(t.userId, t.renewedAt)],
);
