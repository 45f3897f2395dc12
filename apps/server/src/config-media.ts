// The ffmpeg and ffprobe a process runs with, found at start-up: named in the `site` log line, and
// in production held to a maintained build (decision 012). Like config-production.ts this reads
// the raw environment, so its refusals join the list that names missing settings.
import { MediaToolsUnavailableError, releaseOf, REQUIRED, resolveMediaTools, shippedToolPaths, type MediaTools } from './transcoding/ffmpeg-binaries';

/** FFmpeg 5.1 (Debian 12's, security-maintained) ships libavcodec 59.37. */
const OLDEST = { release: '5.1', libavcodec: [59, 37] as [number, number] };
const INSTALL = 'install ffmpeg 5.1 or newer (Debian: apt-get install ffmpeg) or point FFMPEG_PATH and FFPROBE_PATH at it';

export interface MediaToolsAtStart {
  /** undefined: none found (development runs on, without video). */
  tools: MediaTools | undefined;
  unavailable: string | undefined;
  /** Production's refusals, one line per variable. */
  problems: string[];
  /** Development on the npm-shipped fallback, or with no ffmpeg at all: said loudly at start-up. */
  warning: string | undefined;
}

export async function mediaToolsAtStart(env: NodeJS.ProcessEnv): Promise<MediaToolsAtStart> {
  const configured = (name: string) => (env[name] ?? '').trim() || undefined;
  let tools: MediaTools | undefined;
  let unavailable: string | undefined;
  try {
    tools = await resolveMediaTools({ ffmpegPath: configured('FFMPEG_PATH'), ffprobePath: configured('FFPROBE_PATH'), searchPath: env.PATH });
  } catch (error) {
    if (!(error instanceof MediaToolsUnavailableError)) throw error;
    unavailable = error.message;
  }
  const production = env.NODE_ENV === 'production';
  const reasons = tools ? toolReasons(tools) : { ffmpeg: [unavailable!], ffprobe: [] };
  const problems = production
    ? (['ffmpeg', 'ffprobe'] as const)
        .filter((name) => reasons[name].length > 0)
        .map((name) => `${name.toUpperCase()}_PATH: ${reasons[name].join('; ')}: production needs a maintained build; ${INSTALL}`)
    : [];
  const outdated = reasons.ffmpeg.length + reasons.ffprobe.length > 0;
  const warning =
    production || !outdated
      ? undefined
      : `ffmpeg: ${[...reasons.ffmpeg, ...reasons.ffprobe].join('; ')}. Development goes on (the demo clips are encoded with it), production refuses it: ${INSTALL}`;
  return { tools, unavailable, problems, warning };
}

/** For the `site` line: the tools' paths, versions, where they came from, and the ladder's encoders. */
export function mediaToolsSummary(media: MediaToolsAtStart) {
  const { tools } = media;
  if (!tools) return { ffmpeg: `none (${media.unavailable})`, ffprobe: 'none' };
  const encoders = REQUIRED.encoders.map((name) => (tools.missing.includes(`encoder ${name}`) ? `${name} (missing)` : name));
  return {
    ffmpeg: `${tools.ffmpeg} ${releaseOf(tools.version)} (${sourceName[tools.source.ffmpeg]})`,
    ffprobe: `${tools.ffprobe} ${releaseOf(tools.ffprobeVersion)} (${sourceName[tools.source.ffprobe]})`,
    encoders: encoders.join(', '),
  };
}

const sourceName = { config: 'configured', path: 'PATH', npm: 'npm-shipped development fallback' } as const;

/** Why each tool is not fit for production, one sentence per tool (none: it is). */
function toolReasons(tools: MediaTools): { ffmpeg: string[]; ffprobe: string[] } {
  const shipped = shippedToolPaths();
  const of = (name: 'ffmpeg' | 'ffprobe') => {
    const path = tools[name];
    const codec = tools.libavcodec[name];
    const faults: string[] = [];
    if (!codec || olderThan(codec, OLDEST.libavcodec)) faults.push(`older than ${OLDEST.release}`);
    // Named in FFMPEG_PATH or not, npm's binaries are the same unmaintained builds.
    if (tools.source[name] === 'npm' || path === shipped[name]) faults.push('the static build npm ships, which nobody maintains');
    if (name === 'ffmpeg' && tools.missing.length > 0) faults.push(`without ${tools.missing.join(', ')}`);
    if (faults.length === 0) return [];
    const version = releaseOf(name === 'ffmpeg' ? tools.version : tools.ffprobeVersion);
    return [`${path} (${version}, libavcodec ${codec?.join('.') ?? 'unknown'}) is ${faults.join(', and ')}`];
  };
  return { ffmpeg: of('ffmpeg'), ffprobe: of('ffprobe') };
}

function olderThan(a: [number, number], b: [number, number]): boolean {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}
