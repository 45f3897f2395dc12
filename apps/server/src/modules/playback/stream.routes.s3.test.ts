import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaStoreFromConfig } from '../../storage/store-from-config';
import type { MediaStore } from '../../storage/storage';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server';
import { bearer, signIn } from '../../../test/sign-in';

let s3: LocalS3;
let ctx: TestContext;
let store: MediaStore;
let url: string;
let assetId: string;
let trailerId: string;

const SEGMENT = Buffer.alloc(10_000, 7);
const MASTER = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n360p/index.m3u8\n';
const THUMBNAILS = 'WEBVTT\n\n00:00.000 --> 00:10.000\nthumbnails.jpg#xywh=0,0,160,90\n';
const RENDITION = '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4.0,\nsegment0.m4s\n#EXT-X-ENDLIST\n';

/** A small HLS package, uploaded where the transcode job would put it. */
async function upload(area: MediaStore['public'] | MediaStore['private'], prefix: string) {
  await area.put(`${prefix}/360p/init.mp4`, Buffer.from('init'));
  await area.put(`${prefix}/360p/segment0.m4s`, SEGMENT);
  await area.put(`${prefix}/360p/index.m3u8`, Buffer.from(RENDITION));
  await area.put(`${prefix}/master.m3u8`, Buffer.from(MASTER));
  await area.put(`${prefix}/thumbnails.jpg`, Buffer.from('sprite'));
  await area.put(`${prefix}/thumbnails.vtt`, Buffer.from(THUMBNAILS));
}

beforeAll(async () => {
  s3 = await startLocalS3();
  ctx = await createTestContext(s3.env);
  store = mediaStoreFromConfig(ctx.config);
  const asset = await mediaAsset(ctx, 'private');
  const trailer = await mediaAsset(ctx, 'public');
  [assetId, trailerId] = [asset.id, trailer.id];
  await upload(store.private, asset.storagePrefix);
  await upload(store.public, trailer.storagePrefix);
  await fixtures(ctx.db).title({ slug: 'free', name: 'Free', isFree: true, videoAssetId: asset.id, trailerAssetId: trailer.id });
  const session = await signIn(ctx, { email: 'viewer@example.com' });
  url = (await ctx.app.inject({ url: '/movie-name/free', headers: { authorization: `Bearer ${session.token}` } })).json().url;
});
afterAll(async () => {
  await ctx.close();
  await s3.close().catch(() => {});
});

const get = (path: string) => ctx.app.inject({ url: path });
/** Where a player resolves a URI found inside the playlist it loaded from `base`. */
const resolve = (uri: string, base: string) => new URL(uri, `http://marquee.test${base}`).pathname;

