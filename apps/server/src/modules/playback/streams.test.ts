import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveStream, Session } from '@marquee/contract';
import { rentals, streamSlots, subscriptions } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { bearer, sessionIdOf, signIn } from '../../../test/sign-in';
import { deviceName } from './device-name';
import { holdStream } from './streams.service';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const day = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let videoId: string;
let paid: { id: string };
let free: { id: string };
let elsewhere: { id: string };

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_LIMIT_PER_IP: '1000' });
  const make = fixtures(ctx.db);
  const video = await mediaAsset(ctx, 'private');
  videoId = video.id;
  paid = await make.title({ name: 'Night Train', slug: 'night-train', rentPriceCents: 399, videoAssetId: video.id });
  // The same video also plays for a free title (the demo shares its clips).
  free = await make.title({ name: 'Open Air', slug: 'open-air', isFree: true, videoAssetId: video.id });
  elsewhere = await make.title({ name: 'Elsewhere', slug: 'elsewhere' });
});
afterAll(() => ctx.close());

async function subscriber(email: string, maxStreams: number): Promise<Session> {
  const plan = await fixtures(ctx.db).plan({ title: `Plan for ${email}`, priceCents: 999, validityDays: 30, maxStreams });
  const session = await signIn(ctx, { email });
  await ctx.db.insert(subscriptions).values({ userId: session.user._id, planId: plan.id, startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + 29 * day) });
  return session;
}

/** Another device signing in to the same account: a session of its own. */
const anotherDevice = (session: Session) => signIn(ctx, { email: session.user.email! });

function play(session: Session | null, userAgent: string, title: { id: string } = paid) {
  const headers = { 'user-agent': userAgent, ...(session ? bearer(session) : {}) };
  return ctx.app.inject({ url: `/user/playback-link/${videoId}?title=${title.id}`, headers });
}

const streamsOf = async (session: Session): Promise<ActiveStream[]> => (await ctx.app.inject({ url: '/user/streams', headers: bearer(session) })).json();
const stop = (session: Session, id: string) => ctx.app.inject({ method: 'DELETE', url: `/user/streams/${id}`, headers: bearer(session) });

