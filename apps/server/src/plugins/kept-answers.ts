import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
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

export interface KeptAnswersOptions {
  /** The request id Fastify would give the request (plugins/request-id.ts). */
  genReqId(req: IncomingMessage): string;
  /** Whether the proxy at `hop` may name the client (TRUST_PROXY), for the log's address and host. */
  trusted(address: string | undefined, hop: number): boolean;
}

/**
 * A kept route's path as a pattern: its literal segments as written, each parameter one segment of
 * an id's characters. A target it matches is one the router reads as written: no query, no
 * percent-escape to decode.
 */
interface KeptRoute {
  pattern: RegExp;
  kept: KeptAnswer;
}

/**
 * The door of the HTTP server: a visitor's GET of a catalogue answer the read model has built is
 * answered the moment it arrives, before the framework makes a request and a reply of it, runs its
 * hooks, validates and serialises. None of that would change these answers, and on the busiest
 * calls it cost more than sending the bytes. Everything else, and anything the door is unsure of,
 * goes to Fastify as usual.
 *
 * The answer is the one the route's handler sends (`answerParts`): the same bytes, encodings, ETags
 * and 304s, with the data's security headers and a request id, and the framework's own two log
 * lines ("incoming request", "request completed") with the same fields. A request with an
 * Authorization header, one whose answer is not built yet (after a change), a HEAD, a target with
 * a query or an escape, and every request once the server is closing (Fastify answers 503) take the
 * usual way.
 *
 * Routes opt in with `route(..., { kept })` (lib/route.ts). Fastify's `inject()` does not pass the
 * door: tests of it speak HTTP.
 */
export function keptAnswers(options: KeptAnswersOptions) {
  const routes: KeptRoute[] = [];
  const others: string[] = [];
  let securityHeaders: string[] = [];
  let log: FastifyBaseLogger | undefined;
  let open = false;

  /** Whether the door answered `req`; when not, nothing was written and the framework takes it. */
  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!open || req.method !== 'GET' || req.headers.authorization !== undefined) return false;
    let kept: ReadyAnswer<unknown> | undefined;
    for (const route of routes) {
      const match = route.pattern.exec(req.url!);
      if (match) {
        kept = route.kept(match.groups ?? {});
        break;
      }
    }
    if (!kept) return false;
    const id = options.genReqId(req);
    if (log) logExchange(log.child({ reqId: id }), req, res, options.trusted);
    const parts = answerParts(req.headers, kept);
    res.writeHead(parts.status, securityHeaders.concat(REQUEST_ID_HEADER, id, parts.rawHeaders));
    if (parts.status === 304) res.end();
    else res.end(parts.body);
    return true;
  };

  return {
    /** Fastify's `serverFactory`: its HTTP server, as Fastify would make it, with the door in front. */
    serverFactory(handler: (req: IncomingMessage, res: ServerResponse) => void, settings: FastifyServerOptions): Server {
      // The app sets no options of Node's server (Fastify's `http`): only the timeouts below.
      const server = createServer((req, res) => {
        if (!answer(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = settings.keepAliveTimeout!;
      server.requestTimeout = settings.requestTimeout!;
      server.setTimeout(settings.connectionTimeout!);
      if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
      return server;
    },

    /** Learns the kept routes as they are added, and opens the door once the app is ready. */
    plugin: fp(async (app: FastifyInstance) => {
      app.addHook('onRoute', (route: RouteOptions) => {
        const methods = [route.method].flat();
        if (!methods.includes('GET')) return;
        const kept = route.config?.kept;
        if (kept) routes.push(keptRoute(route.url, kept));
        else others.push(route.url);
      });
      app.addHook('onReady', (done) => {
        const shadowed = others.filter((url) => !url.includes(':') && !url.includes('*') && routes.some((r) => r.pattern.test(url)));
        if (shadowed.length > 0) return done(new Error(`A kept route's pattern would answer ${shadowed.join(', ')}, which another route serves`));
        securityHeaders = Object.entries(app.securityHeaders.data).flat();
        // No logger at all (LOG_LEVEL=silent) or one above `info`: the framework writes no request lines either.
        log = 'isLevelEnabled' in app.log && (app.log as Logger).isLevelEnabled('info') ? app.log : undefined;
        open = true;
        done();
      });
      // From here Fastify answers 503 to a request on a connection still open: the door leaves those to it.
      app.addHook('preClose', (done) => {
        open = false;
        done();
      });
    }),
  };
}

function keptRoute(url: string, kept: KeptAnswer): KeptRoute {
  const source = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? // The router's own limit (app.ts, maxParamLength) is far above any id.
          `(?<${segment.slice(1)}>[A-Za-z0-9._~-]{1,500})`
        : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return { pattern: new RegExp(`^${source}$`), kept };
}

/** The framework's two lines for a request (its LogController's), with the same fields. */
function logExchange(log: FastifyBaseLogger, req: IncomingMessage, res: ServerResponse, trusted: KeptAnswersOptions['trusted']): void {
  const started = performance.now();
  log.info({ req: forLog(req, trusted) }, 'incoming request');
  res.once('finish', () => log.info({ res, responseTime: performance.now() - started }, 'request completed'));
  res.once('error', (err) => log.error({ res, err, responseTime: performance.now() - started }, 'request errored'));
}

/** What the log's request serializer reads of a Fastify request (lib/logger.ts), for a raw one. */
function forLog(req: IncomingMessage, trusted: KeptAnswersOptions['trusted']) {
  const proxied = trusted(req.socket.remoteAddress, 0);
  // Node joins a repeated header of this kind into one, commas between.
  const forwardedHost = req.headers['x-forwarded-host'] as string | undefined;
  return {
    method: req.method,
    url: req.url,
    host: proxied && forwardedHost ? forwardedHost.slice(forwardedHost.lastIndexOf(',') + 1).trim() : (req.headers.host ?? ''),
    ip: proxyAddr.all(req, trusted).at(-1),
    socket: req.socket,
  };
}
