import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@marquee/contract';
import type { Viewer } from '../modules/auth/auth.service';

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<E extends Endpoint> {
  params: Infer<E['params']>;
  body: Infer<E['body']>;
  /** The signed-in viewer: always present on 'bearer' endpoints, else null when anonymous. */
  viewer: E['auth'] extends 'bearer' ? Viewer : Viewer | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers a contract endpoint: its zod schemas validate the request, serialise the response and
 * feed the OpenAPI document, so the handler only maps a validated request to a service call.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<z.input<E['response']>>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.auth ? { security: endpoint.auth === 'bearer' ? [{ bearerAuth: [] }] : [{}, { bearerAuth: [] }] } : {}),
      ...(endpoint.multipart ? { consumes: ['multipart/form-data', 'application/json'] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response },
    },
    ...(endpoint.auth === 'bearer' ? { preHandler: app.authenticate } : {}),
    handler: async (request, reply) => {
      if (endpoint.auth === 'optional') keepToViewer(reply);
      return handler({
        params: request.params as Infer<E['params']>,
        body: request.body as Infer<E['body']>,
        viewer: (await request.viewer()) as RouteContext<E>['viewer'],
        request,
        reply,
      });
    },
  });
}

/**
 * An answer made for one viewer (or for anonymous) must not be stored by a shared cache, nor reused
 * for a request with another token: one viewer's 'Rented' badge or signed link would reach another,
 * and 'Rent $3.99' would still show after the viewer rented the title.
 */
function keepToViewer(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization');
}
