import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, episodes } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';
import { asStaff, consoleEnv, staffSessions } from '../../../test/staff';

let ctx: TestContext;
let editor: ReturnType<typeof asStaff>;
let seriesId: string;
beforeAll(async () => {
  ctx = await createTestContext(consoleEnv);
  editor = asStaff(ctx, (await staffSessions(ctx)).editor);
  const series = await fixtures(ctx.db).title({ kind: 'series', name: 'Tidewater', slug: 'tidewater', isFree: true });
  seriesId = series.id;
});
afterAll(() => ctx.close());

const viewerEpisodes = async () => (await ctx.app.inject('/series-name/tidewater')).json().episodes.map((e: { number: number; name: string }) => `${e.number}:${e.name}`);
const snapshot = async () => ({ episodes: await ctx.db.select().from(episodes), audit: (await ctx.db.select().from(auditEntries)).length });

describe('episodes', () => {
  it('adds episodes at the end; viewers see them and watchlisters are told', async () => {
    const fan = await signIn(ctx, { email: 'fan@example.com' });
    await ctx.app.inject({ method: 'PUT', url: '/user/watchlist', headers: bearer(fan), payload: { id: seriesId, type: 'series' } });
    for (const name of ['Low Water', 'Spring Tide', 'Slack Water']) {
      expect((await editor.post(`/admin/api/titles/${seriesId}/episodes`, { name, durationMinutes: 42 })).statusCode).toBe(200);
    }
    expect(await viewerEpisodes()).toEqual(['1:Low Water', '2:Spring Tide', '3:Slack Water']);
    const inbox = (await ctx.app.inject({ url: '/user/notification', headers: bearer(fan) })).json();
    expect(inbox.map((n: { title: string }) => n.title)).toContain('New episode of Tidewater');
    expect(inbox.filter((n: { title: string }) => n.title === 'New episode of Tidewater')).toHaveLength(3);
  });

  it('reorders by renumbering, when the list is as the editor saw it', async () => {
    const title = (await editor.get(`/admin/api/titles/${seriesId}`)).json();
    const ids = title.episodes.map((e: { _id: string }) => e._id);
    const res = await editor.put(`/admin/api/titles/${seriesId}/episodes/order`, { ids: [ids[2], ids[0], ids[1]], version: title.episodesVersion });
    expect(res.statusCode).toBe(200);
    expect(await viewerEpisodes()).toEqual(['1:Slack Water', '2:Low Water', '3:Spring Tide']);

    // The same drag made from the old copy is refused and changes nothing.
    const before = await snapshot();
    const stale = await editor.put(`/admin/api/titles/${seriesId}/episodes/order`, { ids, version: title.episodesVersion });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed since you loaded it/);
    expect(await snapshot()).toEqual(before);

    const fresh = res.json();
    const missing = await editor.put(`/admin/api/titles/${seriesId}/episodes/order`, { ids: fresh.episodes.slice(1).map((e: { _id: string }) => e._id), version: fresh.episodesVersion });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('body.ids');
    expect(await snapshot()).toEqual(before);
  });

  it('edits an episode, refusing a stale copy', async () => {
    const [first] = (await editor.get(`/admin/api/titles/${seriesId}`)).json().episodes;
    const res = await editor.put(`/admin/api/episodes/${first._id}`, { name: 'Slack Water (Part 1)', description: 'It begins.', durationMinutes: 44, isEnable: true, updatedAt: first.updatedAt });
    expect(res.statusCode).toBe(200);
    expect((await viewerEpisodes())[0]).toBe('1:Slack Water (Part 1)');
    const stale = await editor.put(`/admin/api/episodes/${first._id}`, { name: 'Lost', durationMinutes: 1, isEnable: true, updatedAt: first.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect((await viewerEpisodes())[0]).toBe('1:Slack Water (Part 1)');
  });

  it('refuses episodes for a movie and unknown series', async () => {
    const film = await fixtures(ctx.db).title({ name: 'A Film' });
    expect((await editor.post(`/admin/api/titles/${film.id}/episodes`, { name: 'Nope' })).statusCode).toBe(400);
    expect((await editor.post(`/admin/api/titles/${crypto.randomUUID()}/episodes`, { name: 'Nope' })).statusCode).toBe(404);
    expect((await editor.post(`/admin/api/titles/${seriesId}/episodes`, { name: '' })).statusCode).toBe(400);
  });
});
