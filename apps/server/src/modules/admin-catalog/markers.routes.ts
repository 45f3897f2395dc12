import type { FastifyInstance } from 'fastify';
import { adminApi } from '@marquee/contract/admin';
import { route } from '../../lib/route';
import { actorOf } from '../audit/audit.service';
import * as markers from './markers.service';

/** A video's intro, recap and credits markers (Skip Intro, Skip Recap, the next-episode offer). */
export async function adminMarkerRoutes(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db };
  route(app, adminApi.videoMarkers, ({ params }) => markers.getMarkers(deps, params.id));
  route(app, adminApi.setVideoMarkers, ({ viewer, params, body }) => markers.setMarkers(deps, { actor: actorOf(viewer), id: params.id, markers: body }));
}
