import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES } from '../images/avatar-image';

/**
 * Lets the routes of the calling plugin read form data (multipart: sign-up, a profile picture,
 * artwork, cast photos, subtitles), and only them. The parser hooks every request of the scope it
 * is registered in (three hooks and a listener per request), so it is not registered for the whole
 * app: the catalogue and playback routes, which take no form data, do not pay for it. Operations
 * outside these scopes refuse form data with 415 before reading a byte (`lib/route.ts`).
 */
export async function acceptFormData(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024 },
  });
}
