import type { AuditEntry } from '@marquee/contract/admin';
import type { Executor } from '../../db/client';
import type { Viewer } from '../auth/auth.service';
import * as repo from './audit.repository';

/** The operator who made a change, as the audit log records them. */
export interface Actor {
  id: string;
  email: string;
  name: string;
}

export const actorOf = (viewer: Viewer): Actor => ({ id: viewer.user.id, email: viewer.user.email, name: viewer.user.name });

export interface AuditInput {
  actor: Actor;
  /** `<entity>.<verb>`, e.g. 'title.update'. */
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  before?: object | null;
  after?: object | null;
  reason?: string;
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so a change and its
 * entry are saved together or not at all.
 */
export async function recordAudit(db: Executor, input: AuditInput): Promise<void> {
  await repo.insertAuditEntry(db, {
    actorId: input.actor.id,
    actorEmail: input.actor.email,
    actorName: input.actor.name,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId,
    summary: input.summary,
    before: jsonSnapshot(input.before),
    after: jsonSnapshot(input.after),
    reason: input.reason ?? '',
  });
}

export async function listAudit(
  db: Executor,
  query: Omit<repo.AuditFilter, 'limit' | 'offset'> & { page: number; pageSize: number },
): Promise<{ items: AuditEntry[]; total: number; page: number; pageSize: number }> {
  const { page, pageSize, ...filter } = query;
  const { rows, total } = await repo.listAuditEntries(db, { ...filter, limit: pageSize, offset: (page - 1) * pageSize });
  return {
    items: rows.map((row) => ({
      _id: row.id,
      at: row.createdAt.toISOString(),
      actor: { _id: row.actorId, email: row.actorEmail, name: row.actorName },
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      summary: row.summary,
      before: row.before ?? null,
      after: row.after ?? null,
      reason: row.reason,
    })),
    total,
    page,
    pageSize,
  };
}

/** Dates become ISO strings and undefined fields disappear, as they will when read back. */
function jsonSnapshot(value: object | null | undefined): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}
