/** Short-side sizes of the standard rungs; a source is never scaled up to one. */
const STANDARD_RUNGS = [1080, 720, 540, 360] as const;
const MIN_RENDITIONS = 3;
/** A rung this close under the source's own size adds bytes to store but no choice to the player. */
const MIN_STEP = 0.85;
/** Above 60 fps (phone slow motion) we halve the rate: no browser shows more, and it halves the bits. */
const MAX_FPS = 60;
/** The bit-rate cap of a 720p30 rendition, from which the others scale (see `capKbps`). */
const CAP_720P_KBPS = 2800;
export const KEYFRAME_INTERVAL_SECONDS = 2;

export interface H264Level {
  /** As x264 takes it: "3.1". */
  name: string;
  /** level_idc as written in the SPS and the CODECS string: 31. */
  idc: number;
}

export interface RenditionPlan {
  /** Short side and "p": "720p" (a portrait 720×1280 source is "720p" too). Also its directory. */
  name: string;
  width: number;
  height: number;
  maxrateKbps: number;
  bufsizeKbps: number;
  level: H264Level;
}

export interface LadderPlan {
  fps: number;
  /** Keyframe distance in frames: KEYFRAME_INTERVAL_SECONDS at the output rate. */
  gopFrames: number;
  /** Highest first. */
  renditions: RenditionPlan[];
}

/**
 * The renditions for a source: its own size (capped at 1080p) on top, then each standard rung at
 * least 15% smaller, then, for small sources, steps of two thirds until there are three.
 * 720p gives 720/540/360, 1080p and above 1080/720/540/360, 480p 480/360/240, 240p 240/160/106.
 */
export function planLadder(source: { width: number; height: number; fps: number }): LadderPlan {
  const landscape = source.width >= source.height;
  const shortSide = Math.min(source.width, source.height);
  const aspect = Math.max(source.width, source.height) / shortSide;
  const fps = outputFps(source.fps);

  const top = even(Math.min(shortSide, STANDARD_RUNGS[0]));
  const sizes = [top, ...STANDARD_RUNGS.filter((rung) => rung <= top * MIN_STEP)];
  while (sizes.length < MIN_RENDITIONS) sizes.push(even((sizes.at(-1) ?? top) * (2 / 3)));

  const renditions = sizes.map((size) => {
    const long = even(size * aspect);
    const width = landscape ? long : size;
    const height = landscape ? size : long;
    const maxrateKbps = capKbps(width * height, fps);
    return {
      name: `${size}p`,
      width,
      height,
      maxrateKbps,
      bufsizeKbps: maxrateKbps * 2,
      level: h264Level({ width, height, fps, maxrateKbps, bufsizeKbps: maxrateKbps * 2 }),
    };
  });
  return { fps, gopFrames: Math.round(fps * KEYFRAME_INTERVAL_SECONDS), renditions };
}

/**
 * H.264 Annex A limits: max macroblocks/s, macroblocks/frame, bit rate and CPB size (kbit, Baseline/Main;
 * x264 allows 5/4 of them for High, as the spec does).
 */
const LEVELS: [name: string, idc: number, maxMbps: number, maxFs: number, maxBr: number, maxCpb: number][] = [
  ['1', 10, 1485, 99, 64, 175],
  ['1.1', 11, 3000, 396, 192, 500],
  ['1.2', 12, 6000, 396, 384, 1000],
  ['1.3', 13, 11880, 396, 768, 2000],
  ['2', 20, 11880, 396, 2000, 2000],
  ['2.1', 21, 19800, 792, 4000, 4000],
  ['2.2', 22, 20250, 1620, 4000, 4000],
  ['3', 30, 40500, 1620, 10000, 10000],
  ['3.1', 31, 108000, 3600, 14000, 14000],
  ['3.2', 32, 216000, 5120, 20000, 20000],
  ['4', 40, 245760, 8192, 20000, 25000],
  ['4.1', 41, 245760, 8192, 50000, 62500],
  ['4.2', 42, 522240, 8704, 50000, 62500],
  ['5', 50, 589824, 22080, 135000, 135000],
  ['5.1', 51, 983040, 36864, 240000, 240000],
  ['5.2', 52, 2073600, 36864, 240000, 240000],
];
const HIGH_PROFILE_FACTOR = 1.25;

/** The lowest High-profile level that admits this size, rate and VBV, so CODECS claims no more than needed. */
export function h264Level(stream: { width: number; height: number; fps: number; maxrateKbps: number; bufsizeKbps: number }): H264Level {
  const widthMbs = Math.ceil(stream.width / 16);
  const heightMbs = Math.ceil(stream.height / 16);
  const frameMbs = widthMbs * heightMbs;
  const fits = ([, , maxMbps, maxFs, maxBr, maxCpb]: (typeof LEVELS)[number]) =>
    frameMbs <= maxFs &&
    // Annex A also bounds each side, so a very thin frame cannot claim a low level.
    Math.max(widthMbs, heightMbs) <= Math.sqrt(maxFs * 8) &&
    frameMbs * stream.fps <= maxMbps &&
    stream.maxrateKbps <= maxBr * HIGH_PROFILE_FACTOR &&
    stream.bufsizeKbps <= maxCpb * HIGH_PROFILE_FACTOR;
  const level = LEVELS.find(fits) ?? LEVELS[LEVELS.length - 1]!;
  return { name: level[0], idc: level[1] };
}

/**
 * Bit-rate cap growing with pixels^0.75 (bigger frames compress better per pixel) and with the
 * square root of the frame rate above 30: 1080p 5150, 720p 2800, 540p 1800, 360p 1000, 240p 550 kbit/s.
 */
function capKbps(pixels: number, fps: number): number {
  const kbps = CAP_720P_KBPS * (pixels / (1280 * 720)) ** 0.75 * Math.sqrt(Math.max(fps, 30) / 30);
  return Math.max(100, Math.round(kbps / 50) * 50);
}

function outputFps(fps: number): number {
  let rate = fps > 0 ? fps : 30;
  while (rate > MAX_FPS) rate /= 2;
  return rate;
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}
