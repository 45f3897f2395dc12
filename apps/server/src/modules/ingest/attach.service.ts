import { randomUUID } from 'node:crypto';
import type { VideoSlot, VideoTranscode } from '@marquee/contract/admin';
import type { Executor } from '../../db/client';
import type { UploadedSubtitle } from '../../db/schema';
import type { MediaStorage, MediaStore } from '../../storage/storage';
import { enqueue } from '../../jobs/queue';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/audit.service';
import { TRANSCODE_JOB, transcodeKey } from './ingest.service';
import * as repo from './ingest.repository';

/**
 * Takes an uploaded source (already in private storage at `sourceKey`) in as `npm run ingest`
 * does: a pending asset linked to its slot, and its transcode queued, in one transaction with the
 * audit entry. `rungs` (the ladder planned from the source) only feeds the progress display.
 */
export async function attachSource(
  deps: { db: Executor; store: MediaStore },
  input: { sourceKey: string; slot: VideoSlot; actor: Actor; rungs: string[]; fileName: string },
): Promise<VideoTranscode> {
  const { slot } = input;
  const { db } = deps;
  const id = randomUUID();
  const access = slot.kind === 'title' && slot.role === 'trailer' ? 'public' : 'private';
  const target = { area: access === 'public' ? deps.store.public : deps.store.private, storagePrefix: `videos/${id}` };
  const carried = await carryUploadedSubtitles({ db, store: deps.store, slot, target });
  const assetId = await db.transaction(async (tx) => {
    if (await repo.findAssetBySourceKey(tx, input.sourceKey)) throw new ConflictError('This upload is attached already: upload the file again to use it elsewhere');
    await repo.insertAsset(tx, { id, access, sourceKey: input.sourceKey, storagePrefix: target.storagePrefix, uploadedSubtitles: carried });
    const where = await link(tx, { slot, assetId: id });
    await enqueue(tx, { type: TRANSCODE_JOB, payload: { assetId: id, rungs: input.rungs }, dedupeKey: transcodeKey(id) });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'video.attach',
      entityType: slot.kind === 'title' ? 'title' : 'episode',
      entityId: slot.kind === 'title' ? slot.titleId : slot.episodeId,
      summary: `Attached ${input.fileName} as ${where} and queued its transcode`,
      after: { assetId: id, slot, ...(carried.length ? { subtitles: carried.map((t) => t.lang) } : {}) },
    });
    return id;
  }).catch(async (error: unknown) => {
    for (const track of carried) await target.area.remove(`${target.storagePrefix}/${track.key}`);
    throw error;
  });
  return transcodeOf(db, assetId);
}

/**
 * Subtitles uploaded in the console for the video a new source replaces (a better master of the
 * same film, an edit) are copied to the new video, so replacing the file does not lose them.
 */
async function carryUploadedSubtitles(input: { db: Executor; store: MediaStore; slot: VideoSlot; target: { area: MediaStorage; storagePrefix: string } }): Promise<UploadedSubtitle[]> {
  const previousId = await repo.slotAssetId(input.db, input.slot);
  const previous = previousId ? await repo.findAsset(input.db, previousId) : undefined;
  if (!previous || previous.uploadedSubtitles.length === 0) return [];
  const from = previous.access === 'public' ? input.store.public : input.store.private;
  const carried: UploadedSubtitle[] = [];
  for (const track of previous.uploadedSubtitles) {
    const bytes = await from.read(`${previous.storagePrefix}/${track.key}`);
    if (!bytes) continue;
    await input.target.area.put(`${input.target.storagePrefix}/${track.key}`, bytes);
    carried.push(track);
  }
  return carried;
}

async function link(tx: Executor, input: { slot: VideoSlot; assetId: string }): Promise<string> {
  const { slot, assetId } = input;
  if (slot.kind === 'episode') {
    const episode = await repo.linkEpisodeById(tx, { episodeId: slot.episodeId, assetId });
    if (!episode) throw new NotFoundError('Episode');
    return `the video of episode ${episode.number}`;
  }
  const title = await repo.findTitleKind(tx, slot.titleId);
  if (!title) throw new NotFoundError('Title');
  if (slot.role === 'video' && title.kind !== 'movie') throw new ConflictError("A series' video belongs to its episodes: attach it to an episode");
  await repo.linkTitleById(tx, { titleId: slot.titleId, role: slot.role, assetId });
  return `the ${slot.role === 'trailer' ? 'trailer' : 'video'} of “${title.name}”`;
}

