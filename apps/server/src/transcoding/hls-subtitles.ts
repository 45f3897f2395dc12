import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { languageName } from '@marquee/contract';
import type { MediaTools } from './ffmpeg-binaries';
import { wholeFilePlaylist, type SubtitleRendition } from './hls-playlists';
import type { ProbedTrack } from './probe';
import { runTool } from './run-tool';

export const SUBTITLES_DIR = 'subtitles';

export interface PackagedSubtitles {
  renditions: SubtitleRendition[];
  /** The WebVTT files, relative to outputDir: upload these before the playlists. */
  vttFiles: string[];
  playlistFiles: string[];
}

/**
 * The source's text subtitle streams as WebVTT (one ffmpeg run, one output per stream), each with
 * a one-file media playlist so the master playlist can offer it as a SUBTITLES rendition:
 * `subtitles/en.vtt` + `subtitles/en.m3u8`.
 */
export async function packageSubtitles(
  tools: MediaTools,
  options: { input: string; outputDir: string; streams: ProbedTrack[]; durationSeconds: number; signal?: AbortSignal },
): Promise<PackagedSubtitles> {
  const { input, outputDir, streams, durationSeconds, signal } = options;
  if (streams.length === 0) return { renditions: [], vttFiles: [], playlistFiles: [] };
  await mkdir(join(outputDir, SUBTITLES_DIR), { recursive: true });
  const names = trackNames(streams);
  const vttFiles = names.map((name) => `${SUBTITLES_DIR}/${name}.vtt`);
  const outputs = vttFiles.flatMap((file, i) => ['-map', `0:s:${i}`, '-c:s', 'webvtt', '-f', 'webvtt', join(outputDir, file)]);
  await runTool({ command: tools.ffmpeg, args: ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input, ...outputs], signal });

  const playlistFiles = names.map((name) => `${SUBTITLES_DIR}/${name}.m3u8`);
  await Promise.all(
    playlistFiles.map((file, i) => writeFile(join(outputDir, file), wholeFilePlaylist({ uri: `${names[i]}.vtt`, durationSeconds }))),
  );
  return {
    renditions: streams.map((s, i) => ({ language: s.language, name: trackLabel(s, i), playlist: playlistFiles[i]! })),
    vttFiles,
    playlistFiles,
  };
}

/** File names by language, numbered when a language repeats: en, fr, en-2. */
export function trackNames(tracks: ProbedTrack[]): string[] {
  const seen = new Map<string, number>();
  return tracks.map(({ language }) => {
    const n = (seen.get(language) ?? 0) + 1;
    seen.set(language, n);
    return n === 1 ? language : `${language}-${n}`;
  });
}

/** What a menu shows: the stream's own title, else its language's name, e.g. "Français". */
export function trackLabel(track: ProbedTrack, position = 0): string {
  if (track.title) return track.title;
  return track.language === 'und' ? `Track ${position + 1}` : languageName(track.language);
}
