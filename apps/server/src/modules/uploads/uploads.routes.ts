import type { IncomingMessage } from 'node:http';
import { Server, type ServerOptions } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '@marquee/contract/admin';
import { actorOf, type Actor } from '../audit/audit.service';
import { checkFinishedUpload, type UploadDeps } from './uploads.service';

export const UPLOADS_PATH = '/admin/api/uploads';

/** Upload names are the store's random hex ids; anything else is no upload of ours. */
const UPLOAD_NAME = /^[0-9a-f]{32}$/;

/**
 * Resumable uploads of source videos (the tus protocol, https://tus.io): POST creates an upload,
 * HEAD tells how much arrived, PATCH sends the rest from there, DELETE abandons it. Every request,
 * each PATCH of a resumed upload included, needs an editor's or an admin's session. Once the last
 * byte arrives, ffprobe reads the file and a non-video is deleted and refused (415).
 */
export async function uploadRoutes(app: FastifyInstance, options: UploadDeps & { maxBytes: number }): Promise<void> {
  const { uploads } = options;
  const actors = new WeakMap<IncomingMessage, Actor>();
  const actorOfRequest = (req: Parameters<NonNullable<ServerOptions['onUploadFinish']>>[0]) => {
    const raw = req.runtime?.node?.req;
    const actor = raw && actors.get(raw as IncomingMessage);
    if (!actor) throw new Error('tus request without a checked operator');
    return actor;
  };
  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: uploads.datastore,
    maxSize: options.maxBytes,
    generateUrl: (_req, { path, id }) => `${path}/${uploads.nameOf(id)}`,
    getFileIdFromRequest: (_req, name) => (name && UPLOAD_NAME.test(name) ? uploads.idOf(name) : undefined),
    namingFunction: () => uploads.idOf(crypto.randomUUID().replaceAll('-', '')),
    onUploadCreate: async (req, upload) => ({ metadata: { ...upload.metadata, uploadedBy: actorOfRequest(req).id } }),
    onUploadFinish: async (req, upload) => {
      await checkFinishedUpload(options, { upload, actor: actorOfRequest(req) });
      return {};
    },
    onResponseError: (_req, error) => {
      if ('status_code' in error) return undefined;
      app.log.error({ err: error }, 'upload failed');
      return { status_code: 500, body: 'The upload could not be stored; try again.\n' };
    },
  });

  // The body of a PATCH is the file's bytes, read by tus as a stream: no parser may buffer it.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = await request.viewer();
    actors.set(request.raw, actorOf(viewer!));
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const onRequest = app.requireRole(can.editCatalog);
  for (const url of [UPLOADS_PATH, `${UPLOADS_PATH}/:name`]) {
    app.route({ method: ['POST', 'HEAD', 'PATCH', 'DELETE'], url, onRequest, handler: handle, schema: { hide: true } });
  }
}