describe('simultaneous streams', () => {
  it('refuses a second device on a one-stream plan, naming the first; stopping it lets the second play', async () => {
    const laptop = await subscriber('solo@example.com', 1);
    const phone = await anotherDevice(laptop);

    const first = await play(laptop, CHROME_WINDOWS);
    expect(first.statusCode).toBe(200);
    const { streamId, renewIn, expiresIn } = first.json();
    expect(streamId).toEqual(expect.any(String));
    expect(renewIn).toBeLessThanOrEqual(20);
    expect(renewIn).toBeLessThanOrEqual(expiresIn / 2);
    // Renewing is the heartbeat: the same slot.
    expect((await play(laptop, CHROME_WINDOWS)).json().streamId).toBe(streamId);

    const refused = await play(phone, SAFARI_IPHONE);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Your plan plays on one screen at a time. Playing now: Chrome on Windows (Night Train). Stop one to watch here.');
    expect(refused.json().streams).toEqual([{ _id: streamId, device: 'Chrome on Windows', title: 'Night Train', startedAt: expect.any(String), current: false }]);
    expect(await streamsOf(laptop)).toEqual([expect.objectContaining({ _id: streamId, current: true })]);

    expect((await stop(phone, streamId)).json()).toEqual([]);
    const second = await play(phone, SAFARI_IPHONE);
    expect(second.statusCode).toBe(200);
    // The laptop's next heartbeat is refused: the phone holds the only stream now.
    const laptopAgain = await play(laptop, CHROME_WINDOWS);
    expect(laptopAgain.statusCode).toBe(409);
    expect(laptopAgain.json().streams).toEqual([expect.objectContaining({ _id: second.json().streamId, device: 'Safari on iPhone' })]);
  });

  it('counts each player of one browser as a stream: a second tab is refused, naming the first', async () => {
    const browser = await subscriber('two-tabs@example.com', 1);
    const [tab, otherTab] = [crypto.randomUUID(), crypto.randomUUID()];
    const playIn = (player: string) => ctx.app.inject({ url: `/user/playback-link/${videoId}?title=${paid.id}&player=${player}`, headers: { 'user-agent': CHROME_WINDOWS, ...bearer(browser) } });

    const first = await playIn(tab);
    expect(first.statusCode).toBe(200);
    // Its heartbeat keeps its own slot.
    expect((await playIn(tab)).json().streamId).toBe(first.json().streamId);
    const refused = await playIn(otherTab);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Your plan plays on one screen at a time. Playing now: Chrome on Windows, another tab or window (Night Train). Stop one to watch here.',
    );
    expect(refused.json().streams).toEqual([expect.objectContaining({ _id: first.json().streamId, current: true })]);

    // The first tab closes (its player gives the stream back): the second plays.
    expect((await stop(browser, first.json().streamId)).statusCode).toBe(200);
    expect((await playIn(otherTab)).statusCode).toBe(200);
    expect((await playIn(tab)).statusCode).toBe(409);
  });

  it('lets a plan play as many videos at once as it allows, and no more', async () => {
    const one = await subscriber('family@example.com', 2);
    const [two, three] = [await anotherDevice(one), await anotherDevice(one)];
    expect((await play(one, CHROME_WINDOWS)).statusCode).toBe(200);
    expect((await play(two, FIREFOX_MAC)).statusCode).toBe(200);
    const refused = await play(three, SAFARI_IPHONE);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().streams.map((s: ActiveStream) => s.device)).toEqual(['Chrome on Windows', 'Firefox on Mac']);
  });

  it('counts rentals as one stream', async () => {
    const renter = await signIn(ctx, { email: 'renter@example.com' });
    await ctx.db.insert(rentals).values({ userId: renter.user._id, titleId: paid.id, startBy: new Date(Date.now() + 30 * day) });
    const tablet = await anotherDevice(renter);
    expect((await play(renter, CHROME_WINDOWS)).statusCode).toBe(200);
    expect((await play(tablet, FIREFOX_MAC)).statusCode).toBe(409);
  });

  it('holds no stream for a free title, even on a shared video', async () => {
    const viewer = await subscriber('free-too@example.com', 1);
    const other = await anotherDevice(viewer);
    expect((await play(viewer, CHROME_WINDOWS)).statusCode).toBe(200);
    const open = await play(other, FIREFOX_MAC, free);
    expect(open.statusCode).toBe(200);
    expect(open.json().streamId).toBeNull();
    expect((await play(null, FIREFOX_MAC, free)).json().streamId).toBeNull();
  });

  it('frees a slot not renewed for a minute', async () => {
    const tv = await subscriber('lapse@example.com', 1);
    const phone = await anotherDevice(tv);
    const viewer = (session: Session) => sessionIdOf(ctx, session).then((sessionId) => ({ userId: session.user._id, sessionId, playerId: sessionId }));
    const start = new Date('2030-01-01T20:00:00Z');
    const at = (seconds: number) => ({ db: ctx.db, now: () => new Date(start.getTime() + seconds * 1000) });
    await holdStream(at(0), { viewer: await viewer(tv), titleId: paid.id, device: 'TV' });
    await expect(holdStream(at(59), { viewer: await viewer(phone), titleId: paid.id, device: 'Phone' })).rejects.toMatchObject({ status: 409 });
    // The TV's heartbeat at 40 s keeps it for another minute.
    await holdStream(at(40), { viewer: await viewer(tv), titleId: paid.id, device: 'TV' });
    await expect(holdStream(at(99), { viewer: await viewer(phone), titleId: paid.id, device: 'Phone' })).rejects.toMatchObject({ status: 409 });
    await holdStream(at(101), { viewer: await viewer(phone), titleId: paid.id, device: 'Phone' });
    const slots = await ctx.db.select().from(streamSlots);
    expect(slots.filter((slot) => slot.userId === tv.user._id).map((slot) => slot.device)).toEqual(['Phone']);
  });

  it('frees the slot of a device that signs out at once: the phone plays straight after the TV signs out', async () => {
    const tv = await subscriber('sign-out@example.com', 1);
    const phone = await anotherDevice(tv);
    const playing = await play(tv, CHROME_WINDOWS);
    expect(playing.statusCode).toBe(200);
    expect((await play(phone, SAFARI_IPHONE)).statusCode).toBe(409);

    expect((await ctx.app.inject({ method: 'POST', url: '/user/logout', headers: bearer(tv) })).statusCode).toBe(200);
    expect(await streamsOf(phone)).toEqual([]);
    const second = await play(phone, SAFARI_IPHONE);
    expect(second.statusCode).toBe(200);
    expect(await streamsOf(phone)).toEqual([expect.objectContaining({ _id: second.json().streamId, device: 'Safari on iPhone', current: true })]);
  });

  it('never counts a slot a signed-out session still wrote (a heartbeat under way as it signed out)', async () => {
    const tv = await subscriber('late-beat@example.com', 1);
    const phone = await anotherDevice(tv);
    const tvViewer = { userId: tv.user._id, sessionId: await sessionIdOf(ctx, tv) };
    expect((await ctx.app.inject({ method: 'POST', url: '/user/logout', headers: bearer(tv) })).statusCode).toBe(200);
    await holdStream({ db: ctx.db, now: () => new Date() }, { viewer: { ...tvViewer, playerId: tvViewer.sessionId }, titleId: paid.id, device: 'TV' });
    expect((await play(phone, SAFARI_IPHONE)).statusCode).toBe(200);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const owner = await subscriber('careful@example.com', 1);
    const stranger = await subscriber('stranger@example.com', 1);
    const { streamId } = (await play(owner, CHROME_WINDOWS)).json();
    const before = await ctx.db.select().from(streamSlots);

    const badTitle = await ctx.app.inject({ url: `/user/playback-link/${videoId}?title=night-train`, headers: bearer(owner) });
    expect(badTitle.statusCode).toBe(400);
    expect(badTitle.json().errors.map((e: { path: string }) => e.path)).toEqual(['querystring.title']);
    // A title this video does not belong to.
    expect((await play(stranger, FIREFOX_MAC, elsewhere)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/user/streams/not-a-stream', headers: bearer(owner) })).statusCode).toBe(400);
    expect((await stop(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // Another account's stream cannot be stopped, nor seen.
    const foreign = await stop(stranger, streamId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Stream not found');
    expect(await streamsOf(stranger)).toEqual([]);
    expect((await ctx.app.inject({ url: '/user/streams' })).statusCode).toBe(401);
    expect(await ctx.db.select().from(streamSlots)).toEqual(before);
  });
});

describe('device names', () => {
  it('names the browser and the system from the user agent', () => {
    expect(deviceName(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(deviceName(FIREFOX_MAC)).toBe('Firefox on Mac');
    expect(deviceName(SAFARI_IPHONE)).toBe('Safari on iPhone');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge on Linux');
    expect(deviceName('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceName(undefined)).toBe('An unknown device');
    expect(deviceName('curl/8.5.0')).toBe('An unknown device');
  });
});
