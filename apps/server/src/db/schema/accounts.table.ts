import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { titles } from './catalog.table';

export const userRole = pgEnum('user_role', ['viewer', 'admin', 'editor', 'support']);
/** Where a role came from: the default, ADMIN_EMAILS at sign-in ('config'), or an admin in the console. */
export const roleSource = pgEnum('role_source', ['default', 'config', 'console']);

/** A viewer, keyed on the identity provider's issuer + subject, never on email alone. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    dob: date('dob', { mode: 'string' }),
    role: userRole('role').notNull().default('viewer'),
    roleSource: roleSource('role_source').notNull().default('default'),
    /** The household PIN (scrypt, like a password): leaves a kids profile, opens a profile that needs it. */
    pinHash: text('pin_hash'),
    /** Set by support while the account is suspended: it cannot sign in, and its sessions are ended. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('users_issuer_subject_key').on(t.issuer, t.subject), index('users_email_idx').on(t.email)],
);

/**
 * Who is watching on an account (at most five). Watchlist, progress, notifications' read state
 * and remembered languages belong to a profile; subscriptions, rentals and payments to the account.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    isKids: boolean('is_kids').notNull().default(false),
    /** The highest age limit this profile may watch; null: no limit. */
    maxAgeRating: integer('max_age_rating'),
    /** Opening this profile asks for the account's PIN. */
    requiresPin: boolean('requires_pin').notNull().default(false),
    audioLanguage: text('audio_language'),
    subtitleLanguage: text('subtitle_language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its age limit was last set (made, or edited to limit it): a switch to it waits out media decisions kept since. */
    limitedAt: timestamp('limited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profiles_user_idx').on(t.userId, t.createdAt), check('profiles_max_age_rating_range', sql`${t.maxAgeRating} between 0 and 21`)],
);

/** Opaque bearer sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The profile chosen on this session (server-side, never trusted from the client); null: not chosen yet. */
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Whether the session may use the account's staff role where sign-in proves nothing by itself
     * (the development issuer on a production-mode site: config `staffNeedsKey`); read only there.
     */
    staffRights: boolean('staff_rights').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Nonces issued for ID-token requests; consumed when a session is created from one. */
export const loginNonces = pgTable('login_nonces', {
  nonceHash: text('nonce_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/**
 * The fixed-window counters of earlier releases: no longer written (rateLimitLogs replaced them),
 * kept while servers of those releases may still run, and emptied by the retention job.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Rate limits without Redis: per key, the times of the last admitted hits (at most the limit's
 * number, oldest first), so at most that many fall in any window (docs/decisions/009).
 * `lastAt` and `admitted` are the last call's time and outcome, read back by the same statement.
 */
export const rateLimitLogs = pgTable('rate_limit_logs', {
  key: text('key').primaryKey(),
  hits: timestamp('hits', { withTimezone: true }).array().notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  admitted: boolean('admitted').notNull(),
});

export const watchlistEntries = pgTable(
  'watchlist_entries',
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.titleId] }), index('watchlist_entries_user_idx').on(t.userId)],
);

export const notificationAudience = pgEnum('notification_audience', ['viewer', 'subscribers', 'everyone']);

/**
 * A notification an operator sent from the console: one row per send, whatever its audience; the
 * notifications it made point back to it. The idempotency key makes a repeated send a no-op.
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: uuid('idempotency_key').notNull().unique(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    audience: notificationAudience('audience').notNull(),
    /** The email the operator gave, for the `viewer` audience. */
    email: text('email'),
    /** How many accounts got it. */
    accounts: integer('accounts').notNull().default(0),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderEmail: text('sender_email').notNull(),
    senderName: text('sender_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_sends_created_idx').on(t.createdAt.desc())],
);

/** A notification for one viewer, or for everyone when `userId` is null. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    image: text('image').notNull().default(''),
    /** The console send that made it; null for the ones the site sends by itself. */
    sendId: uuid('send_id').references(() => notificationSends.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt.desc()), index('notifications_broadcast_idx').on(t.createdAt.desc()).where(sql`${t.userId} is null`)],
);

export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.profileId] })],
);
