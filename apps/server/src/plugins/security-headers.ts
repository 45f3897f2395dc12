import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const GOOGLE = 'https://accounts.google.com';

/**
 * Security headers on every response. The CSP allows no inline script; Google Identity Services'
 * script, frame and popup are allowed only when Google sign-in is configured.
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: { googleSignIn: boolean; mediaOrigins: string[] }) => {
  const google = options.googleSignIn ? [GOOGLE] : [];
  // Object storage and its CDN: players fetch segments there (after our redirect) and trailers.
  const media = options.mediaOrigins;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google.map((g) => `${g}/gsi/client`)],
        // Swiper and React set element styles; Google's button ships its stylesheet.
        styleSrc: ["'self'", "'unsafe-inline'", ...google.map((g) => `${g}/gsi/style`)],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...media],
        mediaSrc: ["'self'", 'blob:', ...media],
        connectSrc: ["'self'", ...google.map((g) => `${g}/gsi/`), ...media],
        frameSrc: google.length ? google : ["'none'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    // Google's sign-in popup must be able to talk back to the page that opened it.
    crossOriginOpenerPolicy: { policy: options.googleSignIn ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
  });
});
