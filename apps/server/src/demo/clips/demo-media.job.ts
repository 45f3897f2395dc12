import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoSubtitlesVtt, generateDemoClip, type DemoClipVariant } from './demo-clips';
import { enqueue, type Job } from '../../jobs/queue';
import type { JobContext } from '../../jobs/worker';
import type { Executor } from '../../db/client';
import { addSubtitles, queueTranscode, storeSource, type MediaDeps } from '../../modules/ingest/ingest.service';
import * as repo from './demo-media.repository';

export const DEMO_MEDIA_JOB = 'media.demo';

export interface DemoClip {
  variant: DemoClipVariant;
  title: string;
  seconds: number;
  role: 'trailer' | 'video';
  /** 1280×720 unless given. */
  size?: { width: number; height: number };
}

/**
 * Two trailers and two full-length stand-ins shared by the whole demo catalogue: four short
 * transcodes (about a minute of CPU on two cores) make every title playable, where one clip per
 * title would keep a fresh machine busy for an hour. Trailers come first, so pages fill soonest.
 */
const DEMO_CLIPS: DemoClip[] = [
  { variant: 'title-card', title: 'Coming Soon', seconds: 16, role: 'trailer' },
  { variant: 'color-bars', title: 'Official Trailer', seconds: 16, role: 'trailer' },
  { variant: 'test-pattern', title: 'Feature Presentation', seconds: 40, role: 'video' },
  { variant: 'title-card', title: 'Now Playing', seconds: 40, role: 'video' },
];

/** Queues the demo media once; the job itself does nothing when the catalogue has media already. */
export function queueDemoMedia(db: Executor): Promise<string> {
  return enqueue(db, { type: DEMO_MEDIA_JOB, payload: {}, dedupeKey: DEMO_MEDIA_JOB, maxAttempts: 3 });
}

/**
 * Generates the demo clips with ffmpeg, stores them as sources, links them to every title and
 * episode that has no media, and queues their transcodes. Until a transcode finishes, its titles
 * show artwork (a pending asset is never offered), so the catalogue is browsable at once.
 */
export function demoMediaHandler(deps: MediaDeps, clips: DemoClip[] = DEMO_CLIPS) {
  return async (_job: Job, ctx: JobContext): Promise<void> => {
    if (await repo.hasLinkedMedia(deps.db)) return;
    const tools = await deps.tools();
    const workDir = await mkdtemp(join(tmpdir(), 'marquee-demo-media-'));
    try {
      const assets: Record<DemoClip['role'], string[]> = { trailer: [], video: [] };
      for (const [index, clip] of clips.entries()) {
        const file = join(workDir, `clip-${index}.mp4`);
        await generateDemoClip(tools, {
          output: file,
          variant: clip.variant,
          durationSeconds: clip.seconds,
          title: clip.title,
          ...clip.size,
          signal: ctx.signal,
        });
        const access = clip.role === 'trailer' ? 'public' : 'private';
        const assetId = await storeSource(deps, { file, access });
        if (clip.role === 'video') {
          await addSubtitles(deps, { assetId, lang: 'en', label: 'English', vtt: demoSubtitlesVtt(clip.seconds) });
        }
        assets[clip.role].push(assetId);
        await ctx.reportProgress(Math.round(((index + 1) / clips.length) * 90));
      }
      await repo.linkDemoMedia(deps.db, { trailers: assets.trailer, videos: assets.video });
      for (const assetId of [...assets.trailer, ...assets.video]) await queueTranscode(deps.db, assetId);
      ctx.log.info({ assets: assets.trailer.length + assets.video.length }, 'demo media queued for transcoding');
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };
}
