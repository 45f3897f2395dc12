import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevIdentityProvider } from './dev-idp';

let dirs: string[];
beforeAll(async () => {
  dirs = await Promise.all([1, 2, 3].map(() => mkdtemp(join(tmpdir(), 'marquee-devidp-'))));
});
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('development issuer on several nodes', () => {
  it('with DEV_SIGN_IN_KEY, a token one node issued is accepted by another', async () => {
    const options = { publicUrl: 'https://staging.marquee.test', secret: 's'.repeat(40) };
    const [a, b] = await Promise.all([createDevIdentityProvider({ ...options, dataDir: dirs[0]! }), createDevIdentityProvider({ ...options, dataDir: dirs[1]! })]);
    expect(b.jwks).toEqual(a.jwks);
    const token = await a.signIdToken({ email: 'Viewer@Example.com', name: 'Viewer', nonce: 'n1' });
    const { payload } = await jwtVerify(token, b.keys, { issuer: b.issuer, audience: b.clientId });
    expect(payload.email).toBe('viewer@example.com');
  });

  it('without it, each node keeps a key of its own that the other rejects', async () => {
    const [a, c] = await Promise.all([
      createDevIdentityProvider({ publicUrl: 'https://x.test', dataDir: dirs[0]! }),
      createDevIdentityProvider({ publicUrl: 'https://x.test', dataDir: dirs[2]! }),
    ]);
    const token = await a.signIdToken({ email: 'v@example.com', name: 'V', nonce: 'n2' });
    await expect(jwtVerify(token, c.keys, { issuer: c.issuer, audience: c.clientId })).rejects.toThrow();
  });
});
