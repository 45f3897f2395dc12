import { randomUUID } from 'node:crypto';
import { extname, join } from 'node:path';
import type { Executor } from '../../db/client';
import type { SubtitleTrack, UploadedSubtitle } from '../../db/schema';
import type { MediaTools } from '../../transcoding/ffmpeg-binaries';
import { packageVideoCached } from '../../transcoding/package-hls';
import type { MediaStorage, MediaStore } from '../../storage/storage';
import { publishSubtitles } from '../../transcoding/master-subtitles';
import { enqueue, type Job } from '../../jobs/queue';
import { LeaseLostError } from '../../jobs/job-lease';
import type { JobContext } from '../../jobs/worker';
import { BadRequestError, NotFoundError } from '../../lib/domain-errors';
import * as repo from './ingest.repository';

export const TRANSCODE_JOB = 'media.transcode';

export interface MediaDeps {
  db: Executor;
  store: MediaStore;
  tools: () => Promise<MediaTools>;
  /** MEDIA_CACHE_DIR: finished clips and packages kept for reuse (transcoding/media-cache.ts). */
  cacheDir?: string | undefined;
}

export type IngestTarget =
  | { movie: string; role: 'trailer' | 'video' }
  | { series: string; role: 'trailer' }
  | { series: string; episode: number };

/**
 * Takes a source video in: keeps it in private storage, records a pending asset, links it to its
 * title or episode and queues the transcode. Trailers are public; full videos private.
 */
export async function ingestVideo(deps: MediaDeps, input: { file: string; target: IngestTarget }): Promise<{ assetId: string; jobId: string }> {
  const access = 'role' in input.target && input.target.role === 'trailer' ? 'public' : 'private';
  const assetId = await storeSource(deps, { file: input.file, access });
  if (!(await link(deps.db, { assetId, target: input.target }))) {
    await discardAsset(deps, assetId);
    throw new NotFoundError('movie' in input.target ? 'Movie' : 'episode' in input.target ? 'Episode' : 'Series');
  }
  return { assetId, jobId: await queueTranscode(deps.db, assetId) };
}

/** A source kept and recorded as a pending asset, linked to nothing yet (see ingestVideo). */
export async function storeSource(deps: MediaDeps, input: { file: string; access: 'public' | 'private' }): Promise<string> {
  const id = randomUUID();
  const sourceKey = `sources/${id}${extname(input.file).toLowerCase() || '.mp4'}`;
  await deps.store.private.putFile(sourceKey, input.file);
  await repo.insertAsset(deps.db, { id, access: input.access, sourceKey, storagePrefix: `videos/${id}` });
  return id;
}

export function queueTranscode(db: Executor, assetId: string): Promise<string> {
  return enqueue(db, { type: TRANSCODE_JOB, payload: { assetId }, dedupeKey: transcodeKey(assetId) });
}

/** One transcode job per asset at a time. */
export const transcodeKey = (assetId: string) => `transcode:${assetId}`;

async function discardAsset(deps: MediaDeps, assetId: string): Promise<void> {
  const asset = await repo.findAsset(deps.db, assetId);
  if (asset) await deps.store.private.remove(asset.sourceKey);
  await repo.deleteAsset(deps.db, assetId);
}

/**
 * The transcode job: package the source into HLS in the job's scratch folder, upload segments before
 * playlists (a player never finds a playlist naming a missing segment), then mark the asset ready.
 * Running it again after a crash redoes the work and overwrites the same keys.
 */
export function transcodeHandler(deps: MediaDeps) {
  return async (job: Job, ctx: JobContext): Promise<void> => {
    const assetId = String(job.payload.assetId ?? '');
    const asset = await repo.findAsset(deps.db, assetId);
    if (!asset) throw new BadRequestError(`No media asset ${assetId}`);
    if (asset.status === 'ready') return;
    await repo.updateAsset(deps.db, asset.id, { status: 'processing', error: null });
    // The worker removes it when this ends, and a worker of this machine if the process is killed first.
    const workDir = await ctx.scratchDir();
    try {
      const result = await packageVideoCached(await deps.tools(), {
        cacheDir: deps.cacheDir,
        input: await deps.store.private.localFile(asset.sourceKey, { scratchDir: workDir }),
        outputDir: workDir,
        signal: ctx.signal,
        onProgress: (percent) => void ctx.reportProgress(Math.min(99, Math.round(percent))),
      });
      const area = asset.access === 'public' ? deps.store.public : deps.store.private;
      for (const file of result.files) await area.putFile(`${asset.storagePrefix}/${file}`, join(workDir, file));
      const packaged = { durationSeconds: Math.round(result.durationSeconds), subtitles: result.subtitles.map((s) => ({ lang: s.language, label: s.name, key: s.vttFile })) };
      const offered = await offerUploadedSubtitles({ db: deps.db, area, asset, packaged });
      // Ready and succeeded together, or not at all: a transcode cancelled meanwhile leaves no video behind.
      await ctx.finish((tx) => repo.updateAsset(tx, asset.id, {
        status: 'ready',
        durationSeconds: packaged.durationSeconds,
        width: result.width,
        height: result.height,
        hasAudio: result.hasAudio,
        renditions: result.renditions,
        audioLanguages: result.audio.map((a) => a.language),
        subtitles: packaged.subtitles,
        suggestedMarkers: result.markers,
        posterKey: result.posterFile,
        thumbnailsKey: result.thumbnailsFile,
      }));
      // An upload saved while this finished found the asset not ready yet and left the offer to us.
      await offerUploadedSubtitles({ db: deps.db, area, asset, packaged, unless: offered }).catch((error: unknown) =>
        ctx.log.warn({ err: error }, 'uploaded subtitles not offered in the new master playlist'),
      );
    } catch (error) {
      // A cancelled job (or a worker stopping) is not a failed transcode.
      if (job.attempts >= job.maxAttempts && !ctx.signal.aborted && !(error instanceof LeaseLostError)) {
        await repo.updateAsset(deps.db, asset.id, { status: 'failed', error: String((error as Error).message ?? error).slice(0, 2000) });
      }
      throw error;
    }
  };
}

/**
 * The new master playlist names only the source's tracks: the console's uploads are offered again
 * (before the asset is ready, so viewers never get it without them). Returns the tracks offered;
 * with `unless`, does nothing when the uploads are still those.
 */
async function offerUploadedSubtitles(input: {
  db: Executor;
  area: MediaStorage;
  asset: { id: string; storagePrefix: string };
  packaged: { durationSeconds: number; subtitles: SubtitleTrack[] };
  unless?: UploadedSubtitle[];
}): Promise<UploadedSubtitle[]> {
  const uploaded = (await repo.findAsset(input.db, input.asset.id))?.uploadedSubtitles ?? [];
  const keys = (tracks: UploadedSubtitle[]) => tracks.map((t) => t.key).join('\n');
  if (input.unless ? keys(input.unless) === keys(uploaded) : uploaded.length === 0) return uploaded;
  await publishSubtitles(input.area, { storagePrefix: input.asset.storagePrefix, ...input.packaged, uploadedSubtitles: uploaded });
  return uploaded;
}

async function link(db: Executor, input: { assetId: string; target: IngestTarget }): Promise<boolean> {
  const { target, assetId } = input;
  if ('movie' in target) return repo.linkTitle(db, { slug: target.movie, kind: 'movie', role: target.role, assetId });
  if ('episode' in target) return repo.linkEpisode(db, { seriesSlug: target.series, number: target.episode, assetId });
  return repo.linkTitle(db, { slug: target.series, kind: 'series', role: 'trailer', assetId });
}
