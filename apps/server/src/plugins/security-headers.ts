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
}

export interface SecurityHeadersOptions {
  googleSignIn: boolean;
  /** PayPal takes the payments: its SDK, buttons and checkout popup are allowed. */
  paypalCheckout: boolean;
  mediaOrigins: string[];
}

/**
 * Security headers on every response. The CSP allows no inline script; Google Identity Services'
 * and PayPal's scripts, frames and popups are allowed only when they are configured.
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
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  const names = Object.keys(headers);
  app.decorateReply('withoutSecurityHeaders', function withoutSecurityHeaders(this: FastifyReply) {
    for (const name of names) this.removeHeader(name);
    return this;
  });
});

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
