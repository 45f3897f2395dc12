import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import sharp from 'sharp';
import type { MediaTools } from '../../transcoding/ffmpeg-binaries';
import { cachedWork } from '../../transcoding/media-cache';
import { runTool } from '../../transcoding/run-tool';
import { webVtt } from '../../transcoding/webvtt';

export const DEMO_CLIP_VARIANTS = ['test-pattern', 'color-bars', 'title-card'] as const;
export type DemoClipVariant = (typeof DEMO_CLIP_VARIANTS)[number];

export interface DemoClipOptions {
  /** An .mp4 path. */
  output: string;
  variant: DemoClipVariant;
  durationSeconds: number;
  title: string;
  /** 1280×720 unless given (tests make smaller sources). */
  width?: number;
  height?: number;
  /** false makes a clip without an audio stream. */
  audio?: boolean;
  /**
   * One audio stream per language (ISO 639-2, as MP4 stores it: "eng", "spa"), each a different
   * speech-like pattern, instead of the variant's single tone.
   */
  audioLanguages?: string[];
  /** Text subtitle streams embedded in the MP4 (mov_text), as a subtitled source would carry them. */
  subtitles?: { language: string; vtt: string }[];
  /** Stretches of black picture and silence: the breaks after an intro and before the credits. */
  breaks?: { start: number; end: number }[];
  signal?: AbortSignal;
}

const FPS = 30;
/**
 * Speech-like voices for multi-language clips (no text-to-speech here): a gliding pitch shaped
 * into syllables, each language its own pitch, glide and syllable rate, so a switch is audible.
 */
const VOICES = [
  '0.4*sin(2*PI*(200+40*sin(2*PI*0.7*t))*t)*(0.55+0.45*sin(2*PI*4*t))',
  '0.35*sin(2*PI*(320+90*sin(2*PI*1.3*t))*t)*abs(sin(2*PI*2.5*t))',
];
const TONE_HZ: Record<DemoClipVariant, number> = { 'test-pattern': 440, 'color-bars': 1000, 'title-card': 220 };
/** Fontconfig picks the first installed; sharp (librsvg) and Debian both ship DejaVu. */
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/**
 * Makes a short H.264/AAC source clip from ffmpeg's lavfi generators, for the demo catalogue and
 * the tests. Titles are drawn by sharp from SVG, not with ffmpeg's drawtext: the npm build has
 * drawtext, but it needs the host's fontconfig set up just so, and an SVG needs no filter escaping.
 */
