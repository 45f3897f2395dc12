import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditEntries } from '../../db/schema';

export type AuditRecord = typeof auditEntries.$inferSelect;

export async function insertAuditEntry(db: Executor, values: typeof auditEntries.$inferInsert): Promise<void> {
  await db.insert(auditEntries).values(values);
}

export interface AuditFilter {
  entityType?: string | undefined;
  entityId?: string | undefined;
  actorId?: string | undefined;
  action?: string | undefined;
  limit: number;
  offset: number;
}

/** Newest first, with the total for paging. */
export async function listAuditEntries(db: Executor, filter: AuditFilter): Promise<{ rows: AuditRecord[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.entityType) conditions.push(eq(auditEntries.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(auditEntries.entityId, filter.entityId));
  if (filter.actorId) conditions.push(eq(auditEntries.actorId, filter.actorId));
  if (filter.action) conditions.push(eq(auditEntries.action, filter.action));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db.select().from(auditEntries).where(where).orderBy(desc(auditEntries.createdAt), desc(auditEntries.id)).limit(filter.limit).offset(filter.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditEntries).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
