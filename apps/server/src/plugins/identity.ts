import type { Config } from '../config';
import { createDevIdentityProvider, type DevIdentityProvider } from '../modules/auth/dev-idp/dev-idp';
import { createIdTokenVerifier, remoteKeys, type TrustedIssuer, type VerifyIdToken } from '../modules/auth/id-token-verifier';

export interface Identity {
  verifyIdToken: VerifyIdToken;
  devProvider: DevIdentityProvider | undefined;
}

/**
 * Who may sign viewers in: Google when GOOGLE_CLIENT_ID is set (and then only Google), otherwise
 * the built-in development issuer. Both are verified by the same code.
 */
export async function createIdentity({ config }: { config: Config }): Promise<Identity> {
  const trusted: TrustedIssuer[] = [];
  let devProvider: DevIdentityProvider | undefined;
  if (config.auth.google) {
    const { clientId, issuers, jwksUrl } = config.auth.google;
    trusted.push({ issuers, audience: clientId, keys: remoteKeys(jwksUrl) });
  } else {
    devProvider = await createDevIdentityProvider({ dataDir: config.dataDir, publicUrl: config.publicUrl, secret: config.auth.devSignInKey });
    trusted.push({ issuers: [devProvider.issuer], audience: devProvider.clientId, keys: devProvider.keys, staffClaim: true });
  }
  return { verifyIdToken: createIdTokenVerifier(trusted), devProvider };
}
