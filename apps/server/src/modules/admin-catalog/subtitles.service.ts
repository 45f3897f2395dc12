import { randomBytes } from 'node:crypto';
import { SUBTITLE_MAX_BYTES, subtitleFields, subtitleLabel, type VideoSubtitles } from '@marquee/contract/admin';
import type { UploadedSubtitle } from '../../db/schema';
import { BadRequestError, ConflictError, NotFoundError, PayloadTooLargeError } from '../../lib/domain-errors';
import type { MediaStorage, MediaStore } from '../../storage/storage';
import { offeredSubtitles, publishSubtitles, subtitlePlaylistKey } from '../../transcoding/master-subtitles';
import { checkWebVtt, NotWebVttError } from '../../transcoding/webvtt-check';
import type { Actor } from '../audit/audit.service';
import { changeCatalog, type CatalogDeps } from './catalog-change';
import * as repo from './subtitles.repository';

export interface SubtitleDeps extends CatalogDeps {
  store: MediaStore;
}

/** A multipart form as the parser gives it: text fields as strings, the file as its bytes. */
export type SubtitleForm = Record<string, unknown> | undefined;

export async function getSubtitles(deps: SubtitleDeps, assetId: string): Promise<VideoSubtitles> {
  const video = await repo.findVideo(deps.db, assetId);
  if (!video) throw new NotFoundError('Video');
  return view(video);
}

/**
 * A new track in a language with no upload yet (409 otherwise: replacing is a separate, explicit
 * call). The file is checked and stored first, then recorded with its audit entry; a refusal at
 * any step leaves nothing stored. Viewers are offered it at once when the video is packaged.
 */
export async function addSubtitle(deps: SubtitleDeps, input: { actor: Actor; assetId: string; form: SubtitleForm }): Promise<VideoSubtitles> {
  const fields = parseFields(input.form);
  const checked = checkedFile(input.form);
  const video = await requireVideo(deps, input.assetId);
  if (video.uploadedSubtitles.some((t) => t.lang === fields.lang)) throw duplicate(fields.lang);
  const track = await storeTrack(deps, { video, lang: fields.lang, label: fields.label, checked });
  return saveTracks(deps, {
    actor: input.actor,
    video,
    stored: track,
    change: (tracks) => {
      if (tracks.some((t) => t.lang === track.lang)) throw duplicate(track.lang);
      return { tracks: [...tracks, track], replaced: null, summary: `Uploaded ${track.label} (${track.lang}) subtitles, ${track.cues} cues` };
    },
  });
}

/** A new file (and label) for an uploaded track; stored under a new name, so no cache serves the old one. */
export async function replaceSubtitle(deps: SubtitleDeps, input: { actor: Actor; assetId: string; lang: string; form: SubtitleForm }): Promise<VideoSubtitles> {
  const label = input.form?.label === undefined || input.form.label === '' ? undefined : parseLabel(input.form.label);
  const checked = checkedFile(input.form);
  const video = await requireVideo(deps, input.assetId);
  const current = video.uploadedSubtitles.find((t) => t.lang === input.lang);
  if (!current) throw new NotFoundError('Uploaded subtitle track');
  const track = await storeTrack(deps, { video, lang: input.lang, label: label ?? current.label, checked });
  return saveTracks(deps, {
    actor: input.actor,
    video,
    stored: track,
    change: (tracks) => {
      const old = tracks.find((t) => t.lang === input.lang);
      if (!old) throw new NotFoundError('Uploaded subtitle track');
      return { tracks: tracks.map((t) => (t === old ? track : t)), replaced: old, summary: `Replaced the ${track.label} (${track.lang}) subtitles, ${track.cues} cues` };
    },
  });
}

export async function deleteSubtitle(deps: SubtitleDeps, input: { actor: Actor; assetId: string; lang: string }): Promise<VideoSubtitles> {
  return saveTracks(deps, {
    actor: input.actor,
    video: await requireVideo(deps, input.assetId),
    stored: null,
    change: (tracks) => {
      const old = tracks.find((t) => t.lang === input.lang);
      if (!old) throw new NotFoundError('Uploaded subtitle track');
      return { tracks: tracks.filter((t) => t !== old), replaced: old, summary: `Deleted the ${old.label} (${old.lang}) subtitles` };
    },
  });
}

interface TrackChange {
  tracks: UploadedSubtitle[];
  /** The track taken off, whose files go once the master no longer names them. */
  replaced: UploadedSubtitle | null;
  summary: string;
}

/**
 * Records the new list with its audit entry, under the video's row lock, then offers it in the
 * master playlist (when the video is packaged) and removes the files no longer named. A refused
 * change removes the file it had stored.
 */
