import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaAssets } from '../../db/schema';
import { mediaStoreFromConfig } from '../../storage/store-from-config';
import type { MediaStore } from '../../storage/storage';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server';
import { consoleEnv, staffSessions, type Sessions } from '../../../test/staff';

let s3: LocalS3;
let ctx: TestContext;
let s: Sessions;
let store: MediaStore;
let asset: { id: string; storagePrefix: string };

beforeAll(async () => {
  s3 = await startLocalS3();
  ctx = await createTestContext({ ...consoleEnv, ...s3.env });
  s = await staffSessions(ctx);
  store = mediaStoreFromConfig(ctx.config);
  const [row] = await ctx.db.insert(mediaAssets).values({ access: 'private', status: 'ready', sourceKey: 'sources/s3.mp4', storagePrefix: 'videos/s3-subtitles', durationSeconds: 30 }).returning();
  asset = row!;
  await store.private.put(`${asset.storagePrefix}/master.m3u8`, Buffer.from('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\n360p/index.m3u8\n'));
  await fixtures(ctx.db).title({ name: 'Bucket List', slug: 'bucket-list', isFree: true, videoAssetId: asset.id });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await s3.close();
});

describe('uploaded subtitles with S3 storage', () => {
  it('stores the WebVTT file and its playlist in the bucket and names them in the stored master playlist', async () => {
    const form = new FormData();
    form.set('lang', 'it');
    form.set('label', 'Italiano');
    form.set('file', new Blob(['WEBVTT\n\n00:01.000 --> 00:02.000\nCiao\n'], { type: 'text/vtt' }), 'it.vtt');
    const request = new Request('http://local/', { method: 'POST', body: form });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/admin/api/videos/${asset.id}/subtitles`,
      headers: { authorization: `Bearer ${s.editor.token}`, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(200);

    const [stored] = await ctx.db.select({ u: mediaAssets.uploadedSubtitles }).from(mediaAssets).where(eq(mediaAssets.id, asset.id));
    const key = stored!.u[0]!.key;
    expect((await store.private.read(`${asset.storagePrefix}/${key}`))?.toString()).toBe('WEBVTT\n\n00:01.000 --> 00:02.000\nCiao\n');
    expect((await store.private.read(`${asset.storagePrefix}/${key.replace('.vtt', '.m3u8')}`))?.toString()).toContain('#EXTINF:30.000,');
    expect((await store.private.read(`${asset.storagePrefix}/master.m3u8`))?.toString()).toContain(`LANGUAGE="it",NAME="Italiano",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="${key.replace('.vtt', '.m3u8')}"`);
    const movie = (await ctx.app.inject('/movie-name/bucket-list')).json();
    expect(movie.subtitles).toEqual([expect.objectContaining({ lang: 'it', label: 'Italiano', src: expect.stringContaining(key) })]);
  });
});
