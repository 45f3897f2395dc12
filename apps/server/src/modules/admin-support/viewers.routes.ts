import type { FastifyInstance } from 'fastify';
import { adminApi } from '@marquee/contract/admin';
import { route } from '../../lib/route';
import * as viewers from './viewers.service';

export async function supportViewerRoutes(app: FastifyInstance, options: { idleMs: number }): Promise<void> {
  const deps: viewers.SupportDeps = { db: app.db, idleMs: options.idleMs, now: () => new Date() };
  route(app, adminApi.viewers, ({ query }) => viewers.searchViewers(app.db, query));
  route(app, adminApi.viewer, ({ params }) => viewers.viewerAccount(deps, params.id));
  route(app, adminApi.signOutViewer, ({ viewer, params, body }) => viewers.signOutEverywhere(deps, { viewer, id: params.id, reason: body.reason }));
  route(app, adminApi.signOutSession, ({ viewer, params, body }) =>
    viewers.signOutSession(deps, { viewer, id: params.id, sessionId: params.sessionId, reason: body.reason }),
  );
  route(app, adminApi.suspendViewer, ({ viewer, params, body }) => viewers.setSuspension(deps, { viewer, id: params.id, ...body }));
}
