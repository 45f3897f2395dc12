import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@marquee/contract';
import type { Viewer } from '../modules/auth/auth.service';
import type { RouteLimit } from '../plugins/rate-limit';
import { UnsupportedMediaTypeError } from './domain-errors';
import type { KeptAnswer } from '../plugins/kept-answers';

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<E extends Endpoint> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  /** The signed-in viewer: always present on 'bearer' and 'staff' endpoints, null when anonymous or when the endpoint declares no auth. */
  viewer: E['auth'] extends 'bearer' | 'staff' ? Viewer : Viewer | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSettings {
  /**
   * The rate limit the route is under. Every anonymous POST, PUT or DELETE is a public write
   * without saying so; a GET that writes for an anonymous caller must say so.
   */
  limit?: RouteLimit;
  /**
   * The answer a visitor's GET gets when the read model has it built, sent as soon as the route is
   * found (plugins/kept-answers.ts); the handler must send the very same answer when it runs.
   */
  kept?: KeptAnswer;
}

/**
 * Registers a contract endpoint: its zod schemas validate the request, serialise the response and
 * feed the OpenAPI document, so the handler only maps a validated request to a service call.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  /** Returns the answer to serialise, or the reply when it sent a ready-made answer itself. */
  handler: (ctx: RouteContext<E>) => Promise<z.input<E['response']> | FastifyReply>,
  options: RouteSettings = {},
): void {
  const limit = options.limit ?? (!endpoint.auth && endpoint.method !== 'GET' ? 'public-write' : undefined);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.auth ? { security: endpoint.auth === 'optional' ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }] } : {}),
      ...(endpoint.roles ? { description: `Roles: ${endpoint.roles.join(', ')}.` } : {}),
      ...(endpoint.multipart ? { consumes: ['multipart/form-data', 'application/json'] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response },
    },
    ...guard(app, endpoint),
    // Nothing to inflate in a request without a body.
    ...(endpoint.method === 'GET' ? { decompress: false } : {}),
    config: {
      ...(limit ? { rateLimit: app.routeLimits[limit] } : {}),
      ...(options.kept ? { kept: options.kept } : {}),
    },
    handler: async (request, reply) => {
      if (endpoint.auth === 'optional') keepToViewer(reply);
      // Console answers carry viewers' data and change with every edit: never stored by any cache.
      if (endpoint.auth === 'staff') reply.header('cache-control', 'no-store');
      return handler({
        params: request.params as Infer<E['params']>,
        query: request.query as Infer<E['query']>,
        body: request.body as Infer<E['body']>,
        // Only endpoints that declare auth look the session up: a public answer costs no session query.
        // Without an Authorization header there is no session to look up, not even a promise's worth.
        viewer: (endpoint.auth && request.headers.authorization ? await request.viewer() : null) as RouteContext<E>['viewer'],
        request,
        reply,
      });
    },
  });
}

function guard(app: FastifyInstance, endpoint: Endpoint) {
  // Fastify never reads the body of a GET, so only operations that take one can be sent form data.
  const refuseForm = endpoint.multipart || endpoint.method === 'GET' ? [] : [refuseMultipart];
  // Before the body is even read: a caller without a session (or the role) learns nothing, not even a 400.
  if (endpoint.auth === 'bearer') return { onRequest: [app.authenticate, ...refuseForm] };
  if (endpoint.auth === 'staff') return { onRequest: [app.requireRole(endpoint.roles ?? []), ...refuseForm] };
  return refuseForm.length ? { onRequest: refuseForm } : {};
}

/** Form data is read only by the operations that declare it (uploads); the others speak JSON. */
function refuseMultipart(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  // The header, not request.isMultipart(): this runs before the body parser has looked at it.
  if (/^\s*multipart\//i.test(request.headers['content-type'] ?? '')) return done(new UnsupportedMediaTypeError('This operation takes a JSON body, not form data'));
  done();
}

/**
 * An answer made for one viewer (or for anonymous) must not be stored by a shared cache, nor reused
 * for a request with another token: one viewer's 'Rented' badge or signed link would reach another,
 * and 'Rent $3.99' would still show after the viewer rented the title.
 */
function keepToViewer(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization');
}
