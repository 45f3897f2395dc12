import type { FastifyInstance } from 'fastify';
import { adminApi } from '@marquee/contract/admin';
import { route } from '../../lib/route';
import type { MediaStore } from '../../storage/storage';
import { actorOf } from '../audit/audit.service';
import * as subtitles from './subtitles.service';
import { acceptFormData } from '../../plugins/form-data';

/** The multipart form of an upload (fields and the file), or what a JSON call sent instead. */
const form = (body: unknown): subtitles.SubtitleForm => (body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined);

/** Subtitle tracks of a video uploaded in the console (WebVTT), offered to viewers without a new transcode. */
export async function adminSubtitleRoutes(app: FastifyInstance, options: { store: MediaStore }): Promise<void> {
  await acceptFormData(app);
  const deps: subtitles.SubtitleDeps = { db: app.db, store: options.store };
  route(app, adminApi.videoSubtitles, ({ params }) => subtitles.getSubtitles(deps, params.id));
  route(app, adminApi.addSubtitle, ({ viewer, params, request }) => subtitles.addSubtitle(deps, { actor: actorOf(viewer), assetId: params.id, form: form(request.body) }));
  route(app, adminApi.replaceSubtitle, ({ viewer, params, request }) =>
    subtitles.replaceSubtitle(deps, { actor: actorOf(viewer), assetId: params.id, lang: params.lang, form: form(request.body) }),
  );
  route(app, adminApi.deleteSubtitle, ({ viewer, params }) => subtitles.deleteSubtitle(deps, { actor: actorOf(viewer), assetId: params.id, lang: params.lang }));
}
