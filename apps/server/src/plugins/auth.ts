import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { StaffRole } from '@marquee/contract';
import { ForbiddenError, UnauthorizedError } from '../lib/domain-errors';
import { viewerOfToken, type Viewer } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in viewer, resolved from the bearer token once per request (null: anonymous). */
    viewer(): Promise<Viewer | null>;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a live session token. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** preHandler for console calls: 401 without a live session, 403 unless the account has one of `roles`. */
    requireRole(roles: readonly StaffRole[]): (request: FastifyRequest) => Promise<void>;
  }
}

export const authPlugin = fp(async (app: FastifyInstance, options: { db: Database; idleMs: number; namedStatements?: boolean; staffNeedsKey?: boolean }) => {
  const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

  async function resolve(request: FastifyRequest): Promise<Viewer | null> {
    // The scheme is case-insensitive (RFC 9110 §11.1): 'bearer' and 'BEARER' are 'Bearer'.
    const match = /^bearer +([A-Za-z0-9_-]{20,200}) *$/i.exec(request.headers.authorization ?? '');
    if (!match) return null;
    return viewerOfToken(options.db, { token: match[1]!, idleMs: options.idleMs, named: options.namedStatements ?? false, staffNeedsKey: options.staffNeedsKey ?? false });
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

  // The role is read with the session on every request, so a changed role applies at once.
  app.decorate('requireRole', (roles: readonly StaffRole[]) => async (request: FastifyRequest) => {
    await app.authenticate(request);
    const viewer = await request.viewer();
    if (!roles.includes(viewer!.user.role as StaffRole)) throw new ForbiddenError('Your account may not do this in the console');
  });
});
