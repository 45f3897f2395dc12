import { join } from 'node:path';
import type { Rendition, SuggestedMarkers } from '../db/schema/media.table';
import type { MediaTools } from './ffmpeg-binaries';
import type { AudioRendition } from './hls-playlists';
import { detectMarkers } from './markers';
import { cachedWork, fileHash } from './media-cache';
import { extractPoster } from './poster';
import { probeMedia } from './probe';
import { makeSeekThumbnails } from './thumbnails';
import { transcodeHls } from './transcode-hls';

export interface PackageVideoOptions {
  input: string;
  /** Receives master.m3u8, one directory per rendition, poster.webp, sprite.jpg and thumbnails.vtt. */
  outputDir: string;
  /** Whole percent 0–100 over the whole job; reaches 100 when everything is on disk. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export interface PackagedVideo {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
  /** Lowest first, as in master.m3u8. */
  renditions: Rendition[];
  /** Alternate audio renditions, one per audio stream of a multi-language source (else empty). */
  audio: AudioRendition[];
  /** The source's text subtitles, as WebVTT files offered in master.m3u8. */
  subtitles: { language: string; name: string; vttFile: string }[];
  /** Where the intro seems to end and the credits to start (black and silent breaks). */
  markers: SuggestedMarkers;
  posterFile: string;
  /** The seek-thumbnail WebVTT; its cues point at the sprite next to it. */
  thumbnailsFile: string;
  /**
   * Every file written, relative to outputDir, in a safe upload order: segments, images and VTT
   * first, then variant playlists, then master.m3u8, so no playlist is ever visible before what it names.
   */
  files: string[];
}

/** Share of the progress bar the transcode takes; poster and thumbnails are the last few percent. */
const TRANSCODE_SHARE = 0.94;

/**
 * Turns one source file into everything a title needs on disk: the HLS ladder, a poster and seek
 * thumbnails. Throws NotAVideoError (from probe) for input that is not a video, MediaToolError when
 * ffmpeg fails, and the signal's reason when aborted. Partial output is left for the caller to delete.
 */
export async function packageVideo(tools: MediaTools, options: PackageVideoOptions): Promise<PackagedVideo> {
  const { input, outputDir, onProgress, signal } = options;
  const probe = await probeMedia(tools, input);
  const hls = await transcodeHls(tools, {
    input,
    outputDir,
    probe,
    signal,
    onProgress: (percent) => onProgress?.(Math.floor(percent * TRANSCODE_SHARE)),
  });
  const { durationSeconds } = hls;
  const posterFile = await extractPoster(tools, { input, outputDir, durationSeconds, signal });
  onProgress?.(96);
  const lowest = join(outputDir, hls.renditions[0]!.playlist);
  const defaultAudio = hls.audio.find((a) => a.isDefault);
  const markers = await lowestOrSource(signal, {
    lowest: () => detectMarkers(tools, { video: lowest, audio: defaultAudio && join(outputDir, defaultAudio.playlist), durationSeconds, signal }),
    source: () => detectMarkers(tools, { video: input, durationSeconds, signal }),
  });
  onProgress?.(98);
  const thumbnails = await lowestOrSource(signal, {
    lowest: () => makeSeekThumbnails(tools, { input: lowest, outputDir, durationSeconds, signal }),
    source: () => makeSeekThumbnails(tools, { input, outputDir, durationSeconds, signal }),
  });
  onProgress?.(100);

  return {
    durationSeconds,
    width: probe.width,
    height: probe.height,
    hasAudio: probe.hasAudio,
    renditions: hls.renditions,
    audio: hls.audio,
    subtitles: hls.subtitles,
    markers,
    posterFile,
    thumbnailsFile: thumbnails.vttFile,
    files: [...hls.segmentFiles, posterFile, thumbnails.spriteFile, thumbnails.vttFile, ...hls.playlistFiles],
  };
}

/**
 * packageVideo through MEDIA_CACHE_DIR (media-cache.ts): a source with the same bytes, packaged by
 * the same code and ffmpeg, is copied from the cache instead of transcoded again.
 */
export async function packageVideoCached(tools: MediaTools, options: PackageVideoOptions & { cacheDir: string | undefined }): Promise<PackagedVideo> {
  const { cacheDir, ...packaging } = options;
  if (!cacheDir) return packageVideo(tools, packaging);
  return cachedWork({
    cacheDir,
    key: ['package', await fileHash(packaging.input)],
    codeOf: import.meta.url,
    tools,
    outputDir: packaging.outputDir,
    work: async () => {
      const packaged = await packageVideo(tools, packaging);
      return { result: packaged, files: packaged.files };
    },
  });
}

/**
 * Thumbnails and marker detection decode the lowest rendition: a tenth of the source's pixels.
 * FFmpeg 8 checks HLS segment extensions against the detected format ("extension_picky"); should a
 * build refuse our .m4s segments (or the playlist fail to read at all), the source gives the same
 * answer at its own decoding cost.
 */
async function lowestOrSource<T>(signal: AbortSignal | undefined, read: { lowest: () => Promise<T>; source: () => Promise<T> }): Promise<T> {
  try {
    return await read.lowest();
  } catch (error) {
    if (signal?.aborted) throw error;
    return read.source();
  }
}