async function saveTracks(
  deps: SubtitleDeps,
  input: { actor: Actor; video: repo.VideoRecord; stored: UploadedSubtitle | null; change: (tracks: UploadedSubtitle[]) => TrackChange },
): Promise<VideoSubtitles> {
  // Where a video's files live never changes: the copy read before the transaction says it.
  const area = areaOf(deps.store, input.video);
  const { storagePrefix } = input.video;
  let replaced: UploadedSubtitle | null = null;
  try {
    await changeCatalog(deps, input.actor, async (tx) => {
      const video = await repo.findVideo(tx, input.video.id, { lock: true });
      if (!video) throw new NotFoundError('Video');
      const change = input.change(video.uploadedSubtitles);
      replaced = change.replaced;
      await repo.setUploadedSubtitles(tx, video.id, change.tracks);
      const brief = (tracks: UploadedSubtitle[]) => tracks.map(({ lang, label, cues }) => ({ lang, label, cues }));
      return {
        result: null,
        audit: { action: 'video.subtitles', entityType: 'video', entityId: video.id, summary: change.summary, before: { uploaded: brief(video.uploadedSubtitles) }, after: { uploaded: brief(change.tracks) } },
      };
    });
  } catch (error) {
    if (input.stored) await removeTrackFiles(area, storagePrefix, input.stored);
    throw error;
  }
  const video = await requireVideo(deps, input.video.id);
  if (video.status === 'ready') await publishSubtitles(area, video);
  if (replaced) await removeTrackFiles(area, storagePrefix, replaced);
  return view(video);
}

function view(video: repo.VideoRecord): VideoSubtitles {
  const offered = new Set(offeredSubtitles(video));
  return {
    assetId: video.id,
    tracks: [
      ...video.uploadedSubtitles.map((t) => ({ lang: t.lang, label: t.label, origin: 'upload' as const, cues: t.cues, uploadedAt: t.uploadedAt, replaced: false })),
      ...video.subtitles.map((t) => ({ lang: t.lang, label: t.label, origin: 'video' as const, cues: null, uploadedAt: null, replaced: !offered.has(t) })),
    ],
  };
}

function parseFields(form: SubtitleForm): { lang: string; label: string } {
  const parsed = subtitleFields.safeParse({ lang: form?.lang, label: form?.label });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? 'lang');
  throw new BadRequestError(issue.code === 'invalid_type' ? `Give the track's ${field === 'lang' ? 'language code' : 'label'}` : issue.message, { field });
}

function parseLabel(value: unknown): string {
  const parsed = subtitleLabel.safeParse(value);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]!.message, { field: 'label' });
  return parsed.data;
}

function checkedFile(form: SubtitleForm) {
  const file = form?.file;
  if (!Buffer.isBuffer(file) || file.length === 0) throw new BadRequestError('Choose a WebVTT (.vtt) file to upload', { field: 'file' });
  if (file.length > SUBTITLE_MAX_BYTES) throw new PayloadTooLargeError(`The file is ${Math.ceil(file.length / 1024)} KiB: subtitle files may be at most ${SUBTITLE_MAX_BYTES / 1024} KiB`, { field: 'file' });
  try {
    return checkWebVtt(file);
  } catch (error) {
    if (error instanceof NotWebVttError) throw new BadRequestError(error.message, { field: 'file' });
    throw error;
  }
}

async function requireVideo(deps: SubtitleDeps, assetId: string): Promise<repo.VideoRecord> {
  const video = await repo.findVideo(deps.db, assetId);
  if (!video) throw new NotFoundError('Video');
  return video;
}

/** Beside the transcoded tracks (`subtitles/en.vtt`), under a name of their own that each upload changes. */
async function storeTrack(
  deps: SubtitleDeps,
  input: { video: repo.VideoRecord; lang: string; label: string; checked: { text: string; cues: number } },
): Promise<UploadedSubtitle> {
  const key = `subtitles/uploaded/${input.lang}-${randomBytes(4).toString('hex')}.vtt`;
  await areaOf(deps.store, input.video).put(`${input.video.storagePrefix}/${key}`, Buffer.from(input.checked.text, 'utf8'));
  return { lang: input.lang, label: input.label, key, cues: input.checked.cues, uploadedAt: new Date().toISOString() };
}

async function removeTrackFiles(area: MediaStorage, storagePrefix: string, track: UploadedSubtitle): Promise<void> {
  await area.remove(`${storagePrefix}/${track.key}`);
  await area.remove(`${storagePrefix}/${subtitlePlaylistKey(track.key)}`);
}

function areaOf(store: MediaStore, video: { access: 'public' | 'private' }): MediaStorage {
  return video.access === 'public' ? store.public : store.private;
}

function duplicate(lang: string): ConflictError {
  return new ConflictError(`This video already has uploaded ${lang} subtitles: replace them instead`, { field: 'lang' });
}
