import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an id from a proxy must look like to be kept: nginx's `$request_id` (32 hex digits), a
 * UUID, or a tracing id, up to 128 characters of a safe alphabet. Anything else (too short to be
 * unique, or carrying characters a log line should not) is replaced by our own.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{16,128}$/;

/**
 * Fastify's request-id options: each request's id is a random UUID, unique across every node of a
 * site, or the X-Request-Id a trusted proxy sent, so one id follows a request from nginx's log to
 * ours. A client that talks to us directly cannot choose its id.
 */
export function requestIdOptions(trustProxy: Config['trustProxy']) {
  const trusted = peerTrust(trustProxy);
  return {
    requestIdHeader: false as const,
    genReqId(req: IncomingMessage): string {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && WELL_FORMED.test(given) && trusted(req.socket.remoteAddress) ? given : randomUUID();
    },
  };
}

/** Returns every response's request id in X-Request-Id, errors and 404s included. */
export const requestIdHeader = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
});

/** Whether the peer that sent a request is a proxy TRUST_PROXY names (hop 0: the direct peer). */
function peerTrust(trustProxy: Config['trustProxy']): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  const trust = proxyAddr.compile(trustProxy);
  return (address) => address !== undefined && trust(address, 0);
}
