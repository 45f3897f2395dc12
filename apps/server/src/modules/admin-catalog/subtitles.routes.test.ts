import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, mediaAssets } from '../../db/schema';
import { mediaStoreFromConfig } from '../../storage/store-from-config';
import { attachSource } from '../ingest/attach.service';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { asStaff, consoleEnv, staffSessions, type Sessions } from '../../../test/staff';

let ctx: TestContext;
let s: Sessions;
let editor: ReturnType<typeof asStaff>;
let video: { id: string; storagePrefix: string };
let titleId: string;

const VTT = 'WEBVTT\n\n00:01.000 --> 00:03.500\nHello there.\n\n2\n00:04.000 --> 00:06.000 align:start\n<i>Who goes?</i>\n';

beforeAll(async () => {
  ctx = await createTestContext(consoleEnv);
  s = await staffSessions(ctx);
  editor = asStaff(ctx, s.editor);
  video = await mediaAsset(ctx, 'private');
  // Packaged from a source that carried French subtitles of its own.
  await ctx.db
    .update(mediaAssets)
    .set({ durationSeconds: 40, subtitles: [{ lang: 'fr', label: 'Français', key: 'subtitles/fr.vtt' }] })
    .where(eq(mediaAssets.id, video.id));
  titleId = (await fixtures(ctx.db).title({ name: 'Night Ferry', slug: 'night-ferry', isFree: true, videoAssetId: video.id })).id;
});
afterAll(() => ctx.close());

