import { createRequire } from 'node:module';
import { MediaToolError, runTool } from './run-tool';

export type ToolSource = 'config' | 'path' | 'npm';

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  source: { ffmpeg: ToolSource; ffprobe: ToolSource };
  /** First line of `ffmpeg -version`, e.g. "ffmpeg version 5.1.9-0+deb12u1 ...". */
  version: string;
  /** Whether this ffmpeg has every encoder, muxer and filter the pipeline uses; `missing` lists the rest. */
  supported: boolean;
  missing: string[];
}

export interface ResolveMediaToolsOptions {
  /** FFMPEG_PATH / FFPROBE_PATH from config: used as given, and an error if they do not run. */
  ffmpegPath?: string;
  ffprobePath?: string;
}

export class MediaToolsUnavailableError extends Error {}

/** What transcode-hls, poster, thumbnails and demo-clips ask of ffmpeg. */
const REQUIRED = {
  encoders: ['libx264', 'aac'],
  muxers: ['hls', 'mp4', 'rawvideo', 'image2pipe'],
  filters: ['split', 'scale', 'setsar', 'format', 'fps', 'thumbnail', 'overlay', 'anullsrc', 'testsrc2', 'smptehdbars', 'life', 'sine'],
} as const;

/**
 * Finds ffmpeg and ffprobe: configured paths first, then the ones on PATH (a distribution build,
 * e.g. Debian's 5.1, is newer and better maintained), then the binaries npm shipped with
 * @ffmpeg-installer (FFmpeg 4.1, 2018) and @ffprobe-installer. Each tool is resolved on its own.
 * Spawns a handful of short processes: resolve once at start-up and pass the result around.
 */
export async function resolveMediaTools(options: ResolveMediaToolsOptions = {}): Promise<MediaTools> {
  const [ffmpeg, ffprobe] = await Promise.all([
    resolveTool('ffmpeg', options.ffmpegPath),
    resolveTool('ffprobe', options.ffprobePath),
  ]);
  const missing = await findMissingFeatures(ffmpeg.path);
  return {
    ffmpeg: ffmpeg.path,
    ffprobe: ffprobe.path,
    source: { ffmpeg: ffmpeg.source, ffprobe: ffprobe.source },
    version: ffmpeg.version,
    supported: missing.length === 0,
    missing,
  };
}

/** The npm-shipped binaries, or undefined where the package is missing or unsupported here. */
export function shippedToolPaths(): { ffmpeg?: string; ffprobe?: string } {
  return { ffmpeg: npmBinaryPath('ffmpeg'), ffprobe: npmBinaryPath('ffprobe') };
}

type ToolName = 'ffmpeg' | 'ffprobe';

async function resolveTool(name: ToolName, configured?: string) {
  if (configured) {
    const version = await readVersion(configured);
    if (!version) throw new MediaToolsUnavailableError(`${name} at ${configured} (from configuration) does not run`);
    return { path: configured, source: 'config' as const, version };
  }
  const onPath = await readVersion(name);
  if (onPath) return { path: name, source: 'path' as const, version: onPath };
  const shipped = npmBinaryPath(name);
  const shippedVersion = shipped ? await readVersion(shipped) : undefined;
  if (shipped && shippedVersion) return { path: shipped, source: 'npm' as const, version: shippedVersion };
  throw new MediaToolsUnavailableError(
    `No working ${name}: set ${name.toUpperCase()}_PATH, install one on PATH, or install @${name}-installer/${name}`,
  );
}

async function readVersion(command: string): Promise<string | undefined> {
  try {
    const { stdout } = await runTool({ command, args: ['-hide_banner', '-version'] });
    return stdout.toString('utf8').split('\n')[0]?.trim();
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
