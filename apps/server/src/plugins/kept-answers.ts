import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ReadyAnswer } from '../lib/ready-answer';
import { answerParts } from '../lib/send-answer';
import { REQUEST_ID_HEADER } from './request-id';

/** The read model's built answer for a route's path parameters, or undefined when it is not built. */
export type KeptAnswer = (params: Record<string, string>) => ReadyAnswer<unknown> | undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See `RouteSettings.kept` (lib/route.ts). */
    kept?: KeptAnswer;
  }
}

/**
 * Answers a visitor's GET from the read model the moment its route is found, when the answer is
 * built: before the other hooks, validation, the handler and the framework's reply, none of which
 * would change it. The catalogue's busiest calls then cost little more than sending their bytes.
 * The answer is the one the route's handler sends (`answerParts`), with the data's security
 * headers and the request id every answer carries; the framework still logs the request. A request
 * with an Authorization header, one whose answer is not built yet, and every other route take the
 * usual way.
 *
 * Registered before every other plugin, so its hook runs first. So a hook added later for every
 * answer (a header, a metric) does not see these: what it does must be done here too.
 */
export const keptAnswers = fp(async (app: FastifyInstance) => {
  let securityHeaders: string[] = [];
  app.addHook('onReady', (done) => {
    securityHeaders = Object.entries(app.securityHeaders.data).flat();
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    const kept = request.method === 'GET' && request.headers.authorization === undefined ? request.routeOptions.config.kept : undefined;
    const answer = kept?.(request.params as Record<string, string>);
    if (!answer) return done();
    const parts = answerParts(request.headers, answer);
    reply.hijack();
    reply.raw.writeHead(parts.status, securityHeaders.concat(REQUEST_ID_HEADER, request.id, parts.rawHeaders));
    if (parts.status === 304) reply.raw.end();
    else reply.raw.end(parts.body);
  });
});