describe('signed full-content media in S3 mode', () => {
  it('answers playlists itself, so their relative URIs stay under the signed path', async () => {
    const master = await get(url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('no-cache');
    expect(master.body).toBe(MASTER);

    const renditionUrl = resolve('360p/index.m3u8', url);
    const rendition = await get(renditionUrl);
    expect(rendition.statusCode).toBe(200);
    expect(rendition.body).toBe(RENDITION);

    const segmentUrl = resolve('segment0.m4s', renditionUrl);
    expect(segmentUrl).toBe(url.replace('master.m3u8', '360p/segment0.m4s'));
    const redirect = await get(segmentUrl);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('no-store');
    const location = new URL(redirect.headers.location as string);
    expect(location.origin).toBe(s3.endpoint);
    expect(location.pathname).toBe(`/${s3.bucket}/private/videos/${assetId}/360p/segment0.m4s`);
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);

    const segment = await fetch(location);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/iso.segment');
    expect(segment.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(Buffer.from(await segment.arrayBuffer()).equals(SEGMENT)).toBe(true);
  });

  it('behind nginx (MEDIA_ACCEL_REDIRECT), names the presigned object for nginx instead of redirecting', async () => {
    const behindNginx = await createTestContext({ ...s3.env, MEDIA_ACCEL_REDIRECT: '/_marquee/private-media/' });
    try {
      const asset = await mediaAsset(behindNginx, 'private');
      await upload(store.private, asset.storagePrefix);
      await fixtures(behindNginx.db).title({ slug: 'free', name: 'Free', isFree: true, videoAssetId: asset.id });
      // A signed-out visitor's link to the free title.
      const link = (await behindNginx.app.inject({ url: '/movie-name/free' })).json().url as string | null;
      expect(link).toContain(`/${asset.id}/master.m3u8`);
      const segment = await behindNginx.app.inject({ url: link!.replace('master.m3u8', '360p/segment0.m4s') });
      expect(segment.statusCode).toBe(200);
      expect(segment.body).toBe('');
      // nginx drops an X-Accel-Redirect answer's own headers: the page's security headers stay off it.
      expect(segment.headers['content-security-policy']).toBeUndefined();
      const named = new URL(segment.headers['x-accel-redirect'] as string, s3.endpoint);
      expect(named.pathname).toBe(`/_marquee/private-media/${s3.bucket}/private/videos/${asset.id}/360p/segment0.m4s`);
      // What nginx fetches from the bucket: the presigned URL the app would otherwise redirect to.
      const object = await fetch(`${s3.endpoint}${named.pathname.replace('/_marquee/private-media', '')}${named.search}`);
      expect(Buffer.from(await object.arrayBuffer()).equals(SEGMENT)).toBe(true);
      // Playlists are still answered by the app, so their relative URIs stay signed.
      expect((await behindNginx.app.inject({ url: link! })).body).toBe(MASTER);
    } finally {
      await behindNginx.close();
    }
  });

  it('answers WebVTT tracks itself too, so the thumbnail sprite they name stays signed', async () => {
    const trackUrl = url.replace('master.m3u8', 'thumbnails.vtt');
    const track = await get(trackUrl);
    expect(track.statusCode).toBe(200);
    expect(track.headers['content-type']).toContain('text/vtt');
    expect(track.body).toBe(THUMBNAILS);
    const sprite = await get(resolve('thumbnails.jpg', trackUrl));
    expect(sprite.statusCode).toBe(302);
    const image = await fetch(sprite.headers.location as string);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(await image.text()).toBe('sprite');
  });

  it('never lets a presigned URL outlive the signature it was issued under', async () => {
    const expiry = Number(url.split('/')[3]);
    const location = new URL((await get(url.replace('master.m3u8', '360p/init.mp4'))).headers.location as string);
    const signedAt = location.searchParams.get('X-Amz-Date')!.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z');
    const presignedUntil = Date.parse(signedAt) / 1000 + Number(location.searchParams.get('X-Amz-Expires'));
    expect(presignedUntil).toBeLessThanOrEqual(expiry);
  });

  it('answers 404 for a playlist that is not there under a valid signature', async () => {
    const res = await get(url.replace('master.m3u8', '720p/index.m3u8'));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such file');
  });

  it('gives trailers a public bucket URL that loads without any signature', async () => {
    const title = (await get('/movie-name/free')).json();
    expect(title.trailer).toBe(`${s3.endpoint}/${s3.bucket}/public/videos/${trailerId}/master.m3u8`);
    const res = await fetch(title.trailer);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(MASTER);
  });

  it('keeps avatars in the bucket, loadable by anyone, and drops the replaced one', async () => {
    const session = await signIn(ctx, { email: 'avatar@example.com' });
    const uploadAvatar = async (colour: string) => {
      const form = new FormData();
      const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } }).png().toBuffer();
      form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
      const request = new Request('http://local/', { method: 'PUT', body: form });
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/user/update-image',
        headers: { ...bearer(session), 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      return res.json().image as string;
    };
    const first = await uploadAvatar('#3366aa');
    expect(first).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/public/avatars/.+\\.webp$`));
    const served = await fetch(first);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');

    const second = await uploadAvatar('#aa3366');
    expect((await fetch(second)).status).toBe(200);
    const gone = await fetch(first);
    await gone.body?.cancel();
    expect(gone.status).toBe(404);
  });

  it("lets the site's pages fetch and play media from the bucket (CSP)", async () => {
    // The pages' policy (plugins/security-headers.test.ts: every page is sent with it).
    const csp = ctx.app.securityHeaders.page['content-security-policy']!;
    for (const directive of ['connect-src', 'media-src', 'img-src']) {
      expect(csp.split(';').find((d) => d.trim().startsWith(directive)), directive).toContain(s3.endpoint);
    }
  });

  it('refuses bad signatures with 403 before going near the bucket', async () => {
    // With the object store gone, any request that reached it would fail with a 5xx instead.
    await s3.close();
    const segment = url.replace('master.m3u8', '360p/segment0.m4s');
    const tampered = segment.replace(/\/s\/(\d+)\/([^/]+)\/[^/]+\//, '/s/$1/$2/forged-signature/');
    const otherViewer = segment.replace(/\/s\/(\d+)\/[^/]+\//, '/s/$1/someone-else/');
    const unknownAsset = url.replace(assetId, '00000000-0000-4000-8000-000000000000');
    for (const bad of [tampered, otherViewer, unknownAsset, url.replace(/\/s\/(\d+)\//, '/s/1/')]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().message).toBe('This playback link is invalid or has expired');
    }
  });
});
