import { createECDH, createHmac, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import { sha256Hex } from '../../../lib/sha256';
import { STAFF_CLAIM } from '../id-token-verifier';

export const DEV_CLIENT_ID = 'marquee-dev';
const ALG = 'ES256';
const TOKEN_LIFETIME = '10m';

export interface DevIdentityProvider {
  issuer: string;
  clientId: string;
  jwks: JSONWebKeySet;
  keys: JWTVerifyGetKey;
  /** `staff`: the sign-in carried the operators' key (checked by the caller). */
  signIdToken(input: { email: string; name: string; nonce: string; staff?: boolean }): Promise<string>;
}

/**
 * The built-in OpenID Connect issuer used when no Google client id is configured. Its signing key
 * comes from DEV_SIGN_IN_KEY (so every node of a site issues tokens the others accept), or is
 * created once and kept in DATA_DIR, so tokens and sessions survive restarts.
 */
export async function createDevIdentityProvider(options: { dataDir: string; publicUrl: string; secret?: string | undefined }): Promise<DevIdentityProvider> {
  const issuer = `${options.publicUrl}/dev-idp`;
  const { privateJwk, publicJwk } = options.secret
    ? keyFromSecret(options.secret)
    : await loadOrCreateKey(join(options.dataDir, 'dev-idp', 'signing-key.json'));
  const privateKey = await importJWK(privateJwk, ALG);
  const jwks: JSONWebKeySet = { keys: [publicJwk] };
  return {
    issuer,
    clientId: DEV_CLIENT_ID,
    jwks,
    keys: createLocalJWKSet(jwks),
    signIdToken({ email, name, nonce, staff }) {
      const normalized = email.trim().toLowerCase();
      return new SignJWT({ email: normalized, email_verified: true, name: name.trim(), nonce, ...(staff ? { [STAFF_CLAIM]: true } : {}) })
        .setProtectedHeader({ alg: ALG, kid: publicJwk.kid!, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(DEV_CLIENT_ID)
        // One person per email address, like an account at a real provider.
        .setSubject(sha256Hex(normalized).slice(0, 24))
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(privateKey);
    },
  };
}

async function loadOrCreateKey(path: string): Promise<{ privateJwk: JWK; publicJwk: JWK }> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as { privateJwk: JWK; publicJwk: JWK };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  const kid = randomUUID();
  const pair = {
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: ALG, use: 'sig' },
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' },
  };
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(pair), { mode: 0o600 });
  return pair;
}

/**
 * The same P-256 key pair on every node from one shared secret: the private scalar is an HMAC of
 * the secret (a value past the curve order, odds 2^-32, takes the next counter).
 */
export function keyFromSecret(secret: string): { privateJwk: JWK; publicJwk: JWK } {
  for (let counter = 0; ; counter += 1) {
    const d = createHmac('sha256', secret).update(`marquee dev sign-in key ${counter}`).digest();
    const ecdh = createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(d);
    } catch {
      continue;
    }
    const point = ecdh.getPublicKey();
    const x = point.subarray(1, 33).toString('base64url');
    const y = point.subarray(33).toString('base64url');
    const kid = sha256Hex(`${x}.${y}`).slice(0, 16);
    const publicJwk: JWK = { kty: 'EC', crv: 'P-256', x, y, kid, alg: ALG, use: 'sig' };
    return { privateJwk: { ...publicJwk, d: d.toString('base64url') }, publicJwk };
  }
}
