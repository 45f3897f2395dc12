import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.table';

export const subscriptionPlans = pgTable('subscription_plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull().unique(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  validityDays: integer('validity_days').notNull(),
  position: integer('position').notNull().default(0),
  isEnable: boolean('is_enable').notNull().default(true),
  /** How many videos a subscriber on this plan may play at the same time. */
  maxStreams: integer('max_streams').notNull().default(2),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessageStatus = pgEnum('contact_message_status', ['new', 'read', 'answered']);

/** Messages from the public contact form; support reads and answers them in the console. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    message: text('message').notNull(),
    status: contactMessageStatus('status').notNull().default('new'),
    readAt: timestamp('read_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredById: uuid('answered_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Copied, so the answer still names its operator after their account goes. */
    answeredByEmail: text('answered_by_email'),
    answeredByName: text('answered_by_name'),
    answerNote: text('answer_note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_status_idx').on(t.status, t.createdAt.desc())],
);

/** Operator-editable display settings (key → JSON value). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
