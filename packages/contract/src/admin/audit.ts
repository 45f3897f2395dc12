import { z } from 'zod';
import { id } from '../common';
import { adminEndpoint, can } from './access';
import { pageOf, pageQuery } from './paging';

/** A value as it was before or after a change (a row's fields, a list of ids...). */
const snapshot = z.record(z.string(), z.unknown()).nullable();

export const auditEntry = z.object({
  _id: id,
  /** ISO timestamp. */
  at: z.string(),
  actor: z.object({ _id: id.nullable(), email: z.string(), name: z.string() }),
  /** What was done, as `<entity>.<verb>`: 'title.update', 'payment.refund', 'user.role'. */
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** One line an operator can read: "Renamed 'Night Harbour' to 'Night Harbor'". */
  summary: z.string(),
  before: snapshot,
  after: snapshot,
  /** Why, when the operator had to say (refunds, manual grants, role changes). */
  reason: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.object({
  entityType: z.string().max(40).optional(),
  entityId: z.string().max(80).optional(),
  actorId: id.optional(),
  action: z.string().max(60).optional(),
  ...pageQuery,
});

export const auditEndpoints = {
  audit: adminEndpoint({
    method: 'GET',
    path: '/admin/api/audit',
    summary: 'The audit log: who changed what, when, before and after; newest first',
    tags: ['admin: audit'],
    roles: can.administer,
    query: auditQuery,
    response: pageOf(auditEntry),
  }),
};
