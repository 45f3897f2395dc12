import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';

const GOOGLE = 'https://accounts.google.com';
/** The hosts PayPal's JS SDK loads from, talks to and frames its buttons and checkout from. */
const PAYPAL = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Takes the security headers off an answer that only names a file for nginx (X-Accel-Redirect):
     * nginx drops them and sends the file with its own, but it parses every header of an answer it
     * keeps (the media check, docs/operations.md), and these are most of its bytes.
     */
    withoutSecurityHeaders(): FastifyReply;
  }
  interface FastifyInstance {
    /** The headers of pages (and media) and the shorter ones of JSON answers (`DATA_HEADERS`). */
    securityHeaders: { page: Readonly<Record<string, string>>; data: Readonly<Record<string, string>> };
  }
}

export interface SecurityHeadersOptions {
  googleSignIn: boolean;
  /** PayPal takes the payments: its SDK, buttons and checkout popup are allowed. */
  paypalCheckout: boolean;
  mediaOrigins: string[];
}

/**
 * Security headers on every response. A page gets the whole policy: a CSP that allows no inline
 * script, with Google Identity Services' and PayPal's scripts, frames and popups allowed only when
 * they are configured. A JSON answer is never rendered, so it gets the short policy of data
 * (`DATA_HEADERS`): the headers that make a browser refuse to render, sniff, frame or share it
 * with another origin. The full set is twenty times its size, and a catalogue answer is sent
 * thousands of times a second.
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  const google = options.googleSignIn ? [GOOGLE] : [];
  const paypal = options.paypalCheckout ? PAYPAL : [];
  const frames = [...google, ...paypal];
  // Object storage and its CDN: players fetch segments there (after our redirect) and trailers.
  const media = options.mediaOrigins;
  const headers = await fixedHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google.map((g) => `${g}/gsi/client`), ...paypal],
        // Swiper and React set element styles; Google's button ships its stylesheet.
        styleSrc: ["'self'", "'unsafe-inline'", ...google.map((g) => `${g}/gsi/style`)],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...media],
        // data: for hls.js, which gives each subtitle <track> it adds the empty WebVTT 'data:,WEBVTT'.
        mediaSrc: ["'self'", 'blob:', 'data:', ...media],
        connectSrc: ["'self'", ...google.map((g) => `${g}/gsi/`), ...paypal, ...media],
        frameSrc: frames.length ? frames : ["'none'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    // Google's sign-in popup and PayPal's checkout popup must be able to talk back to the page.
    crossOriginOpenerPolicy: { policy: frames.length ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // What frame-ancestors 'none' says, for browsers that only read X-Frame-Options.
    frameguard: { action: 'deny' },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
  });
  const data: Record<string, string> = { ...DATA_HEADERS, 'strict-transport-security': headers['strict-transport-security']! };
  const pageOnly = Object.keys(headers).filter((name) => !(name in data));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // The answer's type is known once it is sent: JSON keeps only the data policy. Anything else
  // (pages, media, redirects, 304s of pages) keeps the whole set.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) {
      for (const name of pageOnly) reply.removeHeader(name);
      reply.headers(data);
    }
    done(null, payload);
  });
  app.decorate('securityHeaders', { page: headers, data });
  const names = Object.keys(headers);
  app.decorateReply('withoutSecurityHeaders', function withoutSecurityHeaders(this: FastifyReply) {
    for (const name of names) this.removeHeader(name);
    return this;
  });
});

/**
 * The API docs' policy (@fastify/swagger-ui's `transformStaticCSP`): the package's own, which
 * allows framing by the same origin, made to refuse framing like every other page.
 */
export const docsPolicy = (header: string): string => header.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'");

/** application/json and application/problem+json. */
const JSON_TYPE = /^application\/(?:problem\+)?json\s*(?:;|$)/i;

/**
 * What a JSON answer carries, opened directly or not: no content may load and nothing may frame
 * it (CSP and X-Frame-Options for older browsers), its type is not sniffed into something
 * renderable, and no other origin's page may read it through a no-cors request (CORP). HSTS is the
 * site's, as on every answer.
 */
export const DATA_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * The headers helmet would set, computed once: none of them depends on the request (no nonces),
 * and helmet would otherwise rebuild the CSP string on every response.
 */
async function fixedHeaders(options: HelmetOptions): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  await new Promise<void>((resolve, reject) =>
    helmet(options)({ headers: {} } as IncomingMessage, response, (error?: unknown) => (error ? reject(error) : resolve())),
  );
  return headers;
}
