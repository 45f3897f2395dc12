import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContinueWatchingEntry, Session } from '@marquee/contract';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { eq } from 'drizzle-orm';
import { mediaAssets } from '../../db/schema';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';

let ctx: TestContext;
let ada: Session;
let bob: Session;
let movie: { id: string; slug: string };
let other: { id: string; slug: string };
let show: { id: string; slug: string };
let credited: { id: string; slug: string };
const ep: { id: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const make = fixtures(ctx.db);
  movie = await make.title({ name: 'Night Harbour', isFree: true });
  other = await make.title({ name: 'Second Film', isFree: true });
  show = await make.title({ kind: 'series', name: 'Tidewater', isFree: true });
  // Its credits roll from 80.4 s of 100 (detected markers are fractional): watching past them
  // finishes it, before 95 %.
  const video = await mediaAsset(ctx, 'private');
  const markers = { introStart: null, introEnd: null, recapStart: null, recapEnd: null, creditsStart: 80.4 };
  await ctx.db.update(mediaAssets).set({ markers }).where(eq(mediaAssets.id, video.id));
  credited = await make.title({ name: 'Credits Roll', isFree: true, videoAssetId: video.id });
  for (const number of [1, 2]) ep.push(await make.episode({ seriesId: show.id, number }));
  ada = await signIn(ctx, { email: 'ada@example.com' });
  bob = await signIn(ctx, { email: 'bob@example.com' });
});
afterAll(() => ctx.close());

const save = (s: Session, payload: object) => ctx.app.inject({ method: 'PUT', url: '/user/progress', headers: bearer(s), payload });
const row = async (s: Session): Promise<ContinueWatchingEntry[]> =>
  (await ctx.app.inject({ url: '/user/continue-watching', headers: bearer(s) })).json();
const resume = async (s: Session, path: string) => (await ctx.app.inject({ url: path, headers: bearer(s) })).json().resume;

describe('resume', () => {
  it('restores the position between 5% and 90% watched', async () => {
    await save(ada, { titleId: movie.id, position: 2, duration: 100 });
    expect(await resume(ada, `/movie-name/${movie.slug}`)).toBeNull();
    await save(ada, { titleId: movie.id, position: 40.4, duration: 100 });
    expect(await resume(ada, `/movie-name/${movie.slug}`)).toEqual({ episodeId: null, position: 40 });
    expect(await resume(bob, `/movie-name/${movie.slug}`)).toBeNull();
    await save(ada, { titleId: movie.id, position: 95, duration: 100 });
    expect(await resume(ada, `/movie-name/${movie.slug}`)).toBeNull();
  });

  it('restores the episode of a series', async () => {
    await save(bob, { titleId: show.id, episodeId: ep[1]!.id, position: 30, duration: 100 });
    expect(await resume(bob, `/series-name/${show.slug}`)).toEqual({ episodeId: ep[1]!.id, position: 30 });
  });
});

describe('Continue Watching', () => {
  it('lists unfinished titles newest first, drops finished movies, moves a series to its next episode', async () => {
    await save(ada, { titleId: other.id, position: 50, duration: 100 });
    await save(ada, { titleId: show.id, episodeId: ep[0]!.id, position: 98, duration: 100 });
    const entries = await row(ada);
    expect(entries.map((e) => [e.item.name, e.episode?.number ?? null, e.position])).toEqual([
      ['Tidewater', 2, 0],
      ['Second Film', null, 50],
    ]);
    await save(ada, { titleId: show.id, episodeId: ep[1]!.id, position: 99, duration: 100 });
    expect((await row(ada)).map((e) => e.item.name)).toEqual(['Second Film']);
  });

  it('drops a title watched to its credits marker, or to 95 % without one', async () => {
    await save(bob, { titleId: credited.id, position: 79, duration: 100 });
    await save(bob, { titleId: movie.id, position: 94, duration: 100 });
    expect((await row(bob)).map((e) => e.item.name)).toEqual(['Night Harbour', 'Credits Roll', 'Tidewater']);
    // Paused a moment into the credits: kept as whole seconds (80), it still counts as watched to them.
    await save(bob, { titleId: credited.id, position: 80.45, duration: 100 });
    await save(bob, { titleId: movie.id, position: 95, duration: 100 });
    expect((await row(bob)).map((e) => e.item.name)).toEqual(['Tidewater']);
  });

  it('lets the viewer remove a title, which comes back when watched again', async () => {
    await ctx.app.inject({ method: 'PUT', url: '/user/continue-watching-remove', headers: bearer(ada), payload: { id: other.id } });
    expect(await row(ada)).toEqual([]);
    await save(ada, { titleId: other.id, position: 60, duration: 100 });
    expect((await row(ada)).map((e) => e.item.name)).toEqual(['Second Film']);
  });

  it('rejects bad progress with a message', async () => {
    const cases: [object, string][] = [
      [{ titleId: movie.id, position: 500, duration: 100 }, 'past the end'],
      [{ titleId: movie.id, position: -1, duration: 100 }, 'body.position'],
      [{ titleId: movie.id, position: 1, duration: 0 }, 'body.duration'],
      [{ titleId: show.id, position: 1, duration: 100 }, 'episodeId is required'],
      [{ titleId: movie.id, episodeId: ep[0]!.id, position: 1, duration: 100 }, 'no episodes'],
      [{ titleId: show.id, episodeId: movie.id, position: 1, duration: 100 }, 'not an episode'],
    ];
    for (const [payload, message] of cases) {
      const res = await save(bob, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await save(bob, { titleId: '00000000-0000-4000-8000-000000000000', position: 1, duration: 10 })).statusCode).toBe(404);
  });
});
