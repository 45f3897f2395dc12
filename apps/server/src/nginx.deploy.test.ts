import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, mediaAsset } from '../test/fixtures';
import { nginxInstalled } from '../test/nginx';
import type { ServerProcess } from '../test/server-process';
import { apiAt, buySubscriptionWithSandbox, signUpViewer, startSiteBehindNginx, type SiteBehindNginx } from '../test/site-behind-nginx';
import { createScratchDatabase } from '../test/test-app';
import { openDatabase, type DatabaseHandle } from './db/client';

const serverUrl = process.env.DATABASE_URL;

// deploy/nginx in front of two API nodes on one PostgreSQL database: the config in the repository,
// rendered as an operator would, with the real nginx from Debian and the real server entry point.
describe.skipIf(!serverUrl || !nginxInstalled)('two nodes behind deploy/nginx', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DatabaseHandle;
  let dir: string;
  let site: SiteBehindNginx;
  let nginx: { url: string };
  let nodes: ServerProcess[];
  let segmentBytes: Buffer;
  let segmentDir: string;
  let token: string;
  let nodeUrls: string[];
  let planId: string;
  let late: { id: string };
  let early: { id: string };
  let assetId: string;

  beforeAll(async () => {
    database = await createScratchDatabase(serverUrl!);
    dir = await mkdtemp(join(tmpdir(), 'marquee-nginx-'));
    // The web build's shape: an app shell and a content-hashed asset.
    const web = join(dir, 'web');
    await mkdir(join(web, 'assets'), { recursive: true });
    await writeFile(join(web, 'index.html'), '<!doctype html><title>Marquee</title><script type="module" src="/assets/index-3f2a9c1b.js"></script>');
    await writeFile(join(web, 'assets', 'index-3f2a9c1b.js'), `export const app = ${JSON.stringify('x'.repeat(4000))};\n`);
    const privateMediaDir = join(dir, 'shared', 'private-media');
    site = await startSiteBehindNginx({
      dir,
      databaseUrl: database.url,
      // A volume every node mounts, so nginx can send private media from it.
      env: { DATA_DIR: join(dir, 'shared'), WEB_DIST_DIR: web },
      media: { privateMediaDir },
    });
    ({ nginx, nodes, nodeUrls } = site);

    handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    const asset = await mediaAsset({ db: handle.db, config: { mediaDir: join(dir, 'shared', 'media'), privateMediaDir } }, 'private');
    const make = fixtures(handle.db);
    await make.title({ slug: 'free', name: 'Free', isFree: true, videoAssetId: asset.id });
    await make.title({ slug: 'paid', name: 'Paid', videoAssetId: asset.id });
    // The same video for two more ratings, as the demo shares its clips.
    late = await make.title({ slug: 'late', name: 'Late', ageLimit: 16, videoAssetId: asset.id });
    early = await make.title({ slug: 'early', name: 'Early', ageLimit: 7, videoAssetId: asset.id });
    assetId = asset.id;
    planId = (await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30, maxStreams: 2 })).id;
    segmentDir = join(privateMediaDir, asset.storagePrefix, '360p');
    segmentBytes = await readFile(join(segmentDir, 'segment0.m4s'));
  });

  afterAll(async () => {
    await site?.stop();
    await handle?.close();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const api = (path: string, init: RequestInit = {}) => apiAt(nginx.url, () => token)(path, init);

  it('balances requests over both nodes and passes the request id through', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `nginx-test-request-${i}-${Date.now()}`);
    for (const id of ids) {
      const res = await fetch(`${nginx.url}/readyz`, { headers: { 'x-request-id': id } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBe(id);
    }
    // Log lines are written asynchronously: give them a moment to arrive.
    const logged = (node: ServerProcess, id: string) => node.output().includes(`"reqId":"${id}"`);
    for (let i = 0; i < 50 && !ids.every((id) => nodes.some((node) => logged(node, id))); i += 1) await new Promise((r) => setTimeout(r, 100));
    const served = nodes.map((node) => ids.filter((id) => logged(node, id)).length);
    expect(served.every((n) => n > 0)).toBe(true);
    expect(served[0]! + served[1]!).toBe(ids.length);
    // Without one, nginx makes one up and the node logs it.
    expect((await fetch(`${nginx.url}/readyz`)).headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('signs a viewer up through one node and keeps the session on the other', async () => {
    token = await signUpViewer(nginx.url, { email: 'viewer@example.com', name: 'Viewer' });
    const profiles = await Promise.all(Array.from({ length: 6 }, () => api('/user/profile')));
    expect(profiles.map((p) => p.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('buys a subscription with the sandbox, each step on whichever node nginx picks, and plays a paid title', async () => {
    // Before paying, the title page carries no playback link.
    expect(((await (await api('/movie-name/paid')).json()) as { url: string | null }).url).toBeNull();
    await buySubscriptionWithSandbox(api, planId);
    const paid = await api('/movie-name/paid');
    expect(paid.status).toBe(200);
    const { url } = (await paid.json()) as { url: string };
    const segment = await fetch(`${nginx.url}${url.replace('master.m3u8', '360p/segment0.m4s')}`);
    expect(segment.status).toBe(200);
    expect(Buffer.from(await segment.arrayBuffer()).equals(segmentBytes)).toBe(true);
    // The page's link prepares the first frame only: a segment ten seconds in waits for Play, even
    // right after nginx sent the first one (a page link's files are each checked by a node).
    await writeFile(join(segmentDir, 'segment5.m4s'), segmentBytes);
    expect((await fetch(`${nginx.url}${url.replace('master.m3u8', '360p/segment5.m4s')}`)).status).toBe(403);
  });

  it('plays full content: the node checks the link, nginx sends the bytes (Range too)', async () => {
    const { url } = (await (await api('/movie-name/free')).json()) as { url: string };
    const playlist = await fetch(`${nginx.url}${url}`);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
    expect(playlist.headers.get('x-accel-redirect')).toBeNull();
    const segmentUrl = `${nginx.url}${url.replace('master.m3u8', '360p/segment0.m4s')}`;
    const segment = await fetch(segmentUrl);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/iso.segment');
    expect(segment.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(Buffer.from(await segment.arrayBuffer()).equals(segmentBytes)).toBe(true);
    const part = await fetch(segmentUrl, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    // Asked directly, the node sends no bytes: it names the file for nginx.
    const direct = await fetch(segmentUrl.replace(nginx.url, `http://${nodeUrls[1]}`));
    expect(direct.headers.get('x-accel-redirect')).toMatch(/^\/_marquee\/private-media\/videos\/[0-9a-f-]{36}\/360p\/segment0\.m4s$/);
    expect((await direct.arrayBuffer()).byteLength).toBe(0);
    expect(direct.headers.get('content-security-policy')).toBeNull();
    // A tampered link is refused by the node; the internal location cannot be asked for.
    expect((await fetch(segmentUrl.replace(/\/s\/(\d+)\//, (_m, e: string) => `/s/${Number(e) + 60}/`))).status).toBe(403);
    const internal = segmentUrl.replace(/\/media\/s\/[^/]+\/[^/]+\/[^/]+\//, '/_marquee/private-media/videos/');
    expect((await fetch(internal)).status).toBe(404);
  });

  it('gzips the app shell and API, caches hashed assets for a year, and refuses bodies over the upload limit', async () => {
    const asset = await fetch(`${nginx.url}/assets/index-3f2a9c1b.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const again = await fetch(`${nginx.url}/assets/index-3f2a9c1b.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(again.headers.get('x-cache')).toBe('HIT');
    const tooBig = await fetch(`${nginx.url}/user/profile/avatar`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: Buffer.alloc(7 * 1024 * 1024) });
    expect(tooBig.status).toBe(413);
  });

  it("stops a 16+ title's old links at the next request once the session switches to a kids profile, nginx's kept yes or not", async () => {
    const segmentOf = (prefix: string) => fetch(`${nginx.url}${prefix}/360p/segment0.m4s`);
    const [latePlayer, earlyPlayer] = [randomUUID(), randomUUID()];
    const playerLink = async (title: { id: string }, player: string) => {
      const res = await api(`/user/playback-link/${assetId}?title=${title.id}&player=${player}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { prefix: string }).prefix;
    };
    const select = async (id: string) => expect((await api(`/user/profiles/${id}/select`, { method: 'POST', body: '{}' })).status).toBe(200);
    const own = ((await (await api('/user/profiles')).json()) as { current: string }).current;
    const pageLink = ((await (await api('/movie-name/late')).json()) as { url: string }).url;
    const [lateLink, earlyLink] = [await playerLink(late, latePlayer), await playerLink(early, earlyPlayer)];
    // A second segment within 5 s is sent on the yes nginx kept for the first (one profile: no switch can stop it).
    for (let i = 0; i < 2; i += 1) expect((await segmentOf(lateLink)).status).toBe(200);

    const kid = ((await (await api('/user/profiles', { method: 'POST', body: JSON.stringify({ name: 'Kid', isKids: true }) })).json()) as { _id: string })._id;
    try {
      await select(kid);
      expect((await segmentOf(lateLink)).status).toBe(403);
      expect((await fetch(`${nginx.url}${pageLink}`)).status).toBe(403);
      expect((await api(`/user/playback-link/${assetId}?title=${late.id}`)).status).toBe(403);
      expect((await segmentOf(earlyLink)).status).toBe(200);

      // Back on the grown-up profile a new link plays; with a kids profile in the account its yes
      // is not kept, so switching again stops it at once.
      await select(own);
      const again = await playerLink(late, latePlayer);
      for (let i = 0; i < 2; i += 1) expect((await segmentOf(again)).status).toBe(200);
      await select(kid);
      expect((await segmentOf(again)).status).toBe(403);
    } finally {
      await select(own);
    }
  });

  it('keeps a viewer watching when a node dies mid-session', async () => {
    const { url } = (await (await api('/movie-name/free')).json()) as { url: string };
    nodes[0]!.child.kill('SIGKILL');
    await nodes[0]!.exited;
    const segmentUrl = `${nginx.url}${url.replace('master.m3u8', '360p/segment0.m4s')}`;
    for (let i = 0; i < 6; i += 1) {
      expect((await fetch(segmentUrl)).status).toBe(200);
      expect((await api('/user/profile')).status).toBe(200);
    }
  });
});
