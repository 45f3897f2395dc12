import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Movie, PlaybackLink, Session } from '@marquee/contract';
import { STREAM_SLOT_IDLE_SECONDS } from '@marquee/contract';
import { subscriptions } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';
import { PRESS_PLAY, STREAM_STOPPED } from './media-access.service';

/**
 * Full content plays only for a player holding a stream slot. A title page's link (handed out
 * before anyone presses Play) prepares the first frame and no more; the link a player gets when
 * Play is pressed serves the title while its slot lives.
 */
const day = 24 * 60 * 60 * 1000;
/** Segments as packaging names them: `segment-N` starts N keyframe intervals (2 s) in. */
const SEGMENTS = [0, 1, 3, 5, 17, 19, 21].map((n) => `360p/segment-${String(n).padStart(5, '0')}.m4s`);

let ctx: TestContext;
let paid: { id: string; slug: string; assetId: string };
let free: { id: string; slug: string; assetId: string };
let people = 0;

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_LIMIT_PER_IP: '1000' });
  const make = fixtures(ctx.db);
  const packaged = async () => {
    const asset = await mediaAsset(ctx, 'private');
    const dir = join(ctx.config.privateMediaDir, asset.storagePrefix, '360p');
    // Named as ffmpeg names them in a ladder: init_<variant>.mp4 (transcode-hls.ts).
    await Promise.all([...SEGMENTS.map((file) => file.slice('360p/'.length)), 'init_2.mp4', 'init.mp4'].map((file) => writeFile(join(dir, file), Buffer.alloc(1000, 1))));
    await writeFile(join(dir, 'index.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:2,\nsegment-00000.m4s\n#EXT-X-ENDLIST\n');
    await writeFile(join(dir, '..', 'thumbnails.vtt'), 'WEBVTT\n');
    return asset.id;
  };
  const [paidAsset, freeAsset] = [await packaged(), await packaged()];
  paid = { ...(await make.title({ name: 'Night Train', slug: 'night-train', rentPriceCents: 399, videoAssetId: paidAsset })), assetId: paidAsset };
  free = { ...(await make.title({ name: 'Open Air', slug: 'open-air', isFree: true, videoAssetId: freeAsset })), assetId: freeAsset };
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

async function subscriber(): Promise<Session> {
  people += 1;
  const plan = await fixtures(ctx.db).plan({ title: `Solo ${people}`, priceCents: 999, validityDays: 30, maxStreams: 1 });
  const session = await signIn(ctx, { email: `links-${people}@example.com` });
  await ctx.db.insert(subscriptions).values({ userId: session.user._id, planId: plan.id, startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + 29 * day) });
  return session;
}

