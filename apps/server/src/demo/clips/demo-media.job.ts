import { join } from 'node:path';
import { demoSubtitlesVtt, generateDemoClipCached, type DemoClipVariant } from './demo-clips';
import { enqueue, type Job } from '../../jobs/queue';
import type { JobContext } from '../../jobs/worker';
import type { Executor } from '../../db/client';
import { queueTranscode, storeSource, type MediaDeps } from '../../modules/ingest/ingest.service';
import * as repo from './demo-media.repository';

export const DEMO_MEDIA_JOB = 'media.demo';
/** The free demo title whose video has English and Spanish audio and subtitles. */
export const MULTILINGUAL_DEMO_SLUG = 'wild-currents';

export interface DemoClip {
  variant: DemoClipVariant;
  title: string;
  seconds: number;
  role: 'trailer' | 'video';
  /** 1280×720 unless given. */
  size?: { width: number; height: number };
  /** Audio and subtitle languages (ISO 639-2); a full video has one tone and English subtitles unless given. */
  languages?: string[];
  /** Black, silent breaks, where packaging finds the end of the intro and the start of the credits. */
  breaks?: { start: number; end: number }[];
  /** The one movie this clip is for; without it, clips are shared among the titles without media. */
  slug?: string;
}

/** An 8 s "intro" and credits from 34 s of a 40 s feature: Skip Intro and the next-episode offer have their moments. */
const FEATURE_BREAKS = [
  { start: 8, end: 9 },
  { start: 33, end: 34 },
];

/**
 * Two trailers and two full-length stand-ins shared by the whole demo catalogue: four short
 * transcodes (about a minute of CPU on two cores) make every title playable, where one clip per
 * title would keep a fresh machine busy for an hour. Trailers come first, so pages fill soonest.
 * One free documentary has its own small clip in two languages, with subtitles in both.
 */
const DEMO_CLIPS: DemoClip[] = [
  { variant: 'title-card', title: 'Coming Soon', seconds: 16, role: 'trailer' },
  { variant: 'color-bars', title: 'Official Trailer', seconds: 16, role: 'trailer' },
  { variant: 'test-pattern', title: 'Feature Presentation', seconds: 40, role: 'video', breaks: FEATURE_BREAKS },
  { variant: 'title-card', title: 'Now Playing', seconds: 40, role: 'video', breaks: FEATURE_BREAKS },
  {
    variant: 'color-bars',
    title: 'Wild Currents',
    seconds: 40,
    role: 'video',
    size: { width: 854, height: 480 },
    languages: ['eng', 'spa'],
    breaks: FEATURE_BREAKS,
    slug: MULTILINGUAL_DEMO_SLUG,
  },
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
  return async (_job: Job, ctx: Pick<JobContext, 'reportProgress' | 'signal' | 'log' | 'scratchDir'>): Promise<void> => {
    if (await repo.hasLinkedMedia(deps.db)) return;
    const tools = await deps.tools();
    const workDir = await ctx.scratchDir();
    const assets: Record<DemoClip['role'], string[]> = { trailer: [], video: [] };
    const own: string[] = [];
    for (const [index, clip] of clips.entries()) {
      if (clip.slug && !(await repo.hasMovie(deps.db, clip.slug))) continue;
      const file = join(workDir, `clip-${index}.mp4`);
      const isVideo = clip.role === 'video';
      const languages = clip.languages ?? (isVideo ? ['eng'] : []);
      await generateDemoClipCached(tools, {
        cacheDir: deps.cacheDir,
        output: file,
        variant: clip.variant,
        durationSeconds: clip.seconds,
        title: clip.title,
        ...clip.size,
        ...(clip.languages ? { audioLanguages: clip.languages } : {}),
        subtitles: languages.map((language) => ({ language, vtt: demoSubtitlesVtt(clip.seconds, language) })),
        breaks: clip.breaks,
        signal: ctx.signal,
      });
      const assetId = await storeSource(deps, { file, access: isVideo ? 'private' : 'public' });
      if (clip.slug) {
        await repo.linkMovieVideo(deps.db, { slug: clip.slug, assetId });
        own.push(assetId);
      } else {
        assets[clip.role].push(assetId);
      }
      await ctx.reportProgress(Math.round(((index + 1) / clips.length) * 90));
    }
    await repo.linkDemoMedia(deps.db, { trailers: assets.trailer, videos: assets.video });
    const queued = [...assets.trailer, ...assets.video, ...own];
    for (const assetId of queued) await queueTranscode(deps.db, assetId);
    ctx.log.info({ assets: queued.length }, 'demo media queued for transcoding');
  };
}
