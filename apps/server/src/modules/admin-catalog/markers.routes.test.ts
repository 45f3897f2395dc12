import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, mediaAssets } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { asStaff, consoleEnv, staffSessions, type Sessions } from '../../../test/staff';

let ctx: TestContext;
let s: Sessions;
let editor: ReturnType<typeof asStaff>;
let videoId: string;
const none = { introStart: null, introEnd: null, recapStart: null, recapEnd: null, creditsStart: null };

beforeAll(async () => {
  ctx = await createTestContext(consoleEnv);
  s = await staffSessions(ctx);
  editor = asStaff(ctx, s.editor);
  const video = await mediaAsset(ctx, 'private');
  videoId = video.id;
  // What packaging found in the 40 s video: black, silent breaks after the intro and before the credits.
  await ctx.db.update(mediaAssets).set({ durationSeconds: 40, suggestedMarkers: { introStart: 0, introEnd: 9, creditsStart: 34 } }).where(eq(mediaAssets.id, video.id));
  await fixtures(ctx.db).title({ name: 'Open Sea', slug: 'open-sea', isFree: true, videoAssetId: video.id });
});
afterAll(() => ctx.close());

const viewerMarkers = async () => (await ctx.app.inject('/movie-name/open-sea')).json().markers;
const snapshot = async () => ({
  markers: (await ctx.db.select({ markers: mediaAssets.markers }).from(mediaAssets).where(eq(mediaAssets.id, videoId)))[0]!.markers,
  audit: (await ctx.db.select().from(auditEntries)).length,
});

describe('video markers', () => {
  it('offers viewers what packaging suggested until an operator sets the markers', async () => {
    expect(await viewerMarkers()).toEqual({ ...none, introStart: 0, introEnd: 9, creditsStart: 34 });
    expect((await editor.get(`/admin/api/videos/${videoId}/markers`)).json()).toEqual({
      markers: { ...none, introStart: 0, introEnd: 9, creditsStart: 34 },
      confirmed: false,
      suggested: { ...none, introStart: 0, introEnd: 9, creditsStart: 34 },
      durationSeconds: 40,
    });

    const set = { introStart: 2, introEnd: 8.5, recapStart: 9, recapEnd: 14, creditsStart: 33.5 };
    const res = await editor.put(`/admin/api/videos/${videoId}/markers`, set);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ markers: set, confirmed: true, suggested: { introEnd: 9 } });
    expect(await viewerMarkers()).toEqual(set);
    const audit = (await asStaff(ctx, s.admin).get(`/admin/api/audit?entityType=video&entityId=${videoId}`)).json();
    expect(audit.items[0]).toMatchObject({ action: 'video.markers', after: set });
  });

  it('refuses a marker outside the video, a half range, a range ending before it starts, and other roles; nothing changes', async () => {
    const before = await snapshot();
    const put = (body: object, as = editor) => as.put(`/admin/api/videos/${videoId}/markers`, { ...none, ...body });
    const attempts = [
      [put({ introStart: 0, introEnd: 41 }), 400, 'body.introEnd', 'introEnd (41 s) is outside the video, which lasts 40 s'],
      [put({ creditsStart: 40 }), 400, 'body.creditsStart', 'creditsStart (40 s) is outside the video, which lasts 40 s'],
      [put({ recapStart: 50, recapEnd: 60 }), 400, 'body.recapStart', undefined],
      [put({ introStart: 0 }), 400, 'body.introEnd', 'body.introEnd: Give both ends of the intro, or neither'],
      [put({ recapStart: 12, recapEnd: 10 }), 400, 'body.recapEnd', 'body.recapEnd: The recap must end after it starts'],
      [put({ creditsStart: -1 }), 400, 'body.creditsStart', undefined],
      [put({ creditsStart: 'late' }), 400, 'body.creditsStart', undefined],
    ] as const;
    for (const [attempt, status, path, message] of attempts) {
      const res = await attempt;
      expect(res.statusCode).toBe(status);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
      if (message) expect(res.json().message).toBe(message);
    }
    expect((await put({ creditsStart: 30 }, asStaff(ctx, s.support))).statusCode).toBe(403);
    expect((await asStaff(ctx, s.editor).put('/admin/api/videos/00000000-0000-4000-8000-000000000000/markers', none)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