const get = (url: string, session?: Session) => ctx.app.inject({ url, headers: session ? bearer(session) : {} });
const pageLink = async (slug: string, session?: Session) => ((await get(`/movie-name/${slug}`, session)).json() as Movie).url!.replace(/\/master\.m3u8$/, '');
const play = async (session: Session, player: string): Promise<PlaybackLink> => {
  const res = await get(`/user/playback-link/${paid.assetId}?title=${paid.id}&player=${player}`, session);
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** The status of each file under a prefix, by file. */
async function statuses(prefix: string, files: string[]): Promise<Record<string, number>> {
  const answers = await Promise.all(files.map(async (file) => [file, (await get(`${prefix}/${file}`)).statusCode] as const));
  return Object.fromEntries(answers);
}
const each = (files: string[], status: number) => Object.fromEntries(files.map((file) => [file, status]));
const streamsOf = async (session: Session) => (await get('/user/streams', session)).json() as unknown[];

describe("a paid title's page link, before Play", () => {
  it('prepares the first frame only, and takes no stream', async () => {
    const viewer = await subscriber();
    const prefix = await pageLink(paid.slug, viewer);
    const preparation = ['master.m3u8', '360p/index.m3u8', '360p/init_2.mp4', '360p/init.mp4', '360p/segment-00000.m4s', 'thumbnails.vtt'];
    expect(await statuses(prefix, preparation)).toEqual(each(preparation, 200));
    const rest = SEGMENTS.filter((file) => !preparation.includes(file));
    expect(await statuses(prefix, rest)).toEqual(each(rest, 403));
    expect((await get(`${prefix}/${rest[0]}`)).json().message).toBe(PRESS_PLAY);
    expect(await streamsOf(viewer)).toEqual([]);
  });

  it('prepares the frame where the viewer resumes, not the whole title', async () => {
    const viewer = await subscriber();
    const saved = await ctx.app.inject({ method: 'PUT', url: '/user/progress', headers: bearer(viewer), payload: { titleId: paid.id, position: 37, duration: 100 } });
    expect(saved.statusCode).toBe(200);
    const prefix = await pageLink(paid.slug, viewer);
    // 37 s lies in the segment from 34 s (segment-00017); the next one starts at 38 s.
    expect(await statuses(prefix, SEGMENTS)).toEqual({
      ...each(SEGMENTS, 403),
      '360p/segment-00017.m4s': 200,
      '360p/segment-00019.m4s': 200,
    });
  });

  it('of a free title serves it whole: a free title takes no stream', async () => {
    const viewer = await subscriber();
    expect(await statuses(await pageLink(free.slug, viewer), SEGMENTS)).toEqual(each(SEGMENTS, 200));
    expect(await statuses(await pageLink(free.slug), SEGMENTS)).toEqual(each(SEGMENTS, 200));
  });
});

describe("a player's link, from Play", () => {
  it('serves the title while its slot lives, and stops the moment the slot is stopped', async () => {
    const viewer = await subscriber();
    const tab = crypto.randomUUID();
    const link = await play(viewer, tab);
    expect(link.streamId).toEqual(expect.any(String));
    expect(await statuses(link.prefix, SEGMENTS)).toEqual(each(SEGMENTS, 200));

    // Stopped from another device: no further segment, whatever the link's own lifetime.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/user/streams/${link.streamId}`, headers: bearer(viewer) })).statusCode).toBe(200);
    expect(await statuses(link.prefix, SEGMENTS)).toEqual(each(SEGMENTS, 403));
    expect((await get(`${link.prefix}/${SEGMENTS[1]}`)).json().message).toBe(STREAM_STOPPED);
    // Its next heartbeat takes the free slot back, with a link that plays.
    expect(await statuses((await play(viewer, tab)).prefix, SEGMENTS)).toEqual(each(SEGMENTS, 200));
  });

  it('stops when its heartbeat lapses for a minute', async () => {
    const viewer = await subscriber();
    const link = await play(viewer, crypto.randomUUID());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (STREAM_SLOT_IDLE_SECONDS + 1) * 1000);
    expect(await statuses(link.prefix, SEGMENTS)).toEqual(each(SEGMENTS, 403));
  });

  it("of another player of the same browser is not this player's: each tab needs a slot of its own", async () => {
    const viewer = await subscriber();
    const first = await play(viewer, crypto.randomUUID());
    const second = await get(`/user/playback-link/${paid.assetId}?title=${paid.id}&player=${crypto.randomUUID()}`, viewer);
    expect(second.statusCode).toBe(409);
    // The page link the second tab holds still prepares its first frame only.
    expect((await get(`${await pageLink(paid.slug, viewer)}/${SEGMENTS[2]}`)).statusCode).toBe(403);
    expect(await statuses(first.prefix, SEGMENTS)).toEqual(each(SEGMENTS, 200));
  });

  it('refuses a player id that is not one', async () => {
    const viewer = await subscriber();
    const res = await get(`/user/playback-link/${paid.assetId}?title=${paid.id}&player=tab-1`, viewer);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['querystring.player']);
    expect(await streamsOf(viewer)).toEqual([]);
  });
});
