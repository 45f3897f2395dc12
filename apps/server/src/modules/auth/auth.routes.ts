import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import type { AuthConfig } from '../../config';
import { route } from '../../lib/route';
import type { RateLimiter } from '../../plugins/rate-limit';
import * as auth from './auth.service';
import type { DevIdentityProvider } from './dev-idp/dev-idp';
import type { VerifyIdToken } from './id-token-verifier';
import { acceptFormData } from '../../plugins/form-data';

export interface AuthRoutesOptions {
  config: AuthConfig;
  verifyIdToken: VerifyIdToken;
  limiter: RateLimiter;
  devProvider: DevIdentityProvider | undefined;
}

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  await acceptFormData(app);
  const deps = (log: auth.AuthDeps['log']): auth.AuthDeps => ({ db: app.db, log, ...options });

  route(app, api.authConfig, async () =>
    options.devProvider
      ? { provider: 'dev' as const, clientId: options.devProvider.clientId, authorizeUrl: '/dev-idp/authorize' }
      : { provider: 'google' as const, clientId: options.config.google!.clientId, authorizeUrl: null },
  );
  // A nonce is a row written for an anonymous caller: a public write, though fetched with GET.
  route(
    app,
    api.loginNonce,
    ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return auth.issueNonce(app.db);
    },
    { limit: 'public-write' },
  );
  // Per client address before anything is read; per account once the ID token is verified.
  route(app, api.login, ({ body, request }) => auth.login(deps(request.log), { ...body, ip: request.ip }), { limit: 'sign-in' });
  route(app, api.signup, ({ body, request }) => auth.signup(deps(request.log), { ...body, ip: request.ip }), { limit: 'sign-in' });
  route(app, api.logout, ({ viewer }) => auth.logout(app.db, viewer.sessionId));
}
