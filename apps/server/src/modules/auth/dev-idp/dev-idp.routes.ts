import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuthConfig } from '../../../config';
import { ForbiddenError } from '../../../lib/domain-errors';
import { accountChooserPage } from './dev-idp.page';
import type { DevIdentityProvider } from './dev-idp';

const authorizeQuery = z.object({
  redirect_uri: z.string().default('/login'),
  nonce: z.string().min(1, 'nonce is required').max(200),
  state: z.string().max(200).default(''),
});
const chooserForm = authorizeQuery.extend({
  name: z.string().trim().min(1, 'Enter a name').max(80),
  email: z.email('Enter a valid email address').max(254),
  staff_key: z.string().max(500).optional(),
});
const tokenRequest = z.object({
  email: z.email(),
  name: z.string().trim().min(1).max(80),
  nonce: z.string().min(1).max(200),
  staffKey: z.string().max(500).optional(),
});

/** The site's rule for staff through this issuer (config.auth). */
export type StaffSignIn = Pick<AuthConfig, 'staffNeedsKey' | 'devSignInStaffKey'>;

/** Same-origin paths only, so the chooser cannot be used to send a token to another site. */
const isLocalPath = (uri: string) => uri.startsWith('/') && !uri.startsWith('//') && !uri.includes('\\');

/**
 * The development identity provider: an OpenID Connect issuer with discovery, a JWKS, an account
 * chooser that returns an ID token in the redirect's fragment, and a JSON token call for scripts.
 */
export async function devIdpRoutes(app: FastifyInstance, options: { provider: DevIdentityProvider; staff: StaffSignIn }): Promise<void> {
  const { provider } = options;
  const askStaffKey = options.staff.staffNeedsKey;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/dev-idp/.well-known/openid-configuration', { schema: { hide: true } }, async () => ({
    issuer: provider.issuer,
    authorization_endpoint: `${provider.issuer}/authorize`,
    token_endpoint: `${provider.issuer}/token`,
    jwks_uri: `${provider.issuer}/jwks`,
    response_types_supported: ['id_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['ES256'],
    scopes_supported: ['openid', 'email', 'profile'],
    claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce', 'email', 'email_verified', 'name'],
  }));

  app.get('/dev-idp/jwks', { schema: { hide: true } }, async () => provider.jwks);

  app.get('/dev-idp/authorize', { schema: { hide: true, querystring: authorizeQuery } }, async (request, reply) => {
    const query = request.query as z.infer<typeof authorizeQuery>;
    if (!isLocalPath(query.redirect_uri)) return reply.status(400).send({ message: 'redirect_uri must be a path on this site' });
    return reply
      .type('text/html; charset=utf-8')
      .send(accountChooserPage({ redirectUri: query.redirect_uri, nonce: query.nonce, state: query.state, askStaffKey }));
  });

  app.post('/dev-idp/authorize', { schema: { hide: true }, config: { rateLimit: app.routeLimits['public-write'] } }, async (request, reply) => {
    const form = chooserForm.safeParse(request.body);
    const raw = (request.body ?? {}) as Record<string, string>;
    if (!form.success) {
      const base = authorizeQuery.safeParse(raw);
      if (!base.success || !isLocalPath(base.data.redirect_uri)) return reply.status(400).send({ message: 'Invalid sign-in request' });
      const error = form.error.issues.map((i) => i.message).join('. ');
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(accountChooserPage({ redirectUri: base.data.redirect_uri, nonce: base.data.nonce, state: base.data.state, error, askStaffKey }));
    }
    if (!isLocalPath(form.data.redirect_uri)) return reply.status(400).send({ message: 'redirect_uri must be a path on this site' });
    const staff = staffSignIn(options.staff, form.data.staff_key);
    if ('refused' in staff) {
      const { redirect_uri: redirectUri, nonce, state } = form.data;
      return reply.status(403).type('text/html; charset=utf-8').send(accountChooserPage({ redirectUri, nonce, state, error: staff.refused, askStaffKey }));
    }
    const idToken = await provider.signIdToken({ ...form.data, staff: staff.staff });
    const fragment = new URLSearchParams({ id_token: idToken, state: form.data.state });
    return reply.redirect(`${form.data.redirect_uri}#${fragment}`, 303);
  });

  app.post('/dev-idp/token', { schema: { hide: true, body: tokenRequest }, config: { rateLimit: app.routeLimits['public-write'] } }, async (request) => {
    const body = request.body as z.infer<typeof tokenRequest>;
    const staff = staffSignIn(options.staff, body.staffKey);
    if ('refused' in staff) throw new ForbiddenError(staff.refused);
    return { id_token: await provider.signIdToken({ ...body, staff: staff.staff }) };
  });
}

/**
 * Whether a sign-in is staff's: on a site where staff rights need the operators' key, a sign-in
 * that carries the right one. A wrong key is refused rather than ignored, so an operator who
 * mistyped it is told, not signed in without the console.
 */
function staffSignIn(rule: StaffSignIn, given: string | undefined): { staff: boolean } | { refused: string } {
  if (!rule.staffNeedsKey || !given) return { staff: false };
  if (!rule.devSignInStaffKey) return { refused: 'This site has no operator key (DEV_SIGN_IN_STAFF_KEY): nobody signs in as staff here' };
  const digest = (key: string) => createHash('sha256').update(key).digest();
  return timingSafeEqual(digest(given), digest(rule.devSignInStaffKey)) ? { staff: true } : { refused: 'Wrong operator key' };
}
