import type { FastifyInstance } from 'fastify';
import { adminApi } from '@marquee/contract/admin';
import { route } from '../../lib/route';
import { actorOf } from '../audit/audit.service';
import * as jobs from './jobs.service';

/** The jobs page: every job of the queue, with retry and cancel. */
export async function adminJobRoutes(app: FastifyInstance): Promise<void> {
  route(app, adminApi.jobs, ({ query }) => jobs.listJobs(app.db, query));
  route(app, adminApi.retryJob, ({ viewer, params }) => jobs.retryJob(app.db, { id: params.id, actor: actorOf(viewer) }));
  route(app, adminApi.cancelJob, ({ viewer, params }) => jobs.cancelJob(app.db, { id: params.id, actor: actorOf(viewer) }));
}
