import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../test/s3-server';
import { s3MediaStore, type S3Settings } from './s3-storage';
import type { MediaStore } from './storage';

let s3: LocalS3;
let store: MediaStore;
let scratch: string;

const FIVE_MIB = 5 * 1024 * 1024;

beforeAll(async () => {
  s3 = await startLocalS3();
  scratch = await mkdtemp(join(tmpdir(), 'marquee-s3-test-'));
  // The smallest part S3 accepts, so a multipart upload is cheap to exercise; two keys a page.
  store = s3MediaStore({ ...settings(), partSize: FIVE_MIB });
});
afterAll(async () => {
  await s3.close();
  await rm(scratch, { recursive: true, force: true });
});

function settings(overrides: Partial<S3Settings> = {}): S3Settings {
  return {
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    publicUrl: undefined,
    ...overrides,
  };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('S3 media storage over HTTP', () => {
  it('stores each file with its content type and caching rule, read back over HTTP', async () => {
    const cases = [
      ['videos/a/master.m3u8', 'application/vnd.apple.mpegurl', 'no-cache'],
      ['videos/a/360p/segment0.m4s', 'video/iso.segment', 'public, max-age=31536000, immutable'],
      ['videos/a/360p/init.mp4', 'video/mp4', 'public, max-age=31536000, immutable'],
      ['videos/a/thumbnails.vtt', 'text/vtt', 'public, max-age=31536000, immutable'],
      ['avatars/u1.webp', 'image/webp', 'public, max-age=31536000, immutable'],
      ['videos/a/poster.jpg', 'image/jpeg', 'public, max-age=31536000, immutable'],
    ] as const;
    for (const [key, type, cache] of cases) {
      const file = join(scratch, 'upload');
      await writeFile(file, `content of ${key}`);
      await store.public.putFile(key, file);
      const res = await fetch(store.public.url(key));
      expect(res.status, key).toBe(200);
      expect(res.headers.get('content-type'), key).toBe(type);
      expect(res.headers.get('cache-control'), key).toBe(cache);
      expect(await res.text()).toBe(`content of ${key}`);
    }
  });

  it('keeps private objects apart, with private caching, and a given content type wins', async () => {
    await store.private.put('videos/b/subs.vtt', Buffer.from('WEBVTT\n'), { contentType: 'text/vtt; charset=utf-8' });
    expect(await store.public.read('videos/b/subs.vtt')).toBeUndefined();
    const res = await fetch((await store.private.directUrl('videos/b/subs.vtt', { expiresAt: inAnHour() }))!);
    expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(await res.text()).toBe('WEBVTT\n');
  });

  it('uploads a file larger than one part in parts and downloads it intact for ffmpeg', async () => {
    const big = randomBytes(2 * FIVE_MIB + 12_345);
    const source = join(scratch, 'source.mp4');
    await writeFile(source, big);
    await store.private.putFile('sources/big.mp4', source);
    const downloads = await mkdtemp(join(scratch, 'work-'));
    const local = await store.private.localFile('sources/big.mp4', { scratchDir: downloads });
    expect(local.startsWith(downloads)).toBe(true);
    expect(sha256(await readFile(local))).toBe(sha256(big));
    const res = await fetch((await store.private.directUrl('sources/big.mp4', { expiresAt: inAnHour() }))!);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(big));
  });

  it('removes one object and leaves its neighbours', async () => {
    for (const name of ['master.m3u8', '360p/init.mp4']) await store.private.put(`videos/c/${name}`, Buffer.from(name));
    await store.private.remove('videos/c/master.m3u8');
    expect(await store.private.read('videos/c/master.m3u8')).toBeUndefined();
    expect((await store.private.read('videos/c/360p/init.mp4'))?.toString()).toBe('360p/init.mp4');
  });

  it('presigns a download that expires no later than asked', async () => {
    await store.private.put('videos/d/segment0.m4s', Buffer.alloc(1000, 3));
    const url = new URL((await store.private.directUrl('videos/d/segment0.m4s', { expiresAt: new Date(Date.now() + 90_000) }))!);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${s3.bucket}/private/videos/d/segment0.m4s`);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(90);
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(Buffer.alloc(1000, 3))).toBe(true);
  });

  it('refuses keys that climb out of their area', async () => {
    await expect(store.public.put('../private/videos/x/master.m3u8', Buffer.from('x'))).rejects.toThrow(/escapes/);
  });
});

describe('public media URLs', () => {
  it('point at the bucket when no CDN is configured, path-style or virtual-hosted', () => {
    expect(store.public.url('videos/a/master.m3u8')).toBe(`${s3.endpoint}/${s3.bucket}/public/videos/a/master.m3u8`);
    const hosted = s3MediaStore(settings({ endpoint: 'https://objects.example.net', forcePathStyle: false }));
    expect(hosted.public.url('avatars/u.webp')).toBe(`https://${s3.bucket}.objects.example.net/public/avatars/u.webp`);
    const aws = s3MediaStore(settings({ endpoint: undefined, region: 'eu-west-1', forcePathStyle: false }));
    expect(aws.public.url('avatars/u.webp')).toBe(`https://${s3.bucket}.s3.eu-west-1.amazonaws.com/public/avatars/u.webp`);
  });

  it('point at the CDN when MEDIA_PUBLIC_URL is set, and map back to keys', () => {
    const cdn = s3MediaStore(settings({ publicUrl: 'https://cdn.example.com/m' }));
    expect(cdn.public.url('avatars/u 1.webp')).toBe('https://cdn.example.com/m/avatars/u%201.webp');
    expect(cdn.public.keyOf('https://cdn.example.com/m/avatars/u%201.webp')).toBe('avatars/u 1.webp');
    expect(cdn.public.keyOf('https://elsewhere.example.com/avatars/u.webp')).toBeUndefined();
    expect(cdn.public.keyOf('/media/avatars/u.webp')).toBeUndefined();
    expect(cdn.origins).toEqual([s3.endpoint, 'https://cdn.example.com']);
    expect(s3MediaStore(settings({ endpoint: undefined, region: 'eu-west-1', forcePathStyle: false })).origins).toEqual([
      `https://${s3.bucket}.s3.eu-west-1.amazonaws.com`,
    ]);
  });
});
