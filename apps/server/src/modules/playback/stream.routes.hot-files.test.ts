import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUrlSigner } from '../../storage/url-signer';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { mediaAsset } from '../../../test/fixtures';

/** One app keeping hot files in memory (the default) and one with MEDIA_MEMORY_CACHE_MB=0. */
interface Served {
  ctx: TestContext;
  /** `/media/s/…/<asset>` under a valid anonymous signature. */
  prefix: string;
  /** The package's directory in private media. */
  dir: string;
}

let kept: Served;
let off: Served;
const SEGMENT = '360p/segment0.m4s';
// Distinct bytes, so a wrong offset shows.
const SEGMENT_BYTES = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7 + (i >> 8)) % 256));
const SAME_TIME = new Date('2026-11-01T10:00:00Z');

beforeAll(async () => {
  [kept, off] = await Promise.all([served(), served({ MEDIA_MEMORY_CACHE_MB: '0' })]);
});
afterAll(() => Promise.all([kept?.ctx.close(), off?.ctx.close()]));

async function served(env: Record<string, string> = {}): Promise<Served> {
  const ctx = await createTestContext(env);
  const asset = await mediaAsset(ctx, 'private');
  const dir = join(ctx.config.privateMediaDir, asset.storagePrefix);
  // The same bytes and times in both apps, so their ETag and Last-Modified are the same too.
  await writeFile(join(dir, SEGMENT), SEGMENT_BYTES);
  for (const file of [SEGMENT, 'master.m3u8']) await utimes(join(dir, file), SAME_TIME, SAME_TIME);
  const key = (await readFile(join(ctx.config.dataDir, 'secrets', 'media-signing.key'), 'utf8')).trim();
  const prefix = createUrlSigner({ keys: [key], ttlMs: 60_000 }).prefix({ assetId: asset.id, session: 'anonymous' });
  return { ctx, prefix, dir };
}

const get = (app: Served, file: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  app.ctx.app.inject({ method, url: `${app.prefix}/${file}`, headers });

/** What a client sees of an answer, less what differs per request; the body as its digest. */
async function seen(app: Served, file: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  const res = await get(app, file, headers, method);
  const { date: _date, 'x-request-id': _id, ...rest } = res.headers;
  return { status: res.statusCode, headers: rest, body: digest(res.rawPayload) };
}

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('signed media from memory', () => {
  it('sends the exact bytes of the file, again and again', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await get(kept, SEGMENT);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(SEGMENT_BYTES.length));
      expect(res.rawPayload.equals(SEGMENT_BYTES)).toBe(true);
    }
  });

  it('answers Range requests from memory: 206 with the right Content-Range, 416 beyond the end', async () => {
    await get(kept, SEGMENT);
    const middle = await get(kept, SEGMENT, { range: 'bytes=1000-65535' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 1000-65535/${SEGMENT_BYTES.length}`);
    expect(middle.rawPayload.equals(SEGMENT_BYTES.subarray(1000, 65536))).toBe(true);
    const tail = await get(kept, SEGMENT, { range: 'bytes=-500' });
    expect(tail.headers['content-range']).toBe(`bytes 299500-299999/${SEGMENT_BYTES.length}`);
    expect(tail.rawPayload.equals(SEGMENT_BYTES.subarray(-500))).toBe(true);
    const beyond = await get(kept, SEGMENT, { range: 'bytes=300000-' });
    expect(beyond.statusCode).toBe(416);
  });

  it('answers 304 to If-None-Match with the ETag it gave', async () => {
    const etag = (await get(kept, SEGMENT)).headers.etag as string;
    const again = await get(kept, SEGMENT, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('serves the new content of a playlist rewritten under the same name', async () => {
    const master = join(kept.dir, 'master.m3u8');
    const before = await get(kept, 'master.m3u8');
    const rewritten = `${before.payload}#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",URI="subs/en.m3u8"\n`;
    // As storage writes (beside, then renamed), then in place.
    await writeFile(`${master}.partial`, rewritten);
    await rename(`${master}.partial`, master);
    expect((await get(kept, 'master.m3u8')).payload).toBe(rewritten);
    await writeFile(master, `${rewritten}#EXT-X-ENDLIST\n`);
    expect((await get(kept, 'master.m3u8')).payload).toBe(`${rewritten}#EXT-X-ENDLIST\n`);
  });

  it('answers exactly as when every file is streamed from disk (MEDIA_MEMORY_CACHE_MB=0)', async () => {
    const etag = (await get(off, SEGMENT)).headers.etag as string;
    const requests: { headers?: Record<string, string>; method?: 'HEAD' }[] = [
      {},
      { headers: { range: 'bytes=100-199' } },
      { headers: { range: 'bytes=299000-' } },
      { headers: { range: 'bytes=400000-' } },
      { headers: { 'if-none-match': etag } },
      { headers: { 'if-modified-since': SAME_TIME.toUTCString() } },
      { headers: { range: 'bytes=0-9', 'if-range': '"stale"' } },
      { method: 'HEAD' },
      { method: 'HEAD', headers: { range: 'bytes=0-9' } },
    ];
    for (const request of requests) {
      const fromDisk = await seen(off, SEGMENT, request.headers, request.method);
      expect(await seen(kept, SEGMENT, request.headers, request.method), JSON.stringify(request)).toEqual(fromDisk);
    }
    expect((await seen(off, SEGMENT)).body).toBe(digest(SEGMENT_BYTES));
    expect(await seen(kept, 'master.m3u8')).toMatchObject({ status: 200, headers: { 'cache-control': 'no-cache', 'content-type': expect.stringContaining('mpegurl') } });
    expect((await seen(kept, '360p/missing.m4s')).status).toBe(404);
  });
});

describe('public trailer files from memory', () => {
  it('answer as @fastify/static answers any other public file, the caching rule aside', async () => {
    const { ctx } = kept;
    const trailer = await mediaAsset(ctx, 'public');
    const trailerFile = join(ctx.config.mediaDir, trailer.storagePrefix, SEGMENT);
    const other = join(ctx.config.mediaDir, 'artwork', 'same-bytes.m4s');
    await mkdir(dirname(other), { recursive: true });
    for (const path of [trailerFile, other]) {
      await writeFile(path, SEGMENT_BYTES);
      await utimes(path, SAME_TIME, SAME_TIME);
    }
    const publicSeen = async (url: string, headers: Record<string, string>, method: 'GET' | 'HEAD') => {
      const res = await ctx.app.inject({ method, url, headers });
      const { date: _date, 'x-request-id': _id, 'cache-control': cacheControl, ...rest } = res.headers;
      return { status: res.statusCode, headers: rest, body: digest(res.rawPayload), cacheControl };
    };
    const requests: Record<string, string>[] = [{}, { range: 'bytes=5-50004' }, { 'if-none-match': (await get(off, SEGMENT)).headers.etag as string }];
    for (const request of requests) {
      for (const method of ['GET', 'HEAD'] as const) {
        const fromMemory = await publicSeen(`/media/${trailer.storagePrefix}/${SEGMENT}`, request, method);
        const { cacheControl: otherCaching, ...fromStatic } = await publicSeen('/media/artwork/same-bytes.m4s', request, method);
        expect(otherCaching).toBe('public, max-age=86400');
        expect(fromMemory).toEqual({ ...fromStatic, cacheControl: 'public, max-age=31536000, immutable' });
      }
    }
    expect((await publicSeen(`/media/${trailer.storagePrefix}/${SEGMENT}`, {}, 'GET')).body).toBe(digest(SEGMENT_BYTES));
  });
});
