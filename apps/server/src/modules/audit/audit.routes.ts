import type { FastifyInstance } from 'fastify';
import { adminApi } from '@marquee/contract/admin';
import { route } from '../../lib/route';
import { listAudit } from './audit.service';

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  route(app, adminApi.audit, ({ query }) => listAudit(app.db, query));
}
