import type { FastifyInstance } from 'fastify';
import { adminApi } from '@marquee/contract/admin';
import { route } from '../../lib/route';
import { actorOf } from '../audit/audit.service';
import { retryTranscode, transcodeOf } from '../ingest/attach.service';
import { attachUpload, type UploadDeps } from './uploads.service';

/** Attaching uploads to titles and episodes, and following (or retrying) their transcode. */
export async function videoRoutes(app: FastifyInstance, deps: UploadDeps): Promise<void> {
  route(app, adminApi.attachUpload, ({ viewer, body }) => attachUpload(deps, { ...body, actor: actorOf(viewer) }));
  route(app, adminApi.videoTranscode, ({ params }) => transcodeOf(deps.db, params.id));
  route(app, adminApi.retryTranscode, ({ viewer, params }) => retryTranscode(deps.db, { assetId: params.id, actor: actorOf(viewer) }));
}
