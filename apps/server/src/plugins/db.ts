import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Makes the database available to modules as `app.db`. The caller owns opening and closing it. */
export const dbPlugin = fp(async (app: FastifyInstance, options: { db: Database }) => {
  app.decorate('db', options.db);
});
