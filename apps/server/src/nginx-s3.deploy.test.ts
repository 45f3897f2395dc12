import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../test/fixtures';
import { nginxInstalled } from '../test/nginx';
import { startLocalS3, type LocalS3 } from '../test/s3-server';
import { entryPoints, startProcess, type ServerProcess } from '../test/server-process';
import { apiAt, buySubscriptionWithSandbox, signUpViewer, startSiteBehindNginx, type SiteBehindNginx } from '../test/site-behind-nginx';
import { createScratchDatabase } from '../test/test-app';
import { loadConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { mediaAssets, titles } from './db/schema';
import { waitFor } from './jobs/jobs.test-support';
import { mediaStoreFromConfig } from './storage/store-from-config';
import type { MediaStorage } from './storage/storage';
import { resolveMediaTools } from './transcoding/ffmpeg-binaries';

const serverUrl = process.env.DATABASE_URL;

// The S3 topology of docs/operations.md: two API nodes (WORKERS=0, each with a DATA_DIR of its
// own) and one worker process on one PostgreSQL database and one bucket (the S3 stand-in), behind
// deploy/nginx rendered for media in the bucket. A source queued through one node is transcoded
// by the worker and plays through either node; nginx fetches segments from the bucket and caches them.
describe.skipIf(!serverUrl || !nginxInstalled)('two nodes and a worker on S3 behind deploy/nginx', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DatabaseHandle;
  let s3: LocalS3;
  let bucket: MediaStorage;
  let dir: string;
  let site: SiteBehindNginx;
  let worker: ServerProcess;
  let planId: string;
  let token: string;
  let assetId: string;
  const nodeDir = (n: number) => join(dir, `node-${n}`);
  const viewer = (base: string) => apiAt(base, () => token);
  // One player of the viewer's: the plan's one stream is its own across the tests.
  const player = randomUUID();
  /** The link the player gets on Play (holding a stream): a page's own link only prepares the first frame. */
  const playerLink = async (): Promise<string> => {
    const api = viewer(site.url);
    const movie = (await (await api('/movie-name/paid')).json()) as { _id: string };
    const answer = await api(`/user/playback-link/${assetId}?title=${movie._id}&player=${player}`);
    expect(answer.status).toBe(200);
    return `${((await answer.json()) as { prefix: string }).prefix}/master.m3u8`;
  };

  beforeAll(async () => {
    database = await createScratchDatabase(serverUrl!);
    dir = await mkdtemp(join(tmpdir(), 'marquee-nginx-s3-'));
    s3 = await startLocalS3();
    site = await startSiteBehindNginx({
      dir,
      databaseUrl: database.url,
      // Three processes of one site: each refuses to start without the shared database, bucket and keys.
      env: { ...s3.env, NODES: '3' },
      nodeEnv: (n) => ({ DATA_DIR: nodeDir(n) }),
      media: { bucketOrigin: s3.endpoint },
    });
    // `npm run worker` on a media machine of its own; the nodes have migrated the database.
    worker = startProcess(entryPoints.worker, { ...site.env, WORKERS: '1', DATA_DIR: join(dir, 'worker') });
    expect(await worker.waitFor(/"msg":"worker started"/), worker.output()).not.toBeNull();

    handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    const make = fixtures(handle.db);
    await make.title({ slug: 'paid', name: 'Paid' });
    planId = (await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30 })).id;
    bucket = mediaStoreFromConfig(loadConfig({ ...site.env, NODE_ENV: 'test', DATA_DIR: join(dir, 'reader') })).private;
  });

  afterAll(async () => {
    if (worker && worker.child.exitCode === null) worker.child.kill('SIGTERM');
    await worker?.exited;
    await site?.stop();
    await handle?.close();
    await database?.drop();
    await s3?.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  });

  it('signs a viewer up on node A and keeps the session on node B and through nginx', async () => {
    const [nodeA, nodeB] = site.nodeUrls.map((host) => `http://${host}`);
    token = await signUpViewer(nodeA!, { email: 'viewer@example.com', name: 'Viewer' });
    expect((await viewer(nodeB!)('/user/profile')).status).toBe(200);
    const profiles = await Promise.all(Array.from({ length: 4 }, () => viewer(site.url)('/user/profile')));
    expect(profiles.map((p) => p.status)).toEqual([200, 200, 200, 200]);
  });

  it('transcodes a source queued through node A in the worker, into the bucket', { timeout: 180_000 }, async () => {
    const tools = await resolveMediaTools();
    const source = join(dir, 'source.mp4');
    // Tiny on purpose: 4 s at 320×180 makes a three-rung ladder of two segments each in seconds.
    const made = spawnSync(tools.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15', '-f', 'lavfi', '-i', 'sine=frequency=440',
      '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', source]);
    expect(made.status, String(made.stderr)).toBe(0);
    // `npm run ingest` on node A's machine, with node A's environment.
    const ingest = startProcess(entryPoints.ingest, { ...site.env, DATA_DIR: nodeDir(0) }, [source, '--movie', 'paid']);
    const code = await ingest.exited;
    expect(code, ingest.output()).toBe(0);
    assetId = /as asset ([0-9a-f-]{36})/.exec(ingest.output())![1]!;

    const asset = async () => (await handle.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId)))[0]!;
    await waitFor(async () => ['ready', 'failed'].includes((await asset()).status), { timeoutMs: 150_000, what: 'the worker to transcode the source' });
    expect((await asset()).error).toBeNull();
    expect((await asset()).status).toBe('ready');
    const [title] = await handle.db.select({ videoAssetId: titles.videoAssetId }).from(titles).where(eq(titles.slug, 'paid'));
    expect(title!.videoAssetId).toBe(assetId);
    expect(worker.output()).toContain('"type":"media.transcode"');
    // The package is in the bucket; no node or worker kept media on its own disk.
    expect(String(await bucket.read(`videos/${assetId}/master.m3u8`))).toContain('#EXT-X-STREAM-INF');
    for (const local of [nodeDir(0), nodeDir(1), join(dir, 'worker')]) expect(existsSync(join(local, 'private-media', 'videos'))).toBe(false);
  });

  it('buys a subscription with the sandbox and plays the new title through nginx and through either node', async () => {
    const api = viewer(site.url);
    expect(((await (await api('/movie-name/paid')).json()) as { url: string | null }).url).toBeNull();
    await buySubscriptionWithSandbox(api, planId);
    const { url } = (await (await api('/movie-name/paid')).json()) as { url: string };
    expect(url).toContain(`/${assetId}/master.m3u8`);

    for (const base of [site.url, ...site.nodeUrls.map((host) => `http://${host}`)]) {
      const played = await play(base, url);
      expect(played.variants.length).toBe(3);
      if (base === site.url) {
        // nginx sends the bucket's bytes.
        expect(played.segment.status).toBe(200);
        expect(played.segment.headers.get('content-type')).toBe('video/iso.segment');
        expect(played.segment.bytes.equals((await bucket.read(played.segmentKey))!)).toBe(true);
      } else {
        // A node asked directly checks the link and names the presigned object for nginx, sending no bytes.
        expect(played.segment.headers.get('x-accel-redirect')).toMatch(new RegExp(`^/_marquee/private-media/${s3.bucket}/private/${played.segmentKey}\\?.*X-Amz-Signature=`));
        expect(played.segment.bytes.byteLength).toBe(0);
      }
    }
  });

  it('caches segments from the bucket in nginx: a second fetch is a HIT, Range works, and every request is still checked', async () => {
    const { variants } = await play(site.url, await playerLink());
    // A rendition nobody has played yet.
    const variant = variants.at(-1)!;
    const segmentPath = new URL(mediaUris(await (await fetch(`${site.url}${variant}`)).text()).at(-1)!, `${site.url}${variant}`).pathname;
    const key = keyOf(segmentPath);
    const stored = (await bucket.read(key))!;

    const first = await fetch(`${site.url}${segmentPath}`);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(Buffer.from(await first.arrayBuffer()).equals(stored)).toBe(true);
    const second = await fetch(`${site.url}${segmentPath}`);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(Buffer.from(await second.arrayBuffer()).equals(stored)).toBe(true);
    const part = await fetch(`${site.url}${segmentPath}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${stored.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(stored.subarray(100, 200))).toBe(true);

    // A cached segment is still refused under a tampered link, and the internal location is unreachable.
    expect((await fetch(`${site.url}${segmentPath.replace(/\/s\/(\d+)\//, (_m, e: string) => `/s/${Number(e) + 60}/`)}`)).status).toBe(403);
    expect((await fetch(`${site.url}/_marquee/private-media/${s3.bucket}/private/${key}`)).status).toBe(404);
  });

  it('keeps a viewer watching through node B when node A dies mid-session', async () => {
    const api = viewer(site.url);
    const { variants } = await play(site.url, await playerLink());
    site.nodes[0]!.child.kill('SIGKILL');
    await site.nodes[0]!.exited;
    // Every rendition's playlist, init segment and segments, each a request a node must check.
    for (const variant of variants) {
      const playlist = await fetch(`${site.url}${variant}`);
      expect(playlist.status).toBe(200);
      for (const uri of mediaUris(await playlist.text())) {
        const res = await fetch(new URL(uri, `${site.url}${variant}`));
        expect(res.status, uri).toBe(200);
        await res.arrayBuffer();
      }
      expect((await api('/user/profile')).status).toBe(200);
    }
  });
});

/** The URIs a playlist names (variant playlists, the init segment, media segments), in order. */
function mediaUris(playlist: string): string[] {
  return playlist.split('\n').flatMap((line) => {
    const map = /^#EXT-X-MAP:URI="([^"]+)"/.exec(line);
    if (map) return [map[1]!];
    return line && !line.startsWith('#') ? [line.trim()] : [];
  });
}

/** The object a signed path `/media/s/:expiry/:session/:sig/:assetId/:file` names in private storage. */
function keyOf(signedPath: string): string {
  return `videos/${/^\/media\/s\/[^/]+\/[^/]+\/[^/]+\/(.+)$/.exec(signedPath)![1]}`;
}

/** What a player does first: the master playlist, every variant's path, the first variant's first media segment. */
async function play(base: string, url: string) {
  const master = await fetch(`${base}${url}`);
  expect(master.status).toBe(200);
  expect(master.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
  const variants = mediaUris(await master.text()).map((uri) => new URL(uri, `${base}${url}`).pathname);
  const rendition = await fetch(`${base}${variants[0]}`);
  expect(rendition.status).toBe(200);
  const segmentUri = mediaUris(await rendition.text()).find((uri) => uri.endsWith('.m4s'))!;
  const segmentPath = new URL(segmentUri, `${base}${variants[0]}`).pathname;
  const res = await fetch(`${base}${segmentPath}`);
  return {
    variants,
    segmentKey: keyOf(segmentPath),
    segment: { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) },
  };
}