/** A multipart form as the console sends it: the file and the text fields. */
async function send(input: { method?: 'POST' | 'PUT'; url?: string; file?: string | Buffer; fields?: Record<string, string>; as?: keyof Sessions | null }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields ?? {})) form.set(name, value);
  if (input.file !== undefined) form.set('file', new Blob([new Uint8Array(Buffer.from(input.file))], { type: 'text/vtt' }), 'track.vtt');
  const request = new Request('http://local/', { method: 'POST', body: form });
  const as = input.as === undefined ? s.editor : input.as === null ? null : s[input.as];
  return ctx.app.inject({
    method: input.method ?? 'POST',
    url: input.url ?? `/admin/api/videos/${video.id}/subtitles`,
    headers: { ...(as ? { authorization: `Bearer ${as.token}` } : {}), 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const dir = () => join(ctx.config.privateMediaDir, video.storagePrefix);
const master = () => readFile(join(dir(), 'master.m3u8'), 'utf8');
const uploadedFiles = async () => (existsSync(join(dir(), 'subtitles/uploaded')) ? (await readdir(join(dir(), 'subtitles/uploaded'))).sort() : []);
const viewerTracks = async () => (await ctx.app.inject('/movie-name/night-ferry')).json().subtitles as { lang: string; label: string; src: string }[];
const snapshot = async () => ({
  uploaded: (await ctx.db.select({ u: mediaAssets.uploadedSubtitles }).from(mediaAssets).where(eq(mediaAssets.id, video.id)))[0]!.u,
  files: await uploadedFiles(),
  master: await master(),
  audit: (await ctx.db.select().from(auditEntries)).length,
});

describe('uploaded subtitles', () => {
  it('offers an uploaded WebVTT track to viewers at once, in the player list and the master playlist, audited', async () => {
    const res = await send({ file: VTT, fields: { lang: 'EN', label: 'English (SDH)' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().tracks).toEqual([
      { lang: 'en', label: 'English (SDH)', origin: 'upload', cues: 2, uploadedAt: expect.any(String), replaced: false },
      { lang: 'fr', label: 'Français', origin: 'video', cues: null, uploadedAt: null, replaced: false },
    ]);

    const tracks = await viewerTracks();
    expect(tracks.map((t) => [t.lang, t.label])).toEqual([['en', 'English (SDH)'], ['fr', 'Français']]);
    const served = await ctx.app.inject(tracks[0]!.src);
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('WEBVTT\n\n00:01.000 --> 00:03.500\nHello there.\n\n2\n00:04.000 --> 00:06.000 align:start\n<i>Who goes?</i>\n');

    const playlist = await master();
    expect(playlist).toMatch(/#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English \(SDH\)",.*URI="subtitles\/uploaded\/en-[0-9a-f]{8}\.m3u8"/);
    expect(playlist).toContain('LANGUAGE="fr",NAME="Français"');
    expect(playlist).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=800000,SUBTITLES="subs"\n360p\/index\.m3u8/);
    const uri = /URI="(subtitles\/uploaded\/[^"]+\.m3u8)"/.exec(playlist)![1]!;
    expect(await readFile(join(dir(), uri), 'utf8')).toMatch(/#EXTINF:40\.000,\nen-[0-9a-f]{8}\.vtt\n/);

    const audit = (await asStaff(ctx, s.admin).get(`/admin/api/audit?entityType=video&entityId=${video.id}`)).json();
    expect(audit.items[0]).toMatchObject({ action: 'video.subtitles', actor: { email: 'editor@staff.test' }, before: { uploaded: [] }, after: { uploaded: [{ lang: 'en', label: 'English (SDH)', cues: 2 }] } });
    expect((await asStaff(ctx, s.support).get(`/admin/api/videos/${video.id}/subtitles`)).json().tracks).toHaveLength(2);
  });

  it('refuses what is not WebVTT, an unknown language, a duplicate, a file too big and other roles, and stores nothing', async () => {
    const before = await snapshot();
    const big = `WEBVTT\n\n${'00:01.000 --> 00:02.000\nLa la la la la la la la la la la.\n\n'.repeat(30_000)}`;
    const attempts: [ReturnType<typeof send>, number, string | undefined, RegExp | undefined][] = [
      [send({ file: '1\n00:01.000 --> 00:02.000\nHi\n', fields: { lang: 'de', label: 'Deutsch' } }), 400, 'body.file', /first line must be WEBVTT/],
      [send({ file: Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0x0a, 0xff, 0xfe]), fields: { lang: 'de', label: 'Deutsch' } }), 400, 'body.file', /not UTF-8/],
      [send({ file: 'WEBVTT\n\n00:01.000 -> 00:02.000\nHi\n', fields: { lang: 'de', label: 'Deutsch' } }), 400, 'body.file', /Line 3: expected cue timings/],
      [send({ file: 'WEBVTT\n\n00:05.000 --> 00:02.000\nHi\n', fields: { lang: 'de', label: 'Deutsch' } }), 400, 'body.file', /ends \(00:02.000\) before it starts/],
      [send({ file: 'WEBVTT\n\nNOTE nothing else\n', fields: { lang: 'de', label: 'Deutsch' } }), 400, 'body.file', /no cues/],
      [send({ file: VTT, fields: { lang: 'xx', label: 'Mystery' } }), 400, 'body.lang', /Unknown language code/],
      [send({ file: VTT, fields: { lang: 'en-US', label: 'US' } }), 400, 'body.lang', /Unknown language code/],
      [send({ file: VTT, fields: { label: 'Deutsch' } }), 400, 'body.lang', /language code/],
      [send({ file: VTT, fields: { lang: 'de', label: '<b>' } }), 400, 'body.label', /angle brackets/],
      [send({ fields: { lang: 'de', label: 'Deutsch' } }), 400, 'body.file', /Choose a WebVTT/],
      [send({ file: VTT, fields: { lang: 'en', label: 'English again' } }), 409, 'body.lang', /already has uploaded en subtitles/],
      [send({ file: big, fields: { lang: 'de', label: 'Deutsch' } }), 413, 'body.file', /at most 1024 KiB/],
      [send({ file: VTT, fields: { lang: 'de', label: 'Deutsch' }, url: '/admin/api/videos/00000000-0000-4000-8000-000000000000/subtitles' }), 404, undefined, /Video not found/],
      [send({ file: VTT, fields: { lang: 'de', label: 'Deutsch' }, as: 'support' }), 403, undefined, undefined],
      [send({ file: VTT, fields: { lang: 'de', label: 'Deutsch' }, as: 'viewer' }), 403, undefined, undefined],
      [send({ file: VTT, fields: { lang: 'de', label: 'Deutsch' }, as: null }), 401, undefined, undefined],
      [send({ method: 'PUT', url: `/admin/api/videos/${video.id}/subtitles/de`, file: VTT }), 404, undefined, /Uploaded subtitle track not found/],
      [send({ method: 'PUT', url: `/admin/api/videos/${video.id}/subtitles/zz`, file: VTT }), 400, undefined, /Unknown language code/],
      [asStaff(ctx, s.support).delete(`/admin/api/videos/${video.id}/subtitles/en`), 403, undefined, undefined],
      [editor.delete(`/admin/api/videos/${video.id}/subtitles/fr`), 404, undefined, /Uploaded subtitle track not found/],
    ];
    for (const [pending, status, path, detail] of attempts) {
      const res = await pending;
      expect(res.statusCode, res.body).toBe(status);
      if (path) expect(res.json().errors).toEqual([expect.objectContaining({ path })]);
      if (detail) expect(res.json().detail).toMatch(detail);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps only the WebVTT cue markup: scripts, styles, notes and unknown tags are stripped', async () => {
    const hostile = [
      'WEBVTT - made somewhere',
      '',
      'STYLE',
      '::cue { background: url(https://evil.example/x.png) }',
      '',
      'NOTE written by hand',
      '',
      '<script>x</script>',
      '00:00:01.000 --> 00:00:02.000 position:10% onload=alert(1)',
      '<v Roger>Hi <img src=x onerror=alert(1)><b>there</b> <script>alert(1)</script></v>',
      '',
    ].join('\r\n');
    const res = await send({ file: hostile, fields: { lang: 'de', label: 'Deutsch' } });
    expect(res.statusCode, res.body).toBe(200);
    const track = (await viewerTracks()).find((t) => t.lang === 'de')!;
    expect((await ctx.app.inject(track.src)).body).toBe('WEBVTT\n\nscriptx/script\n00:00:01.000 --> 00:00:02.000 position:10%\n<v Roger>Hi <b>there</b> alert(1)</v>\n');
  });

  it('replaces a track under a new name and deletes one; the source track of a language comes back', async () => {
    const [, oldFile] = await uploadedFiles().then((files) => files.filter((f) => f.startsWith('en-')));
    const replaced = await send({ method: 'PUT', url: `/admin/api/videos/${video.id}/subtitles/en`, file: VTT.replace('Hello there.', 'Good evening.'), fields: { label: 'English' } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().tracks[0]).toMatchObject({ lang: 'en', label: 'English', origin: 'upload' });
    const en = (await viewerTracks()).find((t) => t.lang === 'en')!;
    expect((await ctx.app.inject(en.src)).body).toContain('Good evening.');
    expect((await uploadedFiles()).filter((f) => f.startsWith('en-'))).toHaveLength(2); // the .vtt and its .m3u8
    expect(oldFile === undefined || !(await uploadedFiles()).includes(oldFile)).toBe(true);

    // An upload in French hides the source's French track; deleting it brings that back.
    expect((await send({ file: VTT, fields: { lang: 'fr', label: 'Français (corrigé)' } })).statusCode).toBe(200);
    const listed = (await editor.get(`/admin/api/videos/${video.id}/subtitles`)).json().tracks;
    expect(listed.find((t: { origin: string; lang: string }) => t.origin === 'video' && t.lang === 'fr')).toMatchObject({ replaced: true });
    expect((await viewerTracks()).filter((t) => t.lang === 'fr').map((t) => t.label)).toEqual(['Français (corrigé)']);

    const deleted = await editor.delete(`/admin/api/videos/${video.id}/subtitles/fr`);
    expect(deleted.statusCode).toBe(200);
    expect((await viewerTracks()).filter((t) => t.lang === 'fr').map((t) => t.label)).toEqual(['Français']);
    expect((await uploadedFiles()).some((f) => f.startsWith('fr-'))).toBe(false);
    expect(await master()).not.toContain('Français (corrigé)');
    const actions = (await asStaff(ctx, s.admin).get(`/admin/api/audit?entityType=video&entityId=${video.id}`)).json().items.map((e: { summary: string }) => e.summary);
    expect(actions.slice(0, 3)).toEqual(['Deleted the Français (corrigé) (fr) subtitles', 'Uploaded Français (corrigé) (fr) subtitles, 2 cues', 'Replaced the English (en) subtitles, 2 cues']);
  });

  it('keeps the uploaded tracks when a new source replaces the video', async () => {
    const actor = { id: s.editor.user._id, email: 'editor@staff.test', name: 'editor' };
    const store = mediaStoreFromConfig(ctx.config);
    const slot = { kind: 'title' as const, titleId, role: 'video' as const };
    const { assetId } = await attachSource({ db: ctx.db, store }, { sourceKey: 'sources/better-master.mp4', slot, actor, rungs: [], fileName: 'better-master.mp4' });
    const [fresh] = await ctx.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
    expect(fresh!.uploadedSubtitles.map((t) => [t.lang, t.label])).toEqual([['en', 'English'], ['de', 'Deutsch']]);
    for (const track of fresh!.uploadedSubtitles) {
      expect(await readFile(join(ctx.config.privateMediaDir, fresh!.storagePrefix, track.key), 'utf8')).toMatch(/^WEBVTT\n/);
    }
  });
});
