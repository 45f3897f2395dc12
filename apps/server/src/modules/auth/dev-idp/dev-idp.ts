import { randomUUID } from 'node:crypto';
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

export const DEV_CLIENT_ID = 'marquee-dev';
const ALG = 'ES256';
const TOKEN_LIFETIME = '10m';

export interface DevIdentityProvider {
  issuer: string;
  clientId: string;
  jwks: JSONWebKeySet;
  keys: JWTVerifyGetKey;
  signIdToken(input: { email: string; name: string; nonce: string }): Promise<string>;
}

/**
 * The built-in OpenID Connect issuer used when no Google client id is configured. Its signing key
 * is created once and kept in DATA_DIR, so tokens and sessions survive restarts.
 */
export async function createDevIdentityProvider(options: { dataDir: string; publicUrl: string }): Promise<DevIdentityProvider> {
  const issuer = `${options.publicUrl}/dev-idp`;
  const { privateJwk, publicJwk } = await loadOrCreateKey(join(options.dataDir, 'dev-idp', 'signing-key.json'));
  const privateKey = await importJWK(privateJwk, ALG);
  const jwks: JSONWebKeySet = { keys: [publicJwk] };
  return {
    issuer,
    clientId: DEV_CLIENT_ID,
    jwks,
    keys: createLocalJWKSet(jwks),
    signIdToken({ email, name, nonce }) {
      const normalized = email.trim().toLowerCase();
      return new SignJWT({ email: normalized, email_verified: true, name: name.trim(), nonce })
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
