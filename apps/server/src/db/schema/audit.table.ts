import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.table';

/**
 * Every change made in the console: who, when, what, and the entity before and after. Rows are only
 * ever inserted; the actor's email is copied so an entry still names them after their account goes.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_entries_created_idx').on(t.createdAt.desc()),
    index('audit_entries_entity_idx').on(t.entityType, t.entityId, t.createdAt.desc()),
    index('audit_entries_actor_idx').on(t.actorId, t.createdAt.desc()),
  ],
);