export async function generateDemoClip(tools: MediaTools, options: DemoClipOptions): Promise<void> {
  const { output, variant, durationSeconds, title, width = 1280, height = 720, audio = true, subtitles = [], breaks = [], signal } = options;
  // Beside the output, so a job's clip works inside the job's scratch folder (jobs/scratch.ts).
  const workDir = await mkdtemp(join(dirname(output), '.demo-clip-'));
  try {
    const overlay = join(workDir, 'title.png');
    const background = join(workDir, 'background.png');
    const card = variant === 'title-card';
    await writeFile(overlay, await titlePng({ title, width, height, large: card }));
    if (card) await writeFile(background, await gradientPng({ width: width * 2, height }));
    const subtitleFiles = subtitles.map((_, i) => join(workDir, `subtitles-${i}.vtt`));
    await Promise.all(subtitles.map((track, i) => writeFile(subtitleFiles[i]!, track.vtt)));

    const d = String(durationSeconds);
    const size = `${width}x${height}`;
    const videoInput = {
      'test-pattern': ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${FPS}:duration=${d}`],
      'color-bars': ['-f', 'lavfi', '-i', `smptehdbars=size=${size}:rate=${FPS}:duration=${d}`],
      'title-card': ['-loop', '1', '-framerate', String(FPS), '-t', d, '-i', background],
    }[variant];
    // Something always moves, so the encoder has real work and the ladder has real bit rates.
    const scene = {
      'test-pattern': '[0:v][1:v]overlay=x=(W-w)/2:y=H-h-H/12',
      'color-bars': '[0:v][1:v]overlay=x=mod(t*W/6\\,W+w)-w:y=(H-h)/2',
      // A slow pan across a gradient twice the frame's width, the card gently bobbing over it.
      'title-card': `[0:v]crop=${width}:${height}:(iw-ow)/2*(1+sin(t/3)):0,hue=h=t*12[bg];[bg][1:v]overlay=x=(W-w)/2:y=(H-h)/2+H/40*sin(t*1.3)`,
    }[variant];

    const voices = audio ? (options.audioLanguages ?? [undefined]) : [];
    const audioSources = voices.map((language, i) => (language === undefined ? `sine=frequency=${TONE_HZ[variant]}` : `aevalsrc='${VOICES[i % VOICES.length]}'`));
    // Black and silent during the breaks: blackdetect and silencedetect find them when packaging.
    const during = breaks.map((b) => `between(t,${b.start},${b.end})`).join('+');
    const blackout = during ? `,drawbox=x=0:y=0:w=iw:h=ih:color=black:t=fill:enable='${during}'` : '';
    const mute = during ? `volume=0:enable='${during}'` : 'anull';
    const audioGraph = voices.map((_, i) => `;[${2 + i}:a]${mute}[a${i}]`).join('');
    const firstSubtitle = 2 + voices.length;

    const args = [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
      ...videoInput,
      ...['-loop', '1', '-framerate', String(FPS), '-t', d, '-i', overlay],
      ...audioSources.flatMap((source) => ['-f', 'lavfi', '-i', `${source}:sample_rate=48000:duration=${d}`]),
      ...subtitleFiles.flatMap((file) => ['-i', file]),
      ...['-filter_complex', `${scene}${blackout},format=yuv420p[v]${audioGraph}`, '-map', '[v]'],
      ...voices.flatMap((_, i) => ['-map', `[a${i}]`]),
      ...(voices.length > 0 ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
      ...voices.flatMap((language, i) => (language ? [`-metadata:s:a:${i}`, `language=${language}`] : [])),
      ...subtitles.flatMap((track, i) => ['-map', `${firstSubtitle + i}:s`, `-metadata:s:s:${i}`, `language=${track.language}`]),
      ...(subtitles.length > 0 ? ['-c:s', 'mov_text'] : []),
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-r', String(FPS)],
      ...['-t', d, '-movflags', '+faststart', output],
    ];
    await runTool({ command: tools.ffmpeg, args, signal });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * generateDemoClip through MEDIA_CACHE_DIR (transcoding/media-cache.ts): a clip already made with
 * the same settings, code and ffmpeg is copied instead of encoded again.
 */
export function generateDemoClipCached(tools: MediaTools, options: DemoClipOptions & { cacheDir: string | undefined }): Promise<void> {
  const { cacheDir, signal, ...settings } = options;
  const name = basename(settings.output);
  return cachedWork({
    cacheDir,
    key: ['demo-clip', { ...settings, output: name }],
    codeOf: import.meta.url,
    tools,
    outputDir: dirname(settings.output),
    work: async () => {
      await generateDemoClip(tools, { ...settings, signal });
      return { result: undefined, files: [name] };
    },
  });
}

/** Subtitle lines by ISO 639-2 language, as the demo clips embed them. */
const DEMO_LINES: Record<string, string[]> = {
  eng: [
    'Welcome to Marquee.',
    'This is a demo clip, made from test patterns.',
    'The sound you hear was generated, not recorded.',
    'Subtitles like these travel inside the video.',
    'Thanks for watching.',
  ],
  spa: [
    'Bienvenidos a Marquee.',
    'Este es un clip de demostración.',
    'El sonido que oyes fue generado, no grabado.',
    'Los subtítulos como estos viajan dentro del vídeo.',
    'Gracias por mirar.',
  ],
};

/** A small subtitle track: a line every 5 s (shown for 4 s), cycling through the language's lines. */
export function demoSubtitlesVtt(durationSeconds: number, language = 'eng'): string {
  const lines = DEMO_LINES[language] ?? DEMO_LINES.eng!;
  const cues = [];
  for (let start = 0.5, i = 0; start < durationSeconds; start += 5, i++) {
    cues.push({ start, end: Math.min(start + 4, durationSeconds), text: lines[i % lines.length]! });
  }
  return webVtt(cues);
}

function titlePng(options: { title: string; width: number; height: number; large: boolean }): Promise<Buffer> {
  const { width, height, large } = options;
  const w = Math.round(width * (large ? 0.72 : 0.6));
  const h = Math.round(height * (large ? 0.34 : 0.14));
  // Shrink long titles to fit: a bold sans glyph is about 0.62 em wide on average.
  const fontSize = Math.round(Math.min(height * (large ? 0.085 : 0.055), (w * 0.9) / (0.62 * options.title.length)));
  const tagline = large
    ? `<text x="50%" y="78%" font-family="${FONT}" font-size="${Math.round(height * 0.034)}" fill="#c9d3ff" text-anchor="middle">MARQUEE DEMO</text>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <rect width="100%" height="100%" rx="${Math.round(h / 8)}" fill="#0b1020" fill-opacity="0.72"/>
  <text x="50%" y="${large ? '48%' : '50%'}" dominant-baseline="middle" text-anchor="middle"
    font-family="${FONT}" font-weight="bold" font-size="${fontSize}" fill="#ffffff">${escapeXml(options.title)}</text>
  ${tagline}
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function gradientPng(options: { width: number; height: number }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${options.width}" height="${options.height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.4">
    <stop offset="0" stop-color="#1b2a6b"/><stop offset="0.35" stop-color="#7a1f5c"/>
    <stop offset="0.7" stop-color="#d9822b"/><stop offset="1" stop-color="#123d4a"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
