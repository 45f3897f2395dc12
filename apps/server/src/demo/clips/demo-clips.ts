import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { MediaTools } from '../../transcoding/ffmpeg-binaries';
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
  signal?: AbortSignal;
}

const FPS = 30;
const TONE_HZ: Record<DemoClipVariant, number> = { 'test-pattern': 440, 'color-bars': 1000, 'title-card': 220 };
/** Fontconfig picks the first installed; sharp (librsvg) and Debian both ship DejaVu. */
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/**
 * Makes a short H.264/AAC source clip from ffmpeg's lavfi generators, for the demo catalogue and
 * the tests. Titles are drawn by sharp from SVG, not with ffmpeg's drawtext: the npm build has
 * drawtext, but it needs the host's fontconfig set up just so, and an SVG needs no filter escaping.
 */
export async function generateDemoClip(tools: MediaTools, options: DemoClipOptions): Promise<void> {
  const { output, variant, durationSeconds, title, width = 1280, height = 720, audio = true, signal } = options;
  const workDir = await mkdtemp(join(tmpdir(), 'marquee-demo-'));
  try {
    const overlay = join(workDir, 'title.png');
    const background = join(workDir, 'background.png');
    const card = variant === 'title-card';
    await writeFile(overlay, await titlePng({ title, width, height, large: card }));
    if (card) await writeFile(background, await gradientPng({ width: width * 2, height }));

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

    const args = [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
      ...videoInput,
      ...['-loop', '1', '-framerate', String(FPS), '-t', d, '-i', overlay],
      ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=${TONE_HZ[variant]}:sample_rate=48000:duration=${d}`] : []),
      ...['-filter_complex', `${scene},format=yuv420p[v]`, '-map', '[v]'],
      ...(audio ? ['-map', '2:a', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-r', String(FPS)],
      ...['-t', d, '-movflags', '+faststart', output],
    ];
    await runTool({ command: tools.ffmpeg, args, signal });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

const DEMO_LINES = [
  'Welcome to Marquee.',
  'This is a demo clip, made from test patterns.',
  'The tone you hear is a steady sine wave.',
  'Subtitles like these come from a WebVTT track.',
  'Thanks for watching.',
];

/** A small English subtitle track: a line every 5 s (shown for 4 s), cycling through DEMO_LINES. */
export function demoSubtitlesVtt(durationSeconds: number): string {
  const cues = [];
  for (let start = 0.5, i = 0; start < durationSeconds; start += 5, i++) {
    cues.push({ start, end: Math.min(start + 4, durationSeconds), text: DEMO_LINES[i % DEMO_LINES.length]! });
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
