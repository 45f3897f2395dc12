import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
});
const tokenRequest = z.object({
  email: z.email(),
  name: z.string().trim().min(1).max(80),
  nonce: z.string().min(1).max(200),
});

/** Same-origin paths only, so the chooser cannot be used to send a token to another site. */
const isLocalPath = (uri: string) => uri.startsWith('/') && !uri.startsWith('//') && !uri.includes('\\');

/**
 * The development identity provider: an OpenID Connect issuer with discovery, a JWKS, an account
 * chooser that returns an ID token in the redirect's fragment, and a JSON token call for scripts.
 */
export async function devIdpRoutes(app: FastifyInstance, options: { provider: DevIdentityProvider }): Promise<void> {
  const { provider } = options;
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
      .send(accountChooserPage({ redirectUri: query.redirect_uri, nonce: query.nonce, state: query.state }));
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
        .send(accountChooserPage({ redirectUri: base.data.redirect_uri, nonce: base.data.nonce, state: base.data.state, error }));
    }
    if (!isLocalPath(form.data.redirect_uri)) return reply.status(400).send({ message: 'redirect_uri must be a path on this site' });
    const idToken = await provider.signIdToken(form.data);
    const fragment = new URLSearchParams({ id_token: idToken, state: form.data.state });
    return reply.redirect(`${form.data.redirect_uri}#${fragment}`, 303);
  });

  app.post('/dev-idp/token', { schema: { hide: true, body: tokenRequest }, config: { rateLimit: app.routeLimits['public-write'] } }, async (request) => ({
    id_token: await provider.signIdToken(request.body as z.infer<typeof tokenRequest>),
  }));
}
