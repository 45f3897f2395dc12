import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { MediaToolError, runTool } from './run-tool';

export type ToolSource = 'config' | 'path' | 'npm';

/** One of the two tools as found: where, from which setting, and which build. */
export interface FoundTool {
  path: string;
  source: ToolSource;
  /** First line of `-version`, e.g. "ffmpeg version 5.1.9-0+deb12u1 Copyright (c) …". */
  versionLine: string;
  /** libavcodec's major.minor, which says the release even of a git snapshot ("N-47683-…" is 58.35, FFmpeg 4.1). */
  libavcodec: [number, number] | undefined;
}

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  source: { ffmpeg: ToolSource; ffprobe: ToolSource };
  /** First line of `ffmpeg -version`, e.g. "ffmpeg version 5.1.9-0+deb12u1 ...". */
  version: string;
  /** First line of `ffprobe -version`. */
  ffprobeVersion: string;
  libavcodec: { ffmpeg: [number, number] | undefined; ffprobe: [number, number] | undefined };
  /** Whether this ffmpeg has every encoder, muxer and filter the pipeline uses; `missing` lists the rest. */
  supported: boolean;
  missing: string[];
}

export interface ResolveMediaToolsOptions {
  /** FFMPEG_PATH / FFPROBE_PATH from config: used as given, and an error if they do not run. */
  ffmpegPath?: string;
  ffprobePath?: string;
  /** The PATH the tools are looked up in, so the path found can be named; unset: spawned by name. */
  searchPath?: string;
}

export class MediaToolsUnavailableError extends Error {}

/** What transcode-hls, poster, thumbnails and demo-clips ask of ffmpeg. */
export const REQUIRED = {
  encoders: ['libx264', 'aac'],
  muxers: ['hls', 'mp4', 'rawvideo', 'image2pipe'],
  filters: ['split', 'scale', 'setsar', 'format', 'fps', 'thumbnail', 'overlay', 'anullsrc', 'testsrc2', 'smptehdbars', 'life', 'sine'],
} as const;

/**
 * Finds ffmpeg and ffprobe: configured paths first, then the ones on PATH (a distribution build,
 * e.g. Debian's 5.1, maintained by its security team), then the binaries npm ships with
 * @ffmpeg-installer (FFmpeg 4.1, 2018) and @ffprobe-installer: a development fallback for the demo
 * clips, refused in production (config-media.ts). Each tool is resolved on its own.
 * Spawns a handful of short processes: resolve once at start-up and pass the result around.
 */
export async function resolveMediaTools(options: ResolveMediaToolsOptions = {}): Promise<MediaTools> {
  const [ffmpeg, ffprobe] = await Promise.all([
    resolveTool({ name: 'ffmpeg', configured: options.ffmpegPath, searchPath: options.searchPath }),
    resolveTool({ name: 'ffprobe', configured: options.ffprobePath, searchPath: options.searchPath }),
  ]);
  const missing = await findMissingFeatures(ffmpeg.path);
  return {
    ffmpeg: ffmpeg.path,
    ffprobe: ffprobe.path,
    source: { ffmpeg: ffmpeg.source, ffprobe: ffprobe.source },
    version: ffmpeg.versionLine,
    ffprobeVersion: ffprobe.versionLine,
    libavcodec: { ffmpeg: ffmpeg.libavcodec, ffprobe: ffprobe.libavcodec },
    supported: missing.length === 0,
    missing,
  };
}

/** The npm-shipped binaries, or undefined where the package is missing or unsupported here. */
export function shippedToolPaths(): { ffmpeg?: string; ffprobe?: string } {
  return { ffmpeg: npmBinaryPath('ffmpeg'), ffprobe: npmBinaryPath('ffprobe') };
}

/** "5.1.9-0+deb12u1" from a version line; a git snapshot's "N-47683-g0e8eb07980-static" as it is. */
export function releaseOf(versionLine: string): string {
  return versionLine.split(' ')[2] ?? versionLine;
}

type ToolName = 'ffmpeg' | 'ffprobe';

async function resolveTool(input: { name: ToolName; configured?: string; searchPath?: string }): Promise<FoundTool> {
  const { name, configured, searchPath } = input;
  if (configured) {
    const version = await readVersion(configured);
    if (!version) throw new MediaToolsUnavailableError(`${name} at ${configured} (from configuration) does not run`);
    return { path: configured, source: 'config', ...version };
  }
  const onPath = searchPath === undefined ? name : findOnPath(name, searchPath);
  const pathVersion = onPath ? await readVersion(onPath) : undefined;
  if (onPath && pathVersion) return { path: onPath, source: 'path', ...pathVersion };
  const shipped = npmBinaryPath(name);
  const shippedVersion = shipped ? await readVersion(shipped) : undefined;
  if (shipped && shippedVersion) return { path: shipped, source: 'npm', ...shippedVersion };
  throw new MediaToolsUnavailableError(`No working ${name}: install ffmpeg 5.1 or newer (Debian: apt-get install ffmpeg) or set ${name.toUpperCase()}_PATH`);
}

function findOnPath(name: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

async function readVersion(command: string): Promise<Pick<FoundTool, 'versionLine' | 'libavcodec'> | undefined> {
  try {
    const { stdout } = await runTool({ command, args: ['-hide_banner', '-version'] });
    const text = stdout.toString('utf8');
    const codec = /^libavcodec\s+(\d+)\.\s*(\d+)\./m.exec(text);
    return { versionLine: text.split('\n')[0]?.trim() ?? '', libavcodec: codec ? [Number(codec[1]), Number(codec[2])] : undefined };
  } catch (error) {
    if (error instanceof MediaToolError) return undefined;
    throw error;
  }
}

function npmBinaryPath(name: ToolName): string | undefined {
  // The installer packages are CommonJS and throw (a string, for ffmpeg) on unsupported platforms.
  try {
    const require = createRequire(import.meta.url);
    const installer = require(`@${name}-installer/${name}`) as { path?: unknown };
    return typeof installer.path === 'string' ? installer.path : undefined;
  } catch {
    return undefined;
  }
}

async function findMissingFeatures(ffmpeg: string): Promise<string[]> {
  const kinds = Object.keys(REQUIRED) as (keyof typeof REQUIRED)[];
  const listed = await Promise.all(
    kinds.map(async (kind) => {
      const { stdout } = await runTool({ command: ffmpeg, args: ['-hide_banner', `-${kind}`] });
      // Each list line is "<flags> <name> <description>"; names may be comma-separated ("mov,mp4").
      const names = new Set(
        stdout
          .toString('utf8')
          .split('\n')
          .flatMap((line) => (line.trim().split(/\s+/)[1] ?? '').split(',')),
      );
      return REQUIRED[kind].filter((name) => !names.has(name)).map((name) => `${kind.slice(0, -1)} ${name}`);
    }),
  );
  return listed.flat();
}

/** Finds ffmpeg on first use, not at start-up; a failed lookup is retried by the next caller. */
export function mediaToolsOnce(options: ResolveMediaToolsOptions): () => Promise<MediaTools> {
  let tools: Promise<MediaTools> | undefined;
  return () => {
    tools ??= resolveMediaTools(options).catch((error: unknown) => {
      tools = undefined;
      throw error;
    });
    return tools;
  };
}
