import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUrlSigner } from '../../storage/url-signer';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { signIn } from '../../../test/sign-in';

let ctx: TestContext;
let url: string;
let assetId: string;
let otherAssetId: string;
let trailerId: string;
let key: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const asset = await mediaAsset(ctx, 'private');
  const other = await mediaAsset(ctx, 'private');
  const trailer = await mediaAsset(ctx, 'public');
  [assetId, otherAssetId, trailerId] = [asset.id, other.id, trailer.id];
  await fixtures(ctx.db).title({ slug: 'free', name: 'Free', isFree: true, videoAssetId: asset.id });
  const session = await signIn(ctx, { email: 'viewer@example.com' });
  url = (await ctx.app.inject({ url: '/movie-name/free', headers: { authorization: `Bearer ${session.token}` } })).json().url;
  key = (await readFile(join(ctx.config.dataDir, 'secrets', 'media-signing.key'), 'utf8')).trim();
});
afterAll(() => ctx.close());

const get = (path: string, headers: Record<string, string> = {}) => ctx.app.inject({ url: path, headers });
const segment = () => url.replace('master.m3u8', '360p/segment0.m4s');

describe('signed full-content media', () => {
  it('serves the master playlist and its relative files under one signature', async () => {
    const playlist = await get(url);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('no-cache');
    const seg = await get(segment());
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['cache-control']).toContain('immutable');
  });

  it('answers Range requests and revalidation', async () => {
    const partial = await get(segment(), { range: 'bytes=100-199' });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe('bytes 100-199/10000');
    expect(partial.rawPayload.length).toBe(100);
    const etag = (await get(segment())).headers.etag as string;
    expect((await get(segment(), { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(segment(), { range: 'bytes=20000-' })).statusCode).toBe(416);
  });

  it('refuses a signature used for another asset or session, tampered or expired, with 403 and no hint', async () => {
    const other = url.replace(assetId, otherAssetId);
    const otherSession = url.replace(/\/s\/(\d+)\/[^/]+\//, '/s/$1/00000000-0000-4000-8000-000000000000/');
    const later = url.replace(/\/s\/(\d+)\//, (_m, e: string) => `/s/${Number(e) + 3600}/`);
    const expired = `${createUrlSigner({ keys: [key], ttlMs: -60_000 }).prefix({ assetId, session: 'anonymous' })}/master.m3u8`;
    const unknownAsset = url.replace(assetId, '00000000-0000-4000-8000-000000000000');
    for (const bad of [other, otherSession, later, expired, unknownAsset, '/media/s/1/x/y/not-a-uuid/master.m3u8']) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().message).toBe('This playback link is invalid or has expired');
    }
  });

  it('keeps accepting links signed with a retired key during rotation', () => {
    const old = createUrlSigner({ keys: [key], ttlMs: 60_000 });
    const rotated = createUrlSigner({ keys: ['a-brand-new-key-of-at-least-32-characters', key], ttlMs: 60_000 });
    const [, , , expiry, session, sig, id] = old.prefix({ assetId, session: 'anonymous' }).split('/');
    expect(rotated.verify({ expiry: Number(expiry), session: session!, sig: sig!, assetId: id! })).toBe(true);
    expect(createUrlSigner({ keys: ['a-brand-new-key-of-at-least-32-characters'], ttlMs: 1 }).verify({ expiry: Number(expiry), session: session!, sig: sig!, assetId: id! })).toBe(false);
  });

  it('never serves private packages through the public media path', async () => {
    expect((await get(`/media/videos/${assetId}/master.m3u8`)).statusCode).toBe(404);
    expect((await get(url.replace('master.m3u8', '..%2F..%2Fsecrets%2Fmedia-signing.key'))).statusCode).toBe(404);
  });

  it('serves public trailers to anyone, cacheable', async () => {
    const res = await get(`/media/videos/${trailerId}/master.m3u8`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await get(`/media/videos/${trailerId}/360p/segment0.m4s`)).headers['cache-control']).toContain('public, max-age=31536000, immutable');
  });
});
