import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.table';
import { titles } from './catalog.table';
import { subscriptionPlans } from './site.table';

export const paymentProvider = pgEnum('payment_provider', ['sandbox', 'paypal']);
export const paymentPurpose = pgEnum('payment_purpose', ['subscription', 'rental']);
/**
 * created → captured → granted, with pending (capture not yet settled), declined, failed (the
 * capture did not match what we asked for) and revoked (refund or dispute) on the side.
 */
export const paymentStatus = pgEnum('payment_status', ['created', 'pending', 'captured', 'granted', 'declined', 'failed', 'revoked']);

/** One provider order, priced from our database, and what it buys. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: paymentProvider('provider').notNull(),
    /** The provider's order id: what the page approves and sends back. */
    providerOrderId: text('provider_order_id').notNull(),
    purpose: paymentPurpose('purpose').notNull(),
    planId: uuid('plan_id').references(() => subscriptionPlans.id),
    titleId: uuid('title_id').references(() => titles.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: paymentStatus('status').notNull().default('created'),
    /** Set once; unique, so one capture can never back two grants. */
    captureId: text('capture_id'),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_order_key').on(t.provider, t.providerOrderId),
    uniqueIndex('payments_capture_key').on(t.provider, t.captureId),
    index('payments_user_idx').on(t.userId, t.createdAt),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'payments_purpose_target',
      sql`(${t.purpose} = 'subscription' and ${t.planId} is not null) or (${t.purpose} = 'rental' and ${t.titleId} is not null)`,
    ),
  ],
);

/** Append-only: every order, approval, capture, grant and revocation, as it happened. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.createdAt)],
);

/** Provider webhook deliveries, keyed on the provider's event id so a redelivery is acted on once. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

/** The built-in sandbox provider's own orders (it keeps its state where every server process sees it). */
export const sandboxOrders = pgTable('sandbox_orders', {
  id: text('id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  /** CREATED → APPROVED → COMPLETED, or DECLINED by the declining card; REFUNDED afterwards. */
  status: text('status').notNull().default('CREATED'),
  /** The declining card was chosen: the capture is declined. */
  declined: boolean('declined').notNull().default(false),
  captureId: text('capture_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
