import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { cacheControlOf, contentTypeOf, isPlaylist, refersToSiblings } from '../../storage/content-types';
import type { MediaStorage } from '../../storage/storage';
import type { UrlSigner } from '../../storage/url-signer';
import { ForbiddenError } from '../../lib/domain-errors';
import { sendProblem } from '../../plugins/errors';
import { startRentalClock } from './entitlement.service';

const signedParams = z.object({
  expiry: z.coerce.number().int(),
  viewer: z.string().max(64),
  sig: z.string().max(100),
  assetId: z.uuid(),
  '*': z.string().max(200),
});

/** A file inside an asset's package: letters, digits, dots, dashes, underscores and folders; no `..`. */
const SAFE_FILE = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(m3u8|m4s|mp4|ts|vtt|jpg|webp)$/;

/** A presigned URL is a bearer link to one object: short-lived, so a leaked one is worth little. */
const PRESIGNED_MAX_SECONDS = 300;

/**
 * Full-content media: served only under a valid, unexpired signature for that asset. A bad or
 * expired signature is 403 whether or not the file exists, so links reveal nothing.
 */
export async function streamRoutes(app: FastifyInstance, options: { signer: UrlSigner; storage: MediaStorage }): Promise<void> {
  app.get('/media/s/:expiry/:viewer/:sig/:assetId/*', { schema: { hide: true } }, async (request, reply) => {
    const parsed = signedParams.safeParse(request.params);
    if (!parsed.success || !options.signer.verify(parsed.data)) {
      throw new ForbiddenError('This playback link is invalid or has expired');
    }
    const file = parsed.data['*'];
    if (!SAFE_FILE.test(file)) return sendProblem(reply, { status: 404, detail: 'No such file' });
    if (isPlaylist(file) && file !== 'master.m3u8') {
      await startRentalClock(app.db, { viewer: parsed.data.viewer, assetId: parsed.data.assetId });
    }
    const key = `videos/${parsed.data.assetId}/${file}`;
    const expiresAt = new Date(Math.min(parsed.data.expiry * 1000, Date.now() + PRESIGNED_MAX_SECONDS * 1000));
    return sendStored(reply, { storage: options.storage, key, expiresAt });
  });
}

/**
 * Local storage: the file itself, with Range and ETag. Object storage: playlists (and WebVTT
 * tracks, which name their thumbnail sprite) are read and answered here, because a client resolves
 * their relative URIs against the URL it finally loaded them from; after a redirect that would be
 * the bare object URL, and every segment would go to the bucket unsigned. Answered here, segments
 * resolve back to this signed route, which then redirects each one to a presigned URL expiring no
 * later than our own signature.
 */
async function sendStored(reply: FastifyReply, input: { storage: MediaStorage; key: string; expiresAt: Date }) {
  const { storage, key } = input;
  if (storage.localRoot) {
    reply.header('cache-control', cacheControlOf(key, 'private'));
    return reply.sendFile(key, storage.localRoot, { cacheControl: false });
  }
  if (refersToSiblings(key)) {
    const body = await storage.read(key);
    if (!body) return sendProblem(reply, { status: 404, detail: 'No such file' });
    reply.header('cache-control', cacheControlOf(key, 'private'));
    return reply.type(contentTypeOf(key)).send(body);
  }
  const url = await storage.directUrl(key, { expiresAt: input.expiresAt });
  // A cached redirect would outlive the presigned URL it points to.
  return reply.header('cache-control', 'no-store').redirect(url!, 302);
}
