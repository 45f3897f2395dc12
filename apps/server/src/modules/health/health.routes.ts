import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkReadiness } from './health.service';

const status = z.object({ status: z.string() });

/** Liveness (the process answers) and readiness (the database answers). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true, response: { 200: status } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true, response: { 200: status, 503: status } } }, async (request, reply) => {
    try {
      await checkReadiness(app.db);
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'database not reachable');
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
}
