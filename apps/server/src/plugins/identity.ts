import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createDevIdentityProvider, type DevIdentityProvider } from '../modules/auth/dev-idp/dev-idp';
import { createIdTokenVerifier, remoteKeys, type TrustedIssuer, type VerifyIdToken } from '../modules/auth/id-token-verifier';
import { postgresRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limit';

export interface Identity {
  verifyIdToken: VerifyIdToken;
  devProvider: DevIdentityProvider | undefined;
  limiter: RateLimiter;
}

/**
 * Who may sign viewers in: Google when GOOGLE_CLIENT_ID is set (and then only Google), otherwise
 * the built-in development issuer. Both are verified by the same code.
 */
export async function createIdentity({ config, db }: { config: Config; db: Database }): Promise<Identity> {
  const trusted: TrustedIssuer[] = [];
  let devProvider: DevIdentityProvider | undefined;
  if (config.auth.google) {
    const { clientId, issuers, jwksUrl } = config.auth.google;
    trusted.push({ issuers, audience: clientId, keys: remoteKeys(jwksUrl) });
  } else {
    devProvider = await createDevIdentityProvider({ dataDir: config.dataDir, publicUrl: config.publicUrl });
    trusted.push({ issuers: [devProvider.issuer], audience: devProvider.clientId, keys: devProvider.keys });
  }
  const limiter = config.redisUrl
    ? redisRateLimiter(new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }))
    : postgresRateLimiter(db);
  return { verifyIdToken: createIdTokenVerifier(trusted), devProvider, limiter };
}
