import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlOf, contentTypeOf, refersToSiblings } from '../../storage/content-types';
import type { HotMediaFiles } from '../../storage/hot-media-files';
import { sendLocalFile } from '../../storage/local-file-reply';
import type { MediaStorage } from '../../storage/storage';
import { ForbiddenError } from '../../lib/domain-errors';
import { sendProblem } from '../../plugins/errors';
import { authorizeMedia, KEPT_DECISION_SECONDS, type MediaAccessDeps } from './media-access.service';

/** A presigned URL is a bearer link to one object, followed at once: a minute is plenty. */
const PRESIGNED_MAX_SECONDS = 60;

/**
 * Full-content media: served only when authorizeMedia allows the signed request. A bad, expired
 * or revoked link is 403 whether or not the file exists, so links reveal nothing.
 */
export async function streamRoutes(app: FastifyInstance, options: MediaAccessDeps & StoredMedia): Promise<void> {
  app.get('/media/s/:expiry/:session/:sig/:assetId/*', { schema: { hide: true } }, async (request, reply) => {
    const decision = await authorizeMedia(app.db, options, request.params);
    if (!decision.allowed) {
      if (decision.status === 403) throw new ForbiddenError(decision.detail);
      return sendProblem(reply, { status: decision.status, detail: decision.detail });
    }
    const expiresAt = new Date(Math.min(decision.expiresAt.getTime(), Date.now() + PRESIGNED_MAX_SECONDS * 1000));
    return sendStored(request, reply, { ...options, key: decision.key, expiresAt, mayKeep: decision.mayKeep });
  });
}

interface StoredMedia {
  storage: MediaStorage;
  /** Local files kept in memory (MEDIA_MEMORY_CACHE_MB). */
  hot: HotMediaFiles;
  accelRedirect?: string | undefined;
}

/**
 * Local storage: the file itself, with Range and ETag (hot files from memory). Object storage:
 * playlists (and WebVTT tracks, which name their thumbnail sprite) are read and answered here,
 * because a client resolves their relative URIs against the URL it finally loaded them from; after
 * a redirect that would be the bare object URL, and every segment would go to the bucket unsigned.
 * Answered here, segments resolve back to this signed route, which then redirects each one to a
 * presigned URL expiring no later than our own signature (and within a minute), so revocation
 * bounds it too; behind nginx (MEDIA_ACCEL_REDIRECT) that presigned URL goes to nginx instead,
 * which fetches and caches it.
 */
async function sendStored(request: FastifyRequest, reply: FastifyReply, input: StoredMedia & { key: string; expiresAt: Date; mayKeep: boolean }) {
  const { storage, key } = input;
  if (storage.localRoot) {
    const cacheControl = cacheControlOf(key, 'private');
    reply.header('cache-control', cacheControl);
    // Behind nginx (MEDIA_ACCEL_REDIRECT): the link is checked, so nginx sends the file itself. nginx
    // keeps this yes for the link's other segments as long as X-Accel-Expires says: not at all when
    // a profile switch could stop the title, so no kept yes outlives one.
    if (input.accelRedirect) {
      const keep = input.mayKeep ? KEPT_DECISION_SECONDS : 0;
      return reply.withoutSecurityHeaders().header('x-accel-redirect', `${input.accelRedirect}${key}`).header('x-accel-expires', keep).type(contentTypeOf(key)).send('');
    }
    return sendLocalFile(request, reply, { root: storage.localRoot, key, cacheControl, hot: input.hot });
  }
  if (refersToSiblings(key)) {
    const body = await storage.read(key);
    if (!body) return sendProblem(reply, { status: 404, detail: 'No such file' });
    reply.header('cache-control', cacheControlOf(key, 'private'));
    return reply.type(contentTypeOf(key)).send(body);
  }
  const url = await storage.directUrl(key, { expiresAt: input.expiresAt });
  if (input.accelRedirect) {
    // Behind nginx: it fetches the object with the presigned path and query and keeps it in its
    // own cache (deploy/nginx), so viewers load segments from the site, not the bucket.
    const { pathname, search } = new URL(url!);
    return reply.withoutSecurityHeaders().header('x-accel-redirect', `${input.accelRedirect}${pathname.slice(1)}${search}`).type(contentTypeOf(key)).send('');
  }
  // A cached redirect would outlive the presigned URL it points to.
  return reply.header('cache-control', 'no-store').redirect(url!, 302);
}