/** The asset's state and its newest transcode job, with the stage its progress stands for. */
export async function transcodeOf(db: Executor, assetId: string): Promise<VideoTranscode> {
  const asset = await repo.findAsset(db, assetId);
  if (!asset) throw new NotFoundError('Video');
  const job = await repo.latestJobOf(db, transcodeKey(assetId));
  return {
    assetId,
    state: asset.status,
    job: job
      ? {
          id: job.id,
          status: job.status,
          progress: job.progress,
          // The asset is ready a moment before its worker records the job's success.
          stage: asset.status === 'ready' ? 'Ready to play' : stageOf({ status: job.status, progress: job.progress, rungs: rungsOf(job.payload) }),
          attempts: job.attempts,
          maxAttempts: job.maxAttempts,
          error: job.lastError ?? asset.error,
        }
      : null,
  };
}

/** Queues a failed transcode again as a new job (its attempts start afresh); refused unless it failed. */
export async function retryTranscode(db: Executor, input: { assetId: string; actor: Actor }): Promise<VideoTranscode> {
  await db.transaction(async (tx) => {
    const asset = await repo.findAsset(tx, input.assetId);
    if (!asset) throw new NotFoundError('Video');
    const job = await repo.latestJobOf(tx, transcodeKey(input.assetId));
    const ended = job?.status === 'failed' || job?.status === 'cancelled';
    if (asset.status !== 'failed' && !ended) throw new ConflictError('Only a failed or cancelled transcode can be retried');
    if (job && (job.status === 'queued' || job.status === 'running')) throw new ConflictError('This transcode is already queued');
    await repo.updateAsset(tx, asset.id, { status: 'pending', error: null });
    await enqueue(tx, { type: TRANSCODE_JOB, payload: { ...(job?.payload ?? {}), assetId: asset.id }, dedupeKey: transcodeKey(asset.id) });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'video.retry',
      entityType: 'video',
      entityId: asset.id,
      summary: `Queued a ${job?.status === 'cancelled' ? 'cancelled' : 'failed'} transcode again`,
      before: { state: asset.status, error: job?.lastError ?? asset.error },
    });
  });
  return transcodeOf(db, input.assetId);
}

/**
 * What a cancelled transcode leaves: the asset is marked failed with the reason, so the Videos
 * page offers Retry transcode and the stranded-asset sweep leaves it alone. A video already ready
 * (an earlier transcode) stays ready. Call it in the transaction that cancels the job.
 */
export async function transcodeCancelled(tx: Executor, input: { payload: Record<string, unknown>; by: string }): Promise<void> {
  const asset = await repo.findAsset(tx, String(input.payload.assetId ?? ''));
  if (!asset || asset.status === 'ready') return;
  await repo.updateAsset(tx, asset.id, { status: 'failed', error: `Transcode cancelled by ${input.by}` });
}

/** A failed transcode queued again from the jobs page: its asset waits for it as after an upload. */
export async function transcodeRequeued(tx: Executor, input: { payload: Record<string, unknown> }): Promise<void> {
  const asset = await repo.findAsset(tx, String(input.payload.assetId ?? ''));
  if (asset && asset.status === 'failed') await repo.updateAsset(tx, asset.id, { status: 'pending', error: null });
}

/** Which title or episode a transcode's video belongs to, for the jobs page. */
export async function transcodeSubjects(db: Executor, assetIds: string[]): Promise<Map<string, repo.AssetSubject>> {
  return repo.assetSubjects(db, assetIds);
}

function rungsOf(payload: unknown): string[] {
  const rungs = (payload as { rungs?: unknown } | null)?.rungs;
  return Array.isArray(rungs) ? rungs.filter((r): r is string => typeof r === 'string') : [];
}

/**
 * One ffmpeg process encodes every rung of the ladder at once, up to 94 %; the poster, the
 * intro/credits markers and the seek thumbnails follow (see packageVideo's progress).
 */
export function stageOf(job: { status: string; progress: number; rungs: string[] }): string {
  if (job.status === 'queued') return 'Waiting for a worker';
  if (job.status === 'succeeded') return 'Ready to play';
  if (job.status === 'failed') return 'Failed';
  if (job.status === 'cancelled') return 'Cancelled';
  if (job.progress < 94) return job.rungs.length ? `Encoding ${listOf(job.rungs)}` : 'Encoding';
  if (job.progress < 96) return 'Making the poster';
  if (job.progress < 98) return 'Finding the intro and credits';
  return 'Making the seek thumbnails and uploading';
}

function listOf(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
