import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { UnauthorizedError } from '../lib/domain-errors';
import { findLiveSession, touchSession, type UserRecord } from '../modules/auth/auth.repository';

export interface Viewer {
  sessionId: string;
  user: UserRecord;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in viewer, resolved from the bearer token once per request (null: anonymous). */
    viewer(): Promise<Viewer | null>;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a live session token. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** Last-seen is written at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const authPlugin = fp(async (app: FastifyInstance, options: { db: Database; idleMs: number }) => {
  const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

  async function resolve(request: FastifyRequest): Promise<Viewer | null> {
    const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(request.headers.authorization ?? '');
    if (!match) return null;
    const session = await findLiveSession(options.db, { tokenHash: hashToken(match[1]!), idleMs: options.idleMs });
    if (!session) return null;
    if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(options.db, session.sessionId);
    return { sessionId: session.sessionId, user: session.user };
  }

  app.decorateRequest('viewer', function viewer(this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = resolve(this);
      cache.set(this, pending);
    }
    return pending;
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (!request.headers.authorization) throw new UnauthorizedError('Sign in to continue');
    if (!(await request.viewer())) throw new UnauthorizedError('Your session has ended. Sign in again.');
  });
});
