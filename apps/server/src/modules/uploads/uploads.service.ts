import type { Upload } from '@tus/utils';
import type { AttachUploadInput, VideoTranscode } from '@marquee/contract/admin';
import { ConflictError, NotFoundError, UnsupportedMediaTypeError } from '../../lib/domain-errors';
import { planLadder } from '../../transcoding/hls-ladder';
import { attachSource } from '../ingest/attach.service';
import type { Executor } from '../../db/client';
import type { MediaStore } from '../../storage/storage';
import type { MediaTools } from '../../transcoding/ffmpeg-binaries';
import { NotAVideoError, probeMedia, type MediaProbe } from '../../transcoding/probe';
import { recordAudit, type Actor } from '../audit/audit.service';
import type { UploadStore } from './upload-store';

export interface UploadDeps {
  db: Executor;
  store: MediaStore;
  uploads: UploadStore;
  tools: () => Promise<MediaTools>;
}

/** A finished upload that is not a video: tus answers with this status and message. */
export class RefusedUploadError extends Error {
  readonly status_code = 415;
  constructor(readonly body: string) {
    super(body);
  }
}

/**
 * Reads the finished upload's bytes with ffprobe, whatever its name or declared type says: only a
 * container with a video stream and a duration is kept. Anything else is deleted and refused.
 */
export async function checkFinishedUpload(deps: UploadDeps, input: { upload: Upload; actor: Actor }): Promise<MediaProbe> {
  const { upload } = input;
  let probe: MediaProbe;
  try {
    probe = await probeUpload(deps, upload.id);
  } catch (error) {
    if (!(error instanceof NotAVideoError)) throw error;
    await deps.uploads.datastore.remove(upload.id);
    throw new RefusedUploadError(`${fileNameOf(upload)} was refused and deleted: ${error.message}. Upload a video file (MP4, MOV, MKV, WebM…).`);
  }
  const name = deps.uploads.nameOf(upload.id);
  await recordAudit(deps.db, {
    actor: input.actor,
    action: 'upload.create',
    entityType: 'upload',
    entityId: name,
    summary: `Uploaded ${fileNameOf(upload)} (${Math.round((upload.size ?? 0) / 1024 / 1024)} MB, ${probe.width}×${probe.height}, ${Math.round(probe.durationSeconds)} s)`,
    after: { name: fileNameOf(upload), size: upload.size, width: probe.width, height: probe.height, durationSeconds: probe.durationSeconds },
  });
  return probe;
}

/** ffprobe on the file itself, or on a short-lived link to the object: only the headers are read. */
export async function probeUpload(deps: UploadDeps, id: string): Promise<MediaProbe> {
  const key = deps.uploads.sourceKeyOf(id);
  const tools = await deps.tools();
  const link = await deps.store.private.directUrl(key, { expiresAt: new Date(Date.now() + 10 * 60_000) });
  return probeMedia(tools, link ?? (await deps.store.private.localFile(key, { scratchDir: '' })));
}

export function fileNameOf(upload: Upload): string {
  const name = upload.metadata?.filename ?? upload.metadata?.name;
  return name ? `“${name.slice(0, 200)}”` : 'The file';
}

/**
 * Attaches a finished upload to its slot and queues the transcode. The bytes are read again: an
 * upload is only ever attached as a video, even one that finished while the check was changing.
 */
export async function attachUpload(deps: UploadDeps, input: AttachUploadInput & { actor: Actor }): Promise<VideoTranscode> {
  const id = deps.uploads.idOf(input.upload);
  let upload: Upload;
  try {
    upload = await deps.uploads.datastore.getUpload(id);
  } catch {
    throw new NotFoundError('Upload');
  }
  if (upload.size === undefined || upload.offset !== upload.size) throw new ConflictError('This upload has not finished: resume it, then attach it');
  let probe: MediaProbe;
  try {
    probe = await probeUpload(deps, id);
  } catch (error) {
    if (error instanceof NotAVideoError) throw new UnsupportedMediaTypeError(error.message);
    throw error;
  }
  return attachSource(deps, {
    sourceKey: deps.uploads.sourceKeyOf(id),
    slot: input.slot,
    actor: input.actor,
    rungs: planLadder(probe).renditions.map((r) => r.name),
    fileName: fileNameOf(upload),
  });
}
