import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** One issuer we accept ID tokens from. */
export interface TrustedIssuer {
  /**
   * Accepted `iss` values (Google uses two spellings). The first is the issuer accounts are keyed
   * by, whichever spelling a token carries, so one person is one account.
   */
  issuers: string[];
  /** Our client id: the token's `aud` must be exactly this. */
  audience: string;
  /** Where its signing keys come from (a cached remote JWKS, or the local development key set). */
  keys: JWTVerifyGetKey;
  /** Ours alone (the development issuer): its STAFF_CLAIM says the sign-in carried the operators' key. */
  staffClaim?: boolean;
}

/** The development issuer's claim that a sign-in carried DEV_SIGN_IN_STAFF_KEY. */
export const STAFF_CLAIM = 'marquee_staff';

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  name: string;
  picture: string;
  nonce: string;
  /** The sign-in carried the operators' key (only the development issuer says so). */
  staffKey: boolean;
}

export class IdTokenError extends Error {}

/** Signature algorithms we accept; `none` and HMAC (a shared secret anyone could hold) never. */
const ALGORITHMS = ['RS256', 'ES256'];
const CLOCK_TOLERANCE_SECONDS = 60;
/** How far ahead of our clock a token may say it was issued (clocks drift; a year is forgery). */
const MAX_IAT_SKEW_SECONDS = 5 * 60;
/** Google's ID tokens live one hour; one that claims to live longer than a day is not an ID token. */
const MAX_LIFETIME_SECONDS = 24 * 60 * 60;

/** A JWKS fetched over HTTPS, cached, and refetched when a token names an unknown key (rotation). */
export function remoteKeys(jwksUrl: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 6 * 60 * 60 * 1000 });
}

/**
 * Verifies an OpenID Connect ID token against the issuers configured for this deployment: the same
 * code checks Google's tokens and the development issuer's.
 */
export function createIdTokenVerifier(trusted: TrustedIssuer[]) {
  return async function verifyIdToken(token: string): Promise<VerifiedIdentity> {
    const issuer = trusted.find((t) => t.issuers.includes(unverifiedIssuer(token)));
    if (!issuer) throw new IdTokenError('token issuer is not trusted');
    let payload;
    try {
      ({ payload } = await jwtVerify(token, issuer.keys, {
        issuer: issuer.issuers,
        audience: issuer.audience,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'iat', 'exp'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new IdTokenError(`token rejected: ${error.code}`);
      throw error;
    }
    const now = Math.floor(Date.now() / 1000);
    if (payload.iat! > now + MAX_IAT_SKEW_SECONDS) throw new IdTokenError('token rejected: issued in the future');
    if (payload.exp! - payload.iat! > MAX_LIFETIME_SECONDS) throw new IdTokenError('token rejected: lifetime over 24 hours');
    if (payload.email_verified !== true) throw new IdTokenError('email is not verified');
    if (typeof payload.email !== 'string' || !payload.email) throw new IdTokenError('token has no email');
    if (typeof payload.nonce !== 'string' || !payload.nonce) throw new IdTokenError('token has no nonce');
    return {
      issuer: issuer.issuers[0]!,
      subject: payload.sub!,
      email: payload.email.toLowerCase(),
      name: typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : payload.email.split('@')[0]!,
      picture: typeof payload.picture === 'string' ? payload.picture : '',
      nonce: payload.nonce,
      staffKey: issuer.staffClaim === true && payload[STAFF_CLAIM] === true,
    };
  };
}

export type VerifyIdToken = ReturnType<typeof createIdTokenVerifier>;

function unverifiedIssuer(token: string): string {
  const [, body] = token.split('.');
  try {
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as { iss?: unknown };
    return typeof claims.iss === 'string' ? claims.iss : '';
  } catch {
    return '';
  }
}
